/**
 * The console is served from `app://sitedesk/` rather than file:// (Electron security checklist):
 * a standard, secure scheme gives the page a real origin that IPC and CSP can check, and the
 * handler only ever answers files inside dist/renderer.
 */
import { cspHeader } from '../../shared/csp';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { EnvironmentProfile } from '../../shared/ipc/contract';

export const APP_SCHEME = 'app';
export const APP_HOST = 'sitedesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** For protocol.registerSchemesAsPrivileged, before the app is ready. */
export const appSchemePrivileges = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: true },
};

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The file under `root` a request asks for, or null when the URL is not ours or tries to leave
 * `root` (`..`, encoded separators, NUL bytes, absolute paths).
 */
export function resolveAppPath(root: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  // Our assets never need encoded separators; refusing them closes the `..%2f` family at the door.
  if (/%2f|%5c/i.test(url.pathname)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  const relative = pathname.replace(/^\/+/, '') || 'index.html';
  const base = path.resolve(root);
  const resolved = path.resolve(base, relative);
  const inside = path.relative(base, resolved);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return null;
  return resolved;
}

/** The page's Content-Security-Policy (shared/csp.ts, the same the server sends browsers): data calls to the profile's services. */
export function contentSecurityPolicy(profile: EnvironmentProfile): string {
  return cspHeader([profile.auth, profile.core, profile.push, profile.api, profile.his].map((u) => new URL(u).origin));
}

export interface ProtocolHandlerOptions {
  /** dist/renderer */
  root: string;
  csp: () => string;
}

/** Handler for `protocol.handle('app', …)`. Single-page app: unknown routes without an extension get index.html. */
export function createAppProtocolHandler(options: ProtocolHandlerOptions) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    let file = resolveAppPath(options.root, request.url);
    if (!file) return new Response('Forbidden', { status: 403 });
    let body: Buffer;
    try {
      body = await fs.readFile(file);
    } catch {
      if (path.extname(file) !== '') return new Response('Not found', { status: 404 });
      file = path.join(path.resolve(options.root), 'index.html');
      try {
        body = await fs.readFile(file);
      } catch {
        return new Response('Not found', { status: 404 });
      }
    }
    const headers = new Headers({
      'Content-Type': contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Security-Policy': options.csp(),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}
