import type { AuthTransport, TokenResponse } from '../../platform';
import { authHttp } from './client';

/** OAuth2 client of the console (spec section 7, "Authentication and lookups"). */
export const OAUTH_CLIENT = { id: 'sitedesk', secret: 'sitedesk-secret', scope: 'openid profile offline_access' } as const;

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/**
 * The browser's auth-service calls, form-encoded exactly as the spec's table lists them.
 * Quiet: the sign-in screen shows the failure itself (wrong password, too many attempts).
 */
export const authTransport: AuthTransport = {
  async passwordGrant(username, password, otp) {
    const { data } = await authHttp.post<TokenResponse>(
      '/connect/token',
      form({
        username,
        password,
        grant_type: 'password',
        client_id: OAUTH_CLIENT.id,
        scope: OAUTH_CLIENT.scope,
        type: '0',
        client_secret: OAUTH_CLIENT.secret,
        domain: window.location.hostname,
        type_special: '0',
        // The second factor, when the server asked for it (mfa_required).
        ...(otp ? { otp } : {}),
      }),
      { quiet: true },
    );
    return data;
  },
  async refreshGrant(refreshToken) {
    const { data } = await authHttp.post<TokenResponse>(
      '/token',
      form({ grantType: 'refresh_token', refreshToken }),
      { quiet: true },
    );
    return data;
  },
  async revoke(token, hint) {
    await authHttp.post(
      '/connect/revocation',
      form({ client_id: OAUTH_CLIENT.id, client_secret: OAUTH_CLIENT.secret, token, token_type_hint: hint }),
      { quiet: true },
    );
  },
};
