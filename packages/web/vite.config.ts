import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inlineMdiIcons } from './build/inline-mdi-icons.ts';
import { pwaPlugins } from './pwa.config.ts';

// In development the API runs in the server process; Vite proxies to it.
const apiTarget = process.env.SORTIE_API_URL ?? 'http://localhost:3000';

// `vite build --ssr`: the server's renderer of the public pages (src/ssr/entry-server.tsx), one
// file with everything it imports bundled, which the server loads from dist-server/ without
// the web package's sources or dependencies (issue 20).
const serverBundle = defineConfig({
  plugins: [inlineMdiIcons(), react()],
  ssr: { noExternal: true, target: 'node' },
  // React's production build: the server renders many pages, and development checks cost.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-server',
    copyPublicDir: false,
    emptyOutDir: true,
    ssr: 'src/ssr/entry-server.tsx',
    target: 'node20',
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.mjs', codeSplitting: false } },
  },
});

export default defineConfig(({ isSsrBuild }) => isSsrBuild ? serverBundle : {
  plugins: [inlineMdiIcons(), react(), tailwindcss(), ...pwaPlugins()],
  resolve: {
    alias: { 'use-sync-external-store/shim/index.js': fileURLToPath(new URL('./build/use-sync-external-store.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle report reads the manifest to tell each route's chunks apart.
    manifest: true,
    // No list of each lazy chunk's imports to preload with it (3 KB of file names in the entry):
    // a page's code starts loading when a link to it is pointed at (app/prefetch-on-intent.ts).
    // Style sheets stay listed: a lazy chunk's CSS is only loaded through them.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry and most pages share, beyond the framework: the session, the query
            // cache and the hooks that read it, the container's context, the loading bar, the page
            // head, core's errors, constants and ids. One chunk rather than ten small ones (each
            // compresses apart). Not the use cases: their inversify decorators would make every
            // page that reads a query download inversify (19 KB gzip) with it.
            {
              name: 'shell',
              includeDependenciesRecursively: false,
              test: /packages\/(core\/src\/(queries\/query-client|state\/session\.store|ports\/(product-api|clock)\.port\.|domain\/(errors|constants|ids)\.)|web\/src\/(data\/use(Api)?Query\.|services\/container-context\.|ssr\/server-render-context\.|components\/(LoadingBar|usePageTitle)\.))/,
            },
            // React, its DOM renderer and scheduler, valtio and wouter: what every page runs on, in
            // one file rather than six (each small file compresses apart and costs its own request).
            {
              name: 'framework',
              test: /node_modules\/\.pnpm\/(react|react-dom|scheduler|valtio|proxy-compare|wouter|regexparam)@/,
            },
            // The container and what it binds (inversify, the use cases, the browser adapters
            // but the eager ones the entry holds: adapters/src/eager.ts and what it exports) load
            // together, once, when something first needs them: one chunk rather than forty. An
            // adapter added to eager.ts must be left out here too, or the entry would load the chunk.
            {
              name: 'services',
              includeDependenciesRecursively: false,
              test: /(packages\/(core\/src\/(use-cases\/(?!.*\.test\.)|container\.)|adapters\/src\/(?!eager\.|http\/(api-client|http-product-api\.adapter)\.|browser\/(system-clock|document-cookie)\.))|node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(inversify|@inversifyjs|reflect-metadata)\/)/,
            },
          ],
        },
      },
    },
  },
});
