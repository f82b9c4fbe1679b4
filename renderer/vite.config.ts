import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served two ways: by the API server at the origin root (web), and by the
// desktop app from a custom protocol. `base: './'` keeps every asset URL relative so both work.
const here = (p: string) => decodeURIComponent(new URL(p, import.meta.url).pathname);

// Service prefixes of the API server (wire conventions); the dev server forwards them so
// `npm run dev` talks to a local `npm run server` on its default port.
const apiTarget = 'http://127.0.0.1:5080';
const proxied = ['/auth', '/core', '/push', '/api', '/his', '/files', '/health'];

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [react()],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    // Kept for the sign-in budget check (tests/bench/signin-page.ts reads which chunks /login needs).
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
