import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API runs in the server process; Vite proxies to it.
const apiTarget = process.env.SORTIE_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    target: 'es2022',
    sourcemap: false,
  },
});
