import type { AccessToken, DesktopApi } from '../../../shared/ipc/contract';
import type { AuthTransport, TokenResponse } from '../types';

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
   * the settings; only access tokens cross the bridge.
   */
  desktop(): DesktopApi & { mainState: { refreshToken: string | null; settings: Map<string, unknown> } } {
    const mainState = { refreshToken: null as string | null, settings: new Map<string, unknown>() };
    const keep = (answer: TokenResponse): AccessToken => {
      mainState.refreshToken = answer.refresh_token ?? null;
      return { accessToken: answer.access_token, expiresIn: answer.expires_in };
    };
    const unsupported = () => Promise.reject(new Error('not used by the shell'));
    const profile = { name: 'local', auth: 'http://127.0.0.1:5080/auth', core: 'http://127.0.0.1:5080/core', push: 'http://127.0.0.1:5080/push', api: 'http://127.0.0.1:5080/api', his: 'http://127.0.0.1:5080/his' };
    const api = {
      mainState,
      auth: {
        signIn: async ({ username, password }: { username: string; password: string }) => keep(await this.transport.passwordGrant(username, password)),
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
        signOut: async () => {
          if (mainState.refreshToken) await this.transport.revoke(mainState.refreshToken, 'refresh_token');
          mainState.refreshToken = null;
        },
        clear: async () => {
          mainState.refreshToken = null;
        },
      },
      settings: {
        get: async ({ key }: { key: string }) => mainState.settings.get(key),
        set: async ({ key, value }: { key: string; value: unknown }) => void mainState.settings.set(key, value),
        getProfile: async () => profile,
        setProfile: unsupported,
        listPresets: async () => [profile],
      },
    };
    // Only auth and settings are the shell's business; the rest of the contract is not called here.
    return api as unknown as DesktopApi & { mainState: typeof mainState };
  }
}
