/**
 * The one window factory, with the Electron security checklist applied: isolated, sandboxed,
 * no Node in the page, web security on, navigation limited to the app's own origin, new windows
 * refused (http/https links go to the user's browser), permission requests denied.
 */
import type { WindowBounds } from '../preferences';
import { APP_ORIGIN } from './protocol';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- electron's own listener signatures vary per event
type Listener = (...args: any[]) => void;
export interface WebContentsLike {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
  on(event: string, listener: Listener): unknown;
}

export interface BrowserWindowLike {
  webContents: WebContentsLike;
  once(event: string, listener: () => void): unknown;
  on(event: string, listener: Listener): unknown;
  show(): void;
  maximize(): void;
  isMaximized(): boolean;
  getNormalBounds(): { x: number; y: number; width: number; height: number };
  loadURL(url: string): Promise<void>;
}

export type BrowserWindowConstructor = new (options: Record<string, unknown>) => BrowserWindowLike;

export interface ShellLike {
  openExternal(url: string): Promise<void>;
}

export interface WindowDeps {
  BrowserWindow: BrowserWindowConstructor;
  shell: ShellLike;
  preloadPath: string;
  /** APP_START_URL, or the Vite dev server in development. */
  startUrl: string;
  bounds: WindowBounds;
  onClose?: (bounds: WindowBounds) => void;
  /** Origins the page may navigate within (the app origin; the dev server's in development). */
  appOrigins?: readonly string[];
  log?: (message: string) => void;
}

const isWebLink = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

const originOfUrl = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.origin !== 'null' ? parsed.origin : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
};

export const webPreferencesFor = (preloadPath: string) => ({
  preload: preloadPath,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
  spellcheck: false,
});

/**
 * Navigation and new-window rules for any webContents (also applied from `web-contents-created`
 * so nothing escapes them): stay on our origins, send web links to the browser, deny the rest.
 */
const lockedDown = new WeakSet<WebContentsLike>();

export function lockDownContents(contents: WebContentsLike, deps: Pick<WindowDeps, 'shell' | 'appOrigins' | 'log'>) {
  // Applied by the factory and again from `web-contents-created`: once is enough (else links open twice).
  if (lockedDown.has(contents)) return;
  lockedDown.add(contents);
  const appOrigins = new Set(deps.appOrigins ?? [APP_ORIGIN]);
  const openOutside = (url: string) => {
    if (isWebLink(url)) void deps.shell.openExternal(url).catch((e: Error) => deps.log?.(`openExternal failed: ${e.message}`));
    else deps.log?.(`refused to open ${url}`);
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  const guardNavigation = (event: { preventDefault(): void }, url: string) => {
    const origin = originOfUrl(url);
    if (origin && appOrigins.has(origin)) return;
    event.preventDefault();
    openOutside(url);
  };
  contents.on('will-navigate', guardNavigation);
  contents.on('will-redirect', guardNavigation);
  contents.on('will-attach-webview', ((event: { preventDefault(): void }) => event.preventDefault()));
}

export function createMainWindow(deps: WindowDeps): BrowserWindowLike {
  const { bounds } = deps;
  const window = new deps.BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: 960,
    minHeight: 600,
    title: 'Sitedesk',
    show: false,
    // The console's default theme is dark: no white flash before it paints.
    backgroundColor: '#141414',
    webPreferences: webPreferencesFor(deps.preloadPath),
  });
  lockDownContents(window.webContents, deps);
  window.once('ready-to-show', () => {
    if (bounds.maximized) window.maximize();
    window.show();
  });
  window.on('close', () => {
    deps.onClose?.({ ...window.getNormalBounds(), maximized: window.isMaximized() });
  });
  void window.loadURL(deps.startUrl).catch((e: Error) => deps.log?.(`could not load ${deps.startUrl}: ${e.message}`));
  return window;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((contents: unknown, permission: string) => boolean) | null): void;
}

/**
 * Permission requests (camera, notifications, geolocation…) are denied. The one exception is
 * writing text to the clipboard, which the console's "copy link" buttons use and which cannot
 * read anything.
 */
export const ALLOWED_PERMISSIONS = new Set(['clipboard-sanitized-write']);

export function denyPermissions(session: SessionLike) {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}
