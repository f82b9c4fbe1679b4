import type { AccessToken } from '../../shared/ipc/contract';

export type { AccessToken };

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
  passwordGrant(username: string, password: string): Promise<TokenResponse>;
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
  signIn(username: string, password: string): Promise<AccessToken>;
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
}
