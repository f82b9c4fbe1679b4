import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createMainWindow,
  denyPermissions,
  lockDownContents,
  type BrowserWindowLike,
  type WebContentsLike,
} from '../../../main/window/window';
import {
  APP_START_URL,
  appSchemePrivileges,
  contentSecurityPolicy,
  createAppProtocolHandler,
  resolveAppPath,
} from '../../../main/window/protocol';
import { buildMenuTemplate, type MenuItem } from '../../../main/window/menu';
import { serviceCors } from '../../../main/window/cors';
import { testPreferences } from './fakes';

type Handler = (...args: unknown[]) => unknown;

/** BrowserWindow stand-in that records its options and the handlers installed on it. */
class FakeWebContents implements WebContentsLike {
  openHandler: ((details: { url: string }) => { action: string }) | null = null;
  handlers = new Map<string, Handler[]>();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }) {
    this.openHandler = handler;
  }
  on(event: string, listener: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
    return this;
  }
  /** Fire a navigation-like event; answers whether it was prevented. */
  navigate(event: string, url: string) {
    let prevented = false;
    for (const handler of this.handlers.get(event) ?? []) handler({ preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

class FakeBrowserWindow implements BrowserWindowLike {
  static last: FakeBrowserWindow;
  webContents = new FakeWebContents();
  events = new Map<string, Handler>();
  loaded: string | null = null;
  shown = false;
  maximized = false;
  constructor(readonly options: Record<string, unknown>) {
    FakeBrowserWindow.last = this;
  }
  once(event: string, listener: Handler) {
    this.events.set(event, listener);
  }
  on(event: string, listener: Handler) {
    this.events.set(event, listener);
  }
  show() {
    this.shown = true;
  }
  maximize() {
    this.maximized = true;
  }
  isMaximized() {
    return this.maximized;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 1300, height: 800 };
  }
  async loadURL(url: string) {
    this.loaded = url;
  }
}

function makeWindow(overrides: Partial<Parameters<typeof createMainWindow>[0]> = {}) {
  const shell = { openExternal: vi.fn(async () => undefined) };
  const onClose = vi.fn();
  createMainWindow({
    BrowserWindow: FakeBrowserWindow,
    shell,
    preloadPath: '/app/dist/preload/preload.cjs',
    startUrl: APP_START_URL,
    bounds: { width: 1440, height: 900, x: 5, y: 6, maximized: true },
    onClose,
    ...overrides,
  });
  return { window: FakeBrowserWindow.last, shell, onClose };
}

describe('createMainWindow', () => {
  it('creates an isolated, sandboxed window without Node and with web security on', () => {
    const { window } = makeWindow();
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({ preload: '/app/dist/preload/preload.cjs', contextIsolation: true, sandbox: true, webSecurity: true });
    // The checklist's switches that must be off (no Node in any frame or worker, no insecure content, no webview).
    const off = ['nodeIntegration', 'nodeIntegrationInWorker', 'nodeIntegrationInSubFrames', 'allowRunningInsecureContent', 'webviewTag', 'experimentalFeatures'];
    for (const key of off) expect(prefs[key], key).toBe(false);
    expect(window.options).toMatchObject({ x: 5, y: 6, width: 1440, height: 900, show: false });
  });

  it('loads the console from app://, shows it when ready, and saves the bounds on close', () => {
    const { window, onClose } = makeWindow();
    expect(window.loaded).toBe('app://sitedesk/index.html');
    expect(window.shown).toBe(false);
    window.events.get('ready-to-show')!();
    expect(window.shown).toBe(true);
    expect(window.maximized).toBe(true);
    window.events.get('close')!();
    expect(onClose).toHaveBeenCalledWith({ x: 10, y: 20, width: 1300, height: 800, maximized: true });
  });

  it('refuses new windows, sending web links to the browser and nothing else anywhere', () => {
    const { window, shell } = makeWindow();
    const open = window.webContents.openHandler!;
    expect(open({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(open({ url: 'http://127.0.0.1:5080/files/a.pdf' })).toEqual({ action: 'deny' });
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(open({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(open({ url: 'smb://server/share' })).toEqual({ action: 'deny' });
    expect(shell.openExternal.mock.calls).toEqual([['https://example.com/help'], ['http://127.0.0.1:5080/files/a.pdf']]);
  });

  it('blocks navigation away from the app origin; web links go to the browser', () => {
    const { window, shell } = makeWindow();
    const contents = window.webContents;
    expect(contents.navigate('will-navigate', 'app://sitedesk/index.html#/news')).toBe(false);
    expect(contents.navigate('will-navigate', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-navigate', 'file:///C:/Windows/')).toBe(true);
    expect(contents.navigate('will-navigate', 'app://other/index.html')).toBe(true);
    expect(contents.navigate('will-redirect', 'https://evil.example/')).toBe(true);
    expect(contents.navigate('will-attach-webview', 'about:blank')).toBe(true);
    expect(shell.openExternal.mock.calls).toEqual([['https://evil.example/'], ['https://evil.example/']]);
  });

  it('locks a webContents down once even when asked twice (factory and web-contents-created)', () => {
    const { window, shell } = makeWindow();
    lockDownContents(window.webContents, { shell });
    expect(window.webContents.navigate('will-navigate', 'https://example.com/')).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('allows the dev server origin only when configured', () => {
    const { window } = makeWindow({ appOrigins: ['app://sitedesk', 'http://localhost:5173'], startUrl: 'http://localhost:5173/' });
    expect(window.loaded).toBe('http://localhost:5173/');
    expect(window.webContents.navigate('will-navigate', 'http://localhost:5173/#/login')).toBe(false);
    expect(window.webContents.navigate('will-navigate', 'http://localhost:5174/')).toBe(true);
  });
});

describe('denyPermissions', () => {
  it('denies permission requests and checks (clipboard write excepted)', () => {
    let request: ((c: unknown, p: string, cb: (granted: boolean) => void) => void) | null = null;
    let check: ((c: unknown, p: string) => boolean) | null = null;
    denyPermissions({ setPermissionRequestHandler: (h) => (request = h), setPermissionCheckHandler: (h) => (check = h) });
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'fullscreen']) {
      const callback = vi.fn();
      request!({}, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
      expect(check!({}, permission), permission).toBe(false);
    }
    const callback = vi.fn();
    request!({}, 'clipboard-sanitized-write', callback);
    expect(callback).toHaveBeenCalledWith(true);
  });
});

describe('app:// protocol', () => {
  let root: string;
  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(os.tmpdir(), 'sitedesk-renderer-')), 'renderer');
    await mkdir(path.join(root, 'assets'), { recursive: true });
    await writeFile(path.join(root, 'index.html'), '<!doctype html><title>Sitedesk</title>');
    await writeFile(path.join(root, 'assets', 'app-1.js'), 'console.log(1)');
    await writeFile(path.join(path.dirname(root), 'secret.txt'), 'outside');
  });
  afterAll(() => rm(path.dirname(root), { recursive: true, force: true }));

  it('is registered as a standard, secure scheme', () => {
    expect(appSchemePrivileges).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true } });
  });

  it('resolves paths inside the renderer folder only', () => {
    expect(resolveAppPath(root, 'app://sitedesk/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://sitedesk/assets/app-1.js?v=1#x')).toBe(path.join(root, 'assets', 'app-1.js'));
    expect(resolveAppPath(root, 'app://sitedesk/assets/../index.html')).toBe(path.join(root, 'index.html'));
    // Dot segments, plain or %2e-encoded, are resolved by the URL parser itself: they stay at the root.
    expect(resolveAppPath(root, 'app://sitedesk/../secret.txt')).toBe(path.join(root, 'secret.txt'));
    expect(resolveAppPath(root, 'app://sitedesk/%2e%2e/%2E%2E/secret.txt')).toBe(path.join(root, 'secret.txt'));
    // What the parser leaves alone (encoded separators, NUL, bad escapes, other hosts) is refused.
    for (const evil of [
      'app://sitedesk/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://sitedesk/..%2fsecret.txt',
      'app://sitedesk/..%5csecret.txt',
      'app://sitedesk/%00index.html',
      'app://sitedesk/%E0%A4%A',
      'app://sitedesk/%2fetc%2fpasswd',
      'app://other/index.html',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(resolveAppPath(root, evil), evil).toBeNull();
    }
  });

  it('serves files with their type and the CSP, refuses traversal, falls back to index.html for routes', async () => {
    const handler = createAppProtocolHandler({ root, csp: () => "default-src 'self'" });
    const page = await handler(new Request('app://sitedesk/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await page.text()).toContain('<title>Sitedesk</title>');
    const script = await handler(new Request('app://sitedesk/assets/app-1.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await handler(new Request('app://sitedesk/..%2fsecret.txt'))).status).toBe(403);
    const dotted = await handler(new Request('app://sitedesk/%2e%2e/secret.txt'));
    expect(await dotted.text()).not.toContain('outside');
    expect((await handler(new Request('app://sitedesk/assets/missing.js'))).status).toBe(404);
    const route = await handler(new Request('app://sitedesk/news/12'));
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>Sitedesk</title>');
    expect((await handler(new Request('app://sitedesk/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
  });

  it('builds a CSP that allows our code and the profile services only', () => {
    const csp = contentSecurityPolicy(testPreferences('http://127.0.0.1:5080').getProfile());
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'", 'http://127.0.0.1:5080']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('application menu', () => {
  const roles = (items: MenuItem[]): string[] => items.flatMap((i) => [...(i.role ? [i.role] : []), ...roles(i.submenu ?? [])]);
  const find = (items: MenuItem[], label: string) => items.find((i) => i.label === label)!;

  it('has Edit (copy/paste), View (reload, zoom) and Help', () => {
    const openExternal = vi.fn();
    const checkForUpdates = vi.fn();
    for (const isMac of [false, true]) {
      const menu = buildMenuTemplate({ isMac, appName: 'Sitedesk', openExternal, checkForUpdates, helpUrl: 'https://example.com/help' });
      expect(roles(find(menu, 'Edit').submenu!)).toEqual(expect.arrayContaining(['copy', 'paste', 'cut', 'selectAll', 'undo']));
      expect(roles(find(menu, 'View').submenu!)).toEqual(expect.arrayContaining(['reload', 'zoomIn', 'zoomOut', 'resetZoom']));
      expect(roles(menu)).not.toContain('toggleDevTools');
      const help = find(menu, 'Help').submenu!;
      help.forEach((item) => item.click?.());
      expect(openExternal).toHaveBeenCalledWith('https://example.com/help');
      expect(checkForUpdates).toHaveBeenCalled();
      expect(roles(menu).includes('about')).toBe(isMac);
    }
  });
});

describe('CORS for the console page towards its own services', () => {
  const cors = serviceCors(() => testPreferences('http://127.0.0.1:5080').getProfile());
  const answer = (details: { url: string; method: string; responseHeaders?: Record<string, string[]> }) => {
    let response: unknown;
    cors(details, (r) => (response = r));
    return response as { responseHeaders?: Record<string, string[]>; statusLine?: string };
  };

  it('lets the app origin (only) read the services, replacing what they said', () => {
    const response = answer({
      url: 'http://127.0.0.1:5080/api/News/1/vi-VN?page=1',
      method: 'GET',
      responseHeaders: { 'Content-Type': ['application/json'], 'access-control-allow-origin': ['*'] },
    });
    expect(response.statusLine).toBeUndefined();
    expect(response.responseHeaders).toMatchObject({ 'Content-Type': ['application/json'], 'Access-Control-Allow-Origin': ['app://sitedesk'] });
    expect(Object.keys(response.responseHeaders!).filter((k) => k.toLowerCase() === 'access-control-allow-origin')).toHaveLength(1);
    expect(response.responseHeaders!['Access-Control-Allow-Headers'][0]).toContain('Authorization');
    // What the console sends on every data call, and the change number its query client reads.
    expect(response.responseHeaders!['Access-Control-Allow-Headers'][0]).toContain('X-Interface-Language');
    expect(response.responseHeaders!['Access-Control-Expose-Headers'][0]).toContain('X-Changes');
  });

  it('answers the preflight of a service with 204', () => {
    expect(answer({ url: 'http://127.0.0.1:5080/auth/connect/token', method: 'OPTIONS' })).toMatchObject({
      statusLine: 'HTTP/1.1 204 No Content',
      responseHeaders: { 'Access-Control-Allow-Origin': ['app://sitedesk'] },
    });
  });

  it('leaves every other origin as it answered', () => {
    expect(answer({ url: 'https://example.com/api', method: 'GET', responseHeaders: { a: ['b'] } })).toEqual({});
    expect(answer({ url: 'http://127.0.0.1:5081/api', method: 'OPTIONS' })).toEqual({});
  });
});
