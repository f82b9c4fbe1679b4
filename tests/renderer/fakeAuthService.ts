import type { AccessToken, DesktopApi, EnvironmentProfile, UpdateState } from '../../shared/ipc/contract';
import { encodeDesktopErrorMessage, type DesktopErrorCode } from '../../shared/ipc/errors';
import type { AuthTransport, TokenResponse } from '../../renderer/platform/types';

/**
 * A small stand-in for the auth service with the rules the adapters depend on: password check,
 * refresh tokens rotated on every use (the old one is refused afterwards), revocation. The real
 * service is exercised end to end by the Playwright journeys; this keeps adapter tests fast.
 */
export class FakeAuthService {
  private serial = 0;
  readonly liveRefreshTokens = new Set<string>();
  readonly revoked: string[] = [];
  calls: string[] = [];
  expiresIn = 900;
  failRevoke = false;
  /** Issue JWT-shaped access tokens (with `exp`) instead of opaque ones. */
  jwt = false;

  private issue(): TokenResponse {
    this.serial += 1;
    const refresh = `refresh-${this.serial}`;
    this.liveRefreshTokens.add(refresh);
    const access = this.jwt
      ? `${btoa('{"alg":"none"}')}.${btoa(JSON.stringify({ sub: '1', n: this.serial, exp: Math.floor(Date.now() / 1000) + this.expiresIn })).replace(/=+$/, '')}.sig`
      : `access-${this.serial}`;
    return { access_token: access, refresh_token: refresh, expires_in: this.expiresIn, token_type: 'Bearer' };
  }

  readonly transport: AuthTransport = {
    passwordGrant: async (username, password) => {
      this.calls.push('password');
      if (username !== 'admin' || password !== 'Admin@123') throw new Error('Invalid username or password');
      return this.issue();
    },
    refreshGrant: async (refreshToken) => {
      this.calls.push('refresh');
      if (!this.liveRefreshTokens.delete(refreshToken)) throw new Error('invalid_grant');
      return this.issue();
    },
    revoke: async (token) => {
      this.calls.push('revoke');
      if (this.failRevoke) throw new Error('Network Error');
      this.liveRefreshTokens.delete(token);
      this.revoked.push(token);
    },
  };

  /**
   * `window.desktop` as main implements it over this service: main keeps the refresh token and
   * the settings; only access tokens cross the bridge. Failures reach the page as preload delivers
   * them: an Error whose message is `[code] message`.
   */
  desktop(): DesktopApi & { mainState: MainState; emitUpdate(patch: Partial<UpdateState>): void; emitNavigate(route: string): void } {
    const mainState: MainState = {
      refreshToken: null,
      settings: new Map<string, unknown>(),
      profile: presets[0],
      update: { status: 'idle', version: null, percent: null, error: null, checkedAt: null },
      restarts: [],
      pendingRoute: null,
    };
    const navigateListeners = new Set<(route: string) => void>();
    const updateListeners = new Set<(state: UpdateState) => void>();
    const bridged =
      <A extends unknown[], R>(code: DesktopErrorCode, fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await fn(...args);
        } catch (error) {
          throw new Error(encodeDesktopErrorMessage({ code, message: (error as Error).message }));
        }
      };
    const keep = (answer: TokenResponse): AccessToken => {
      mainState.refreshToken = answer.refresh_token ?? null;
      return { accessToken: answer.access_token, expiresIn: answer.expires_in };
    };
    const api = {
      mainState,
      emitUpdate(patch: Partial<UpdateState>) {
        mainState.update = { ...mainState.update, ...patch };
        updateListeners.forEach((listener) => listener(mainState.update));
      },
      auth: {
        signIn: bridged('unauthorized', async ({ username, password }: { username: string; password: string }) =>
          keep(await this.transport.passwordGrant(username, password)),
        ),
        refresh: async () => {
          if (!mainState.refreshToken) return null;
          try {
            return keep(await this.transport.refreshGrant(mainState.refreshToken));
          } catch {
            mainState.refreshToken = null;
            return null;
          }
        },
        hasSession: async () => mainState.refreshToken !== null,
        signOut: bridged('network', async () => {
          if (mainState.refreshToken) await this.transport.revoke(mainState.refreshToken, 'refresh_token');
          mainState.refreshToken = null;
        }),
        clear: async () => {
          mainState.refreshToken = null;
        },
      },
      settings: {
        get: async ({ key }: { key: string }) => mainState.settings.get(key),
        set: async ({ key, value }: { key: string; value: unknown }) => void mainState.settings.set(key, value),
        getProfile: async () => mainState.profile,
        // As main: a preset edited by hand is kept as `custom`.
        setProfile: async (profile: EnvironmentProfile) => {
          const preset = presets.find((p) => p.name === profile.name);
          const same = preset && SERVICES.every((s) => preset[s] === profile[s]);
          mainState.profile = same ? preset : { ...profile, name: 'custom' };
          return mainState.profile;
        },
        listPresets: async () => presets,
      },
      // main's rule (main/updates/updater.ts): only a downloaded update installs, and never over unsaved work.
      updates: {
        getState: async () => mainState.update,
        check: async () => mainState.update,
        restart: bridged('conflict', async ({ hasUnsavedWork }: { hasUnsavedWork: boolean }) => {
          if (mainState.update.status !== 'downloaded') throw new Error('Chưa có bản cập nhật nào được tải xong.');
          mainState.restarts.push(hasUnsavedWork);
          return { restarting: !hasUnsavedWork };
        }),
        on: (_event: 'state', listener: (state: UpdateState) => void) => {
          updateListeners.add(listener);
          return () => updateListeners.delete(listener);
        },
      },
      // main/links/navigator.ts: a route that came before the page listened waits for pendingRoute.
      emitNavigate(route: string) {
        navigateListeners.forEach((listener) => listener(route));
      },
      app: {
        info: async () => ({ name: 'Sitedesk', version: '1.2.3', platform: 'linux', packaged: true }),
        pendingRoute: async () => {
          const route = mainState.pendingRoute;
          mainState.pendingRoute = null;
          return route;
        },
        on: (_event: 'navigate', listener: (route: string) => void) => {
          navigateListeners.add(listener);
          return () => navigateListeners.delete(listener);
        },
      },
    };
    // Uploads and files are tested with their own fakes (desktopUploads.test.ts).
    return api as unknown as DesktopApi & { mainState: MainState; emitUpdate(patch: Partial<UpdateState>): void; emitNavigate(route: string): void };
  }
}

const SERVICES = ['auth', 'core', 'push', 'api', 'his'] as const;
const profileFor = (name: string, origin: string): EnvironmentProfile => ({
  name,
  ...Object.fromEntries(SERVICES.map((s) => [s, `${origin}/${s}`])),
}) as EnvironmentProfile;
/** main's presets (main/preferences.ts) with the local server on the default port. */
export const presets: EnvironmentProfile[] = [
  profileFor('local', 'http://127.0.0.1:5080'),
  profileFor('staging', 'https://staging.sitedesk.example.com'),
  profileFor('production', 'https://sitedesk.example.com'),
];

export interface MainState {
  refreshToken: string | null;
  settings: Map<string, unknown>;
  profile: EnvironmentProfile;
  update: UpdateState;
  /** `hasUnsavedWork` of every restart asked for with a downloaded update. */
  restarts: boolean[];
  /** The route of a link or notification that came before the page listened. */
  pendingRoute: string | null;
}
