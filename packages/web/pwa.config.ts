// The installable app: the web app manifest, its PNG icons and the service worker
// (src/sw/firebase-messaging-sw.ts, built by vite-plugin-pwa with the list of files to precache).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ICON_FILES, ICON_TILE, WEB_MANIFEST } from './src/sw/web-manifest.ts';
import { precacheFiles, type PrecacheFile, type ViteManifestChunk } from './src/sw/precache-files.ts';
import { sortieIcons } from './scripts/icons.ts';

/**
 * The plugins that make the build installable: the icons, and vite-plugin-pwa, which writes
 * manifest.webmanifest (and links it from index.html) and builds the worker with its precache list.
 */
export function pwaPlugins(): PluginOption[] {
  let outDir = '';
  const keepShell = (entries: PrecacheFile[]) => {
    const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
    return { manifest: precacheFiles(entries, viteManifest), warnings: [] };
  };
  return [
    { name: 'sortie-pwa-out-dir', configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)) },
    sortieIcons({ icons: ICON_FILES, tile: ICON_TILE }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'firebase-messaging-sw.ts',
      // src/services/service-worker.ts registers it, in production builds only.
      injectRegister: false,
      manifest: { ...WEB_MANIFEST, icons: WEB_MANIFEST.icons.map((icon) => ({ ...icon })), categories: [...WEB_MANIFEST.categories] },
      injectManifest: {
        // A classic script: the push adapter registers the same URL without `type: 'module'`.
        rollupFormat: 'iife',
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        globIgnores: ['firebase-messaging-sw.js'],
        manifestTransforms: [keepShell],
      },
    }),
  ];
}
