import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where `npm run dev` sends API calls, WebSockets and the docs: a control plane started with `npm run start:dev`. */
const apiTarget = process.env.SIMDECK_API ?? 'http://localhost:8000';

export default defineConfig({
  root: here,
  base: '/',
  plugins: [react()],
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // Inline nothing as data: URLs: every asset is a hashed file the server caches for a year.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: true },
      '/docs': { target: apiTarget, changeOrigin: true },
      '/healthz': { target: apiTarget, changeOrigin: true },
    },
  },
});
