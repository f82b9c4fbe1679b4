/**
 * Native notifications for live events and the unread badge (issue 31, "Desktop"). Takes Electron's
 * `Notification`, `app` and the window as parameters so it is tested under Node.
 *
 * - A notification only while the window is not focused: a focused console shows the event in its bell already.
 * - Nothing where `Notification.isSupported()` is false. The system's do-not-disturb (macOS Focus, Windows Focus
 *   assist, GNOME's switch) applies to these like to any notification: nothing here tries to get around it.
 * - A click brings the window to the front and opens the event's record (`open`, the navigator of ../links).
 */
import type { DesktopNotification } from '../../shared/ipc/contract';

/**
 * Windows shows an app's notifications only under the AppUserModelID of its Start-menu shortcut, which the NSIS
 * installer sets to electron-builder's `appId`: main claims the same id (app.setAppUserModelId).
 */
export const APP_USER_MODEL_ID = 'vn.sitedesk.console';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- electron's own listener signatures vary per event
type Listener = (...args: any[]) => void;

export interface NotificationLike {
  on(event: 'click' | 'close' | 'failed', listener: Listener): unknown;
  show(): void;
}
export interface NotificationConstructorLike {
  new (options: { title: string; body: string }): NotificationLike;
  isSupported(): boolean;
}

/** The part of the main window the notifier and the badge use. */
export interface NotifierWindowLike {
  isDestroyed(): boolean;
  isFocused(): boolean;
  setOverlayIcon(overlay: unknown, description: string): void;
}

export interface NotifierDeps {
  Notification: NotificationConstructorLike;
  window(): NotifierWindowLike | null;
  /** Bring the window to the front and open the route (the navigator's `open`). */
  open(route: string): void;
  platform: string;
  /** `app.setBadgeCount` (macOS dock, Linux launchers that support it). */
  setBadgeCount(count: number): boolean;
  /** The Windows overlay for a count (a nativeImage of ./badge-icon's bitmap). */
  overlayIcon(count: number): unknown;
  log?: (message: string) => void;
}

/** What a notification shows of a long title or body (systems cut them anyway, each its own way). */
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** How many event ids are remembered so a replayed event is not announced twice. */
const REMEMBERED = 500;

export function createNotifier(deps: NotifierDeps) {
  // Electron drops a notification's click handler when the object is garbage-collected: keep each one until it
  // is clicked or closed.
  const live = new Set<NotificationLike>();
  const announced: number[] = [];
  let badge = 0;
  let badgeUnsupportedSaid = false;

  const windowNow = () => {
    const window = deps.window();
    return window && !window.isDestroyed() ? window : null;
  };

  const applyBadge = () => {
    if (deps.platform === 'win32') {
      const window = windowNow();
      // Applied again when a window opens (reapplyBadge).
      if (!window) return;
      window.setOverlayIcon(badge > 0 ? deps.overlayIcon(badge) : null, badge > 0 ? `${badge}` : '');
      return;
    }
    // Linux: only launchers with the Unity launcher API show it; elsewhere this answers false and there is nothing
    // else to do (said once).
    if (!deps.setBadgeCount(badge) && !badgeUnsupportedSaid) {
      badgeUnsupportedSaid = true;
      deps.log?.('this desktop shows no badge count');
    }
  };

  return {
    show(notification: DesktopNotification): { shown: boolean } {
      if (!deps.Notification.isSupported()) return { shown: false };
      if (windowNow()?.isFocused()) return { shown: false };
      if (announced.includes(notification.id)) return { shown: false };
      announced.push(notification.id);
      if (announced.length > REMEMBERED) announced.shift();

      const native = new deps.Notification({ title: shorten(notification.title, 120), body: shorten(notification.body, 300) });
      live.add(native);
      native.on('click', () => {
        live.delete(native);
        deps.open(notification.route);
      });
      native.on('close', () => live.delete(native));
      native.on('failed', (_event: unknown, error: unknown) => {
        live.delete(native);
        deps.log?.(`notification failed: ${String(error)}`);
      });
      native.show();
      return { shown: true };
    },
    setBadge(count: number) {
      badge = count;
      applyBadge();
    },
    /** A new window has no overlay yet (Windows). */
    reapplyBadge() {
      if (badge > 0) applyBadge();
    },
    /** Notifications waiting for a click (kept from the garbage collector). */
    pending: () => live.size,
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
