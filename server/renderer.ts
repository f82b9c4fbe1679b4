// Serves the built console (RENDERER_DIR, default dist/renderer) for everything outside the API:
// existing files as they are, and index.html for any other GET that accepts text/html (the
// console routes with browser history). The build writes brotli and gzip siblings of every text
// asset (renderer/vite.config.ts); the one the browser accepts is sent (`preCompressed`), so the
// console is never compressed per request. Files are looked up per request, so rebuilding while the
// server runs is enough; if the folder did not exist at start, `/` explains how to build it
// (restart after the first build).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export async function registerRenderer(app: FastifyInstance, rendererDir: string) {
  const root = path.resolve(rendererDir);
  const built = fs.existsSync(root);
  // serve: false: we only want reply.sendFile; the not-found handler decides what to send.
  if (built) await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

  /** Answers the request with a console file when there is one; false otherwise. */
  return async function serveConsole(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    } catch {
      return false;
    }
    // The page goes to whatever asks for HTML, and `/` (never an API path) to any client, e.g. `curl`.
    const wantsPage = String(request.headers.accept ?? '').includes('text/html') || pathname === '/';
    if (!built) {
      if (!wantsPage) return false;
      await reply.code(pathname === '/' ? 200 : 404).type('text/html; charset=utf-8').send(NOT_BUILT);
      return true;
    }
    const relative = path.posix.normalize(pathname).replace(/^\/+/, '');
    if (relative.split('/').includes('..') || relative.includes('\0')) return false;

    const file = path.join(root, relative);
    if (relative && isFile(file)) {
      // Vite names built assets by content hash: they never change.
      const immutable = relative.startsWith('assets/');
      // index.html by its own name is the page too: asked again every time, like `/`.
      if (relative === 'index.html') await reply.header('Cache-Control', 'no-cache').sendFile(relative, { cacheControl: false });
      else await reply.sendFile(relative, { maxAge: immutable ? 31_536_000_000 : 0, immutable });
      return true;
    }
    if (!wantsPage) return false;
    if (isFile(path.join(root, 'index.html'))) {
      await reply.header('Cache-Control', 'no-cache').sendFile('index.html', { cacheControl: false });
      return true;
    }
    await reply.code(pathname === '/' ? 200 : 404).type('text/html; charset=utf-8').send(NOT_BUILT);
    return true;
  };
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sitedesk</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>Sitedesk API server is running</h1>
<p>The console has not been built yet. Run <code>npm run build:renderer</code> and reload this page.</p>
</body></html>`;
