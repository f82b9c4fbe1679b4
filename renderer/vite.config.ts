import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The console is served two ways: by the API server at the origin root (web), and by the
// desktop app from a custom protocol. `base: './'` keeps every asset URL relative so both work.
const here = (p: string) => decodeURIComponent(new URL(p, import.meta.url).pathname);

// Service prefixes of the API server (wire conventions); the dev server forwards them so
// `npm run dev` talks to a local `npm run server` on its default port.
const apiTarget = 'http://127.0.0.1:5080';
const proxied = ['/auth', '/core', '/push', '/api', '/his', '/files', '/health'];

/**
 * Preload the sign-in screen's chunks from index.html. They are a lazy route (the signed-in shell
 * must not wait for them, nor /login for the shell), but without a hint the browser only starts
 * fetching them once the entry has run, a second network round after the first.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'sitedesk:preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/pages/login/LoginPage.tsx'));
        const entry = chunks.find((c) => c.isEntry);
        if (!login || !entry) return [];
        const already = new Set([entry.fileName, ...entry.imports]);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (already.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(login.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: './',
  plugins: [
    react(),
    preloadSignIn(),
    // Brotli and gzip siblings of every text asset, written once at build: the server sends the one the
    // browser accepts (server/renderer.ts) instead of compressing the same files on every request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
    }),
  ],
  build: {
    outDir: here('../dist/renderer'),
    emptyOutDir: true,
    // Kept for the sign-in budget check (tests/bench/signin-page.ts reads which chunks /login needs).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // What every screen needs from the first one (HTTP client, schema checks of the desktop bridge and the upload
        // answers, translations): one chunk, so the sign-in screen does not pay a request and a compression window per
        // split the bundler would otherwise make as more screens share parts of it.
        advancedChunks: {
          groups: [{ name: 'core', test: /node_modules[\\/](axios|zod|i18next|react-i18next)[\\/]|shared[\\/]uploads\.ts|src[\\/]session[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
});
