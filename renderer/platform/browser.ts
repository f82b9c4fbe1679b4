import Cookies from 'js-cookie';
import { createBrowserUploads } from './browserUploads';
import type { AccessToken, AuthTransport, EnvironmentProfile, Platform, TokenResponse } from './types';
import { createBrowserUpdates } from './updates';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
const PREFERENCE_PREFIX = 'sitedesk:';
/** The auth service does not tell the refresh token's lifetime; the server enforces the real one. */
const REFRESH_COOKIE_DAYS = 30;

const cookieOptions = (): Cookies.CookieAttributes => ({
  path: '/',
  sameSite: 'strict',
  secure: window.location.protocol === 'https:',
});

/** The services as the browser reaches them: each under its prefix on the server that served the page. */
const originProfile = (): EnvironmentProfile => {
  const origin = window.location.origin;
  return { name: 'origin', auth: `${origin}/auth`, core: `${origin}/core`, push: `${origin}/push`, api: `${origin}/api`, his: `${origin}/his` };
};

/**
 * Browser adapter (spec section 4): the access token lives in a cookie whose expiry follows
 * `expires_in`, the refresh token in a second cookie; preferences in local storage.
 * Signing out or clearing wipes both cookies and all local storage.
 */
const navigateListeners = new Set<(route: string) => void>();

export function createBrowserPlatform(transport: AuthTransport): Platform {
  const keep = (answer: TokenResponse): AccessToken => {
    const expiresIn = Math.max(1, Math.floor(answer.expires_in));
    Cookies.set(ACCESS_COOKIE, answer.access_token, {
      ...cookieOptions(),
      expires: new Date(Date.now() + expiresIn * 1000),
    });
    if (answer.refresh_token) {
      Cookies.set(REFRESH_COOKIE, answer.refresh_token, { ...cookieOptions(), expires: REFRESH_COOKIE_DAYS });
    }
    return { accessToken: answer.access_token, expiresIn };
  };

  const wipe = () => {
    Cookies.remove(ACCESS_COOKIE, { path: '/' });
    Cookies.remove(REFRESH_COOKIE, { path: '/' });
    window.localStorage.clear();
  };

  return {
    kind: 'browser',
    historyMode: 'browser',
    openExternal: (url) => void window.open(url, '_blank', 'noopener'),
    uploads: (chunks) => createBrowserUploads({ transport: chunks }),
    accessToken: () => Cookies.get(ACCESS_COOKIE) ?? null,
    async signIn(username, password, otp) {
      return keep(await transport.passwordGrant(username, password, otp));
    },
    async refresh() {
      const refreshToken = Cookies.get(REFRESH_COOKIE);
      if (!refreshToken) return null;
      try {
        return keep(await transport.refreshGrant(refreshToken));
      } catch {
        // Refused (revoked, expired, reused): the stored one is worthless from now on.
        Cookies.remove(REFRESH_COOKIE, { path: '/' });
        return null;
      }
    },
    async hasRefreshToken() {
      return Boolean(Cookies.get(REFRESH_COOKIE));
    },
    async signOut() {
      const refreshToken = Cookies.get(REFRESH_COOKIE);
      try {
        if (refreshToken) await transport.revoke(refreshToken, 'refresh_token');
      } finally {
        wipe();
      }
    },
    async clear() {
      wipe();
    },
    // Served by the same server as every service: the origin-relative defaults are right.
    serviceBases: async () => null,
    async getPreference(key) {
      const raw = window.localStorage.getItem(PREFERENCE_PREFIX + key);
      if (raw === null) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        return undefined;
      }
    },
    async setPreference(key, value) {
      window.localStorage.setItem(PREFERENCE_PREFIX + key, JSON.stringify(value));
    },
    updates: createBrowserUpdates(),
    // Read-only: pointing a page at services of another server is the desktop app's business.
    environment: {
      editable: false,
      current: async () => originProfile(),
      presets: async () => [originProfile()],
      save: () => Promise.reject(new Error('In the browser the services are those of the server that serves the console.')),
    },
    appInfo: async () => null,
    // A browser tab is opened by its address; only its own notifications, clicked, ask it to go elsewhere.
    onNavigate(listener) {
      navigateListeners.add(listener);
      return () => void navigateListeners.delete(listener);
    },
    notify({ id, title, body, route }) {
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      if (!document.hidden && document.hasFocus()) return;
      const shown = new Notification(title, { body, tag: `sitedesk-event-${id}` });
      shown.onclick = () => {
        window.focus();
        for (const listener of navigateListeners) listener(route);
        shown.close();
      };
    },
    setBadge: () => undefined,
  };
}
