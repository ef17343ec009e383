import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@mdi\/js['"];?/g;

/**
 * `import { mdiX } from '@mdi/js'` becomes `const mdiX = "<path>"` in the importing module.
 * @mdi/js is one module of 7,000 exports: the bundler keeps only the icons in use, but all of
 * them in the one chunk that holds that module, the entry's. Inlined, each icon travels with
 * the page that draws it (an SVG path is a short string; one used twice is written twice).
 */
export function inlineMdiIcons(): Plugin {
  let icons: Record<string, string> | undefined;
  const load = () => (icons ??= createRequire(import.meta.url)('@mdi/js') as Record<string, string>);
  return {
    name: 'sortie:inline-mdi-icons',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('@mdi/js')) return null;
      let changed = false;
      const out = code.replace(IMPORT, (_, names: string) => {
        changed = true;
        return names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/).map((part) => part.trim()) as [string, string?];
            const path = load()[imported];
            if (path === undefined) this.error(`@mdi/js has no icon ${imported} (${id})`);
            return `const ${local} = ${JSON.stringify(path)};`;
          })
          .join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
