import type { AccessToken, DesktopApi, EnvironmentProfile, UpdateState } from '../../shared/ipc/contract';
import type { ChunkTransport } from './browserUploads';
import type { Uploads } from './uploads';

export type { AccessToken, EnvironmentProfile, UpdateState };

/** What the desktop app says about itself (`app.info()`). */
export type AppInfo = Awaited<ReturnType<DesktopApi['app']['info']>>;

/**
 * App updates. In the desktop app main downloads them in the background (electron-updater); in the
 * browser the server serves the newest console on every load, so there is never one to install.
 */
export interface PlatformUpdates {
  /** The updater's state now; the same object until it changes (fit for useSyncExternalStore). */
  state(): UpdateState;
  subscribe(listener: () => void): () => void;
  /** Look for an update now. */
  check(): Promise<UpdateState>;
  /**
   * Quit and install a downloaded update. With unsaved work the answer is `restarting: false` and
   * nothing happens, so no edit is ever lost to an update.
   */
  restart(hasUnsavedWork: boolean): Promise<{ restarting: boolean }>;
}

/** The environment profile: the base URL of each service the console talks to. */
export interface EnvironmentSettings {
  /**
   * False in the browser: the server that served the page serves every service (origin-relative
   * bases), so there is nothing to choose there.
   */
  readonly editable: boolean;
  /** The profile in use, as absolute URLs. */
  current(): Promise<EnvironmentProfile>;
  /** Built-in profiles to start from (desktop: local, staging, production). */
  presets(): Promise<EnvironmentProfile[]>;
  /** Keep a profile; answers what was stored (a preset edited by hand comes back named `custom`). */
  save(profile: EnvironmentProfile): Promise<EnvironmentProfile>;
}

/** Token answer of the auth service (`/auth/connect/token`, `/auth/token`). */
export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type?: string;
}

/**
 * The three auth-service calls the browser adapter makes itself. In the desktop app main makes
 * them (the refresh token must never reach the page), so only the browser adapter takes this.
 */
export interface AuthTransport {
  /** `otp`: the second factor's code (or a recovery code), when the server answered `mfa_required`. */
  passwordGrant(username: string, password: string, otp?: string): Promise<TokenResponse>;
  refreshGrant(refreshToken: string): Promise<TokenResponse>;
  revoke(token: string, hint: 'refresh_token' | 'access_token'): Promise<void>;
}

/**
 * Everything that differs between the console in a browser and in the desktop app.
 * Screens never branch on where they run: they use this (through the session and
 * preference modules), never cookies, local storage or `window.desktop` directly.
 */
export interface Platform {
  readonly kind: 'browser' | 'desktop';
  /** Hash URLs under the desktop app's custom protocol, real paths on the web. */
  readonly historyMode: 'hash' | 'browser';
  /** The current access token, or null when there is none (or it has expired). Synchronous: every request reads it. */
  accessToken(): string | null;
  /** Password grant; keeps both tokens. Rejects with the server's error when refused. */
  signIn(username: string, password: string, otp?: string): Promise<AccessToken>;
  /** A fresh access token from the stored refresh token, or null when there is none or it was refused. */
  refresh(): Promise<AccessToken | null>;
  /** Whether a refresh token is stored (start-up rule: refresh when only that is left). */
  hasRefreshToken(): Promise<boolean>;
  /** Revoke on the auth service, then forget both tokens and wipe local storage. Wipes even when revoking fails (then rejects). */
  signOut(): Promise<void>;
  /** Forget both tokens and wipe local storage, without calling the server. */
  clear(): Promise<void>;
  /** Service base URLs of the environment profile in use, or null to keep the origin-relative defaults. */
  serviceBases(): Promise<Record<'auth' | 'core' | 'push' | 'api' | 'his', string> | null>;
  getPreference(key: string): Promise<unknown>;
  setPreference(key: string, value: unknown): Promise<void>;
  readonly updates: PlatformUpdates;
  readonly environment: EnvironmentSettings;
  /** Name, version and OS of the desktop app; null in the browser (the page is not an installed app). */
  appInfo(): Promise<AppInfo | null>;
  /**
   * The file-upload engine of where the console runs: in the browser the page cuts and sends the chunks over
   * `transport`; in the desktop app main sends them from the files' paths (the page's engine only for files
   * without one).
   */
  uploads(transport: ChunkTransport): Uploads;
  /**
   * Routes the console is asked to open from outside the page: a clicked notification, in the desktop app a
   * `sitedesk://` link (also one that started the app, delivered once this listens). Answers the unsubscribe.
   */
  onNavigate(listener: (route: string) => void): () => void;
  /**
   * Tells the person something arrived while they look elsewhere: in the desktop app a native notification (main shows
   * it only when the window is not focused); in the browser the Notification API, once the user allowed it, while the
   * page is hidden or unfocused. Clicking it brings the console back and opens `route` (through `onNavigate`).
   */
  notify(notification: { id: number; title: string; body: string; route: string }): void;
  /** The unread count on the dock or taskbar icon (desktop); nothing in a browser tab. */
  setBadge(count: number): void;
  /** Open an http(s) page outside the console (a preview of the website): the system browser, or a new tab. */
  openExternal(url: string): void;
}
