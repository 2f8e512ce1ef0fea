import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: 'web',
  // web/public (favicon.ico) is copied into the build as is, served at the site root.
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./web', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: the server preloads the chunks of the page it sends (server/http/page-preload.ts).
    manifest: true,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/releases': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
});
