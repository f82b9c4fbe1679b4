import type { DesktopApi } from '../../shared/ipc/contract';
import { createBrowserUploads } from './browserUploads';
import { createDesktopUploads } from './desktopUploads';
import { desktopCall } from './desktopCall';
import type { AccessToken, Platform } from './types';
import { createDesktopUpdates } from './updates';

/**
 * Desktop adapter: main does the auth-service calls and keeps the refresh token in the OS
 * keychain, so the page only ever holds the short-lived access token, in memory. Preferences
 * go to main's settings store. Local storage is still wiped on sign-out (spec section 4).
 * Failures of main come back as errors with a clean message (the bridge's `[code] ` prefix removed),
 * since screens show them as they are.
 */
export function createDesktopPlatform(desktop: DesktopApi): Platform {
  let current: { token: string; expiresAt: number } | null = null;

  const keep = (token: AccessToken): AccessToken => {
    current = { token: token.accessToken, expiresAt: Date.now() + token.expiresIn * 1000 };
    return token;
  };
  const forget = () => {
    current = null;
    window.localStorage.clear();
  };

  return {
    kind: 'desktop',
    historyMode: 'hash',
    openExternal: (url) => void desktop.app.openExternal({ url }).catch(() => undefined),
    uploads: (chunks) => createDesktopUploads(desktop, createBrowserUploads({ transport: chunks })),
    accessToken() {
      if (current && current.expiresAt <= Date.now()) current = null;
      return current?.token ?? null;
    },
    async signIn(username, password, otp) {
      return keep(await desktopCall(() => desktop.auth.signIn({ username, password, ...(otp ? { otp } : {}) })));
    },
    async refresh() {
      const token = await desktop.auth.refresh().catch(() => null);
      if (!token) {
        current = null;
        return null;
      }
      return keep(token);
    },
    hasRefreshToken: () => desktop.auth.hasSession(),
    async signOut() {
      try {
        await desktopCall(() => desktop.auth.signOut());
      } catch (error) {
        // Revoking failed (offline, server down): still forget the token locally.
        await desktop.auth.clear().catch(() => undefined);
        throw error;
      } finally {
        forget();
      }
    },
    async clear() {
      forget();
      await desktopCall(() => desktop.auth.clear());
    },
    async serviceBases() {
      const { auth, core, push, api, his } = await desktop.settings.getProfile();
      return { auth, core, push, api, his };
    },
    getPreference: (key) => desktop.settings.get({ key }),
    setPreference: (key, value) => desktopCall(() => desktop.settings.set({ key, value })),
    updates: createDesktopUpdates(desktop),
    environment: {
      editable: true,
      current: () => desktopCall(() => desktop.settings.getProfile()),
      presets: () => desktopCall(() => desktop.settings.listPresets()),
      save: (profile) => desktopCall(() => desktop.settings.setProfile(profile)),
    },
    appInfo: () => desktopCall(() => desktop.app.info()),
    onNavigate(listener) {
      // Listen first, then take what waited: main sends events only once it has answered pendingRoute.
      const off = desktop.app.on('navigate', listener);
      desktop.app.pendingRoute().then(
        (route) => route && listener(route),
        () => undefined,
      );
      return off;
    },
    notify(notification) {
      desktop.notifications.show(notification).catch(() => undefined);
    },
    setBadge(count) {
      desktop.notifications.setBadge(count).catch(() => undefined);
    },
  };
}
