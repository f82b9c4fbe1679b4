/**
 * Opening a route of the console from outside the page: a `sitedesk://` link (the first instance's argv, a second
 * instance's argv through `second-instance` on Windows and Linux, `open-url` on macOS) or a clicked notification.
 *
 * A route that arrives before the page listens (the app was started by the link, the window is still loading, or
 * reloading) is kept, and the page takes it when it starts listening (`app.pendingRoute`); after that each route is
 * sent as a `navigate` event. Only the last route waits: the user asked for that one.
 */
import { DEEP_LINK_SCHEME, isDeepLink, parseDeepLink } from '../../shared/deep-links';

export interface FocusableWindowLike {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  isVisible(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

export interface NavigatorDeps {
  window(): FocusableWindowLike | null;
  /** Whether the app is ready (no window may be created before). */
  isReady(): boolean;
  /** Open the main window (macOS keeps running with none). */
  openWindow(): void;
  /** Send the `navigate` event to the page. */
  send(route: string): void;
  log?: (message: string) => void;
}

/** The `sitedesk:` link among command-line arguments (Windows and Linux pass it as one), or null. */
export function linkInArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null;
}

/**
 * Arguments of `app.setAsDefaultProtocolClient`: the packaged app registers itself; run from source
 * (`electron .`, `process.defaultApp`) the system must start Electron with the app's path, or the link would
 * open a bare Electron.
 */
export function protocolClientArgs(options: { defaultApp: boolean; execPath: string; appPath: string | undefined }): [string, string?, string[]?] {
  if (options.defaultApp && options.appPath) return [DEEP_LINK_SCHEME, options.execPath, [options.appPath]];
  return [DEEP_LINK_SCHEME];
}

export function createNavigator(deps: NavigatorDeps) {
  let pending: string | null = null;
  let listening = false;

  const focus = () => {
    if (!deps.isReady()) return;
    const window = deps.window();
    if (!window || window.isDestroyed()) {
      deps.openWindow();
      return;
    }
    if (window.isMinimized()) window.restore();
    if (!window.isVisible()) window.show();
    window.focus();
  };

  const open = (route: string) => {
    focus();
    const window = deps.window();
    if (listening && window && !window.isDestroyed()) deps.send(route);
    else pending = route;
  };

  /** Opens a `sitedesk://` link; a bad one is ignored (and logged). Answers whether it was a link to open. */
  const openLink = (text: string): boolean => {
    const parsed = parseDeepLink(text);
    if (!isDeepLink(parsed)) {
      deps.log?.(`ignored link ${JSON.stringify(text.slice(0, 200))}: ${parsed.error}`);
      return false;
    }
    open(parsed.route);
    return true;
  };

  return {
    open,
    openLink,
    /** A second instance was started: open its link, or just bring this window to the front. */
    secondInstance(argv: readonly string[]) {
      const link = linkInArgv(argv);
      if (!link || !openLink(link)) focus();
    },
    focus,
    /** The page listens now: answers the route that waited, if any. */
    takePending(): string | null {
      listening = true;
      const route = pending;
      pending = null;
      return route;
    },
    /** The page is gone or loading again: keep routes until it listens. */
    pageGone() {
      listening = false;
    },
  };
}
export type Navigator = ReturnType<typeof createNavigator>;
