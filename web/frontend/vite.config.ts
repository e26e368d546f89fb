// Builds the app home into web/frontend/dist. The server (web/server/routes/app-home.ts) writes
// the page itself, because the shopify-api-key meta tag and the App Bridge script must come first
// in <head>: it copies the script and stylesheet tags of the built dist/index.html after them and
// serves dist/assets. The manifest (dist/.vite/manifest.json) is for the size benchmark.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
  },
});
