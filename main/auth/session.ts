/**
 * The desktop session. Main does the OAuth2 calls itself so the refresh token never reaches the
 * renderer: it lives in the SecretStore, keyed by the auth service it belongs to, and is rotated
 * on every refresh. The renderer only ever receives short-lived access tokens.
 */
import type { AccessToken, EnvironmentProfile } from '../../shared/ipc/contract';
import { DesktopError } from '../../shared/ipc/errors';
import type { SecretStore } from '../secrets/secret-store';

/** The console's OAuth2 client, as the auth service knows it (docs/api.md "/auth"). */
export const OAUTH_CLIENT = { clientId: 'sitedesk', clientSecret: 'sitedesk-secret', scope: 'openid profile offline_access' };

export interface SessionDeps {
  secrets: SecretStore;
  /** The environment profile in use, read on every call so a profile change takes effect at once. */
  profile: () => EnvironmentProfile;
  fetch?: typeof fetch;
  now?: () => number;
}

interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
}

export interface Session {
  signIn(username: string, password: string, otp?: string): Promise<AccessToken>;
  refresh(): Promise<AccessToken | null>;
  hasSession(): Promise<boolean>;
  signOut(): Promise<void>;
  clear(): Promise<void>;
  /**
   * A valid access token for main's own calls (uploads), refreshing when it is about to expire,
   * or always with `forceRefresh` (the service just answered 401).
   */
  getAccessToken(forceRefresh?: boolean): Promise<string>;
}

/** Keychain account of the refresh token for one auth service. */
export const accountFor = (authBase: string) => `refresh-token@${authBase.replace(/\/+$/, '')}`;

/** The service's `Message` (or `message`, or OAuth2 `error_description`) from an error answer. */
async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const message = body.Message ?? body.message ?? body.error_description ?? body.error;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON
  }
  return text.slice(0, 200) || `HTTP ${response.status}`;
}

export function createSession(deps: SessionDeps): Session {
  const doFetch = deps.fetch ?? fetch;
  const now = deps.now ?? Date.now;
  let cached: { token: string; expiresAt: number; authBase: string } | null = null;
  let inflightRefresh: Promise<AccessToken | null> | null = null;

  const post = async (url: string, form: Record<string, string>): Promise<Response> => {
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      });
    } catch (error) {
      throw new DesktopError('network', `Không kết nối được máy chủ xác thực (${(error as Error).message}).`);
    }
  };

  const accept = async (authBase: string, answer: TokenAnswer): Promise<AccessToken> => {
    if (typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new DesktopError('server', 'The auth service answered without an access token.');
    }
    const expiresIn = Math.max(1, Math.round(Number(answer.expires_in) || 0));
    if (answer.refresh_token) await deps.secrets.set(accountFor(authBase), answer.refresh_token);
    cached = { token: answer.access_token, expiresAt: now() + expiresIn * 1000, authBase };
    return { accessToken: answer.access_token, expiresIn };
  };

  const forget = async (authBase: string) => {
    cached = null;
    await deps.secrets.delete(accountFor(authBase));
  };

  const refreshOnce = async (): Promise<AccessToken | null> => {
    const authBase = deps.profile().auth;
    const refreshToken = await deps.secrets.get(accountFor(authBase));
    if (!refreshToken) return null;
    const response = await post(`${authBase}/token`, { grantType: 'refresh_token', refreshToken });
    if (response.ok) return accept(authBase, (await response.json()) as TokenAnswer);
    if (response.status >= 400 && response.status < 500) {
      // Refused (expired, revoked or reused): the stored token is worthless now.
      await forget(authBase);
      return null;
    }
    throw new DesktopError('server', await messageOf(response));
  };

  const session: Session = {
    async signIn(username, password, otp) {
      const authBase = deps.profile().auth;
      const response = await post(`${authBase}/connect/token`, {
        grant_type: 'password',
        username,
        password,
        client_id: OAUTH_CLIENT.clientId,
        client_secret: OAUTH_CLIENT.clientSecret,
        scope: OAUTH_CLIENT.scope,
        type: '0',
        domain: new URL(authBase).host,
        type_special: '0',
        ...(otp ? { otp } : {}),
      });
      if (!response.ok) {
        // The second factor asked for: the sign-in page asks for the code and signs in again with it.
        const oauth = (await response.clone().json().catch(() => null)) as { error?: unknown } | null;
        const code = oauth?.error === 'mfa_required' ? 'mfa_required' : response.status >= 500 ? 'server' : 'unauthorized';
        throw new DesktopError(code, await messageOf(response));
      }
      return accept(authBase, (await response.json()) as TokenAnswer);
    },

    refresh() {
      // One refresh at a time: two concurrent rotations of the same token would look like a reuse
      // to the auth service, which then revokes the whole token family.
      inflightRefresh ??= refreshOnce().finally(() => {
        inflightRefresh = null;
      });
      return inflightRefresh;
    },

    async hasSession() {
      return (await deps.secrets.get(accountFor(deps.profile().auth))) !== null;
    },

    async signOut() {
      const authBase = deps.profile().auth;
      const refreshToken = await deps.secrets.get(accountFor(authBase));
      await forget(authBase);
      if (!refreshToken) return;
      try {
        await post(`${authBase}/connect/revocation`, {
          client_id: OAUTH_CLIENT.clientId,
          client_secret: OAUTH_CLIENT.clientSecret,
          token: refreshToken,
          token_type_hint: 'refresh_token',
        });
      } catch {
        // Offline: the token is forgotten locally and expires on its own; signing out must not fail.
      }
    },

    async clear() {
      await forget(deps.profile().auth);
    },

    async getAccessToken(forceRefresh = false) {
      const authBase = deps.profile().auth;
      if (!forceRefresh && cached && cached.authBase === authBase && cached.expiresAt - now() > 30_000) return cached.token;
      const fresh = await session.refresh();
      if (!fresh) throw new DesktopError('unauthorized', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.');
      return fresh.accessToken;
    },
  };
  return session;
}
