import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import pkg from './package.json' with { type: 'json' };
import { paginaDeIngreso } from './vite-login.ts';
import { precompress } from './vite-precompress.ts';

const API_TARGET = process.env.PREDIO_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), paginaDeIngreso(), precompress()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      // The API takes a WebSocket only from its own origin; the dev server is that origin for the browser.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true, rewriteWsOrigin: true },
    },
  },
  build: {
    // `npm test` builds into its own directory so a live `npm start` in this checkout keeps its files.
    outDir: process.env.PREDIO_DIST ?? 'dist',
    manifest: true,
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and its router change together and every page needs them: one chunk. What the entry imports
          // from node_modules goes in one more, fewer requests before the first paint. The rest, antd's components
          // among them, is left to the bundler, so a page loads the components it uses rather than all of them.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            { name: 'inicial', test: /node_modules[\\/]/, tags: ['$initial'], priority: 2 },
          ],
        },
      },
    },
  },
});
