import type { Plugin, UserConfig } from 'vite';

/**
 * Vite writes, beside each dynamic import, the files to preload with it: for every page, its
 * chunk and all it imports, including the React, valtio and session chunks the entry has
 * already loaded. Those names are dead weight in the entry (about 3 KB gzip for 50 pages):
 * this leaves out of each list what the entry loads statically.
 */
export function preloadWithoutEntry(): { plugin: Plugin; modulePreload: NonNullable<UserConfig['build']>['modulePreload'] } {
  const loadedByEntry = new Set<string>();
  return {
    plugin: {
      name: 'sortie:preload-without-entry',
      enforce: 'pre',
      generateBundle(_options, bundle) {
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (!chunk || chunk.type !== 'chunk' || loadedByEntry.has(file)) return;
          loadedByEntry.add(file);
          chunk.imports.forEach(visit);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      },
    },
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => !loadedByEntry.has(dep)) : deps),
    },
  };
}
