// /auth: the OAuth2 endpoints the console calls, form-encoded (application/x-www-form-urlencoded).
//   POST /auth/connect/token       grant_type=password | refresh_token (client credentials required)
//   POST /auth/token               grantType=refresh_token&refreshToken=… (no client credentials:
//                                  the console's own client `sitedesk` is implied)
//   POST /auth/connect/revocation  RFC 7009 (client credentials required), always 200
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { every } from '../db/periodic';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { safeEqualHex, sha256 } from './crypto';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { recordSignIn, type SignInOutcome } from './sign-ins';
import { twoFactorOf } from './two-factor-routes';
import { oauthError, SESSIONS_CHANNEL, type TokenAnswer } from './tokens';
import { M } from '../messages';
import { MAX_USER_NAME } from '../../shared/input';

/** The console's client: /auth/token carries no credentials and is accepted for this client. */
export const CONSOLE_CLIENT_ID = 'sitedesk';
const DEFAULT_SCOPE = 'openid profile offline_access';

const field = z.string().max(4096).optional();
const tokenForm = z.object({
  grant_type: field,
  username: field,
  password: field,
  client_id: field,
  client_secret: field,
  scope: field,
  refresh_token: field,
  /** the second factor: a current code of the authenticator app, or a recovery code */
  otp: field,
  // sent by the console, meaningless here
  type: field,
  domain: field,
  type_special: field,
});
const shortTokenForm = z.object({
  grantType: field,
  grant_type: field,
  refreshToken: field,
  refresh_token: field,
  client_id: field,
  client_secret: field,
});
const revocationForm = z.object({
  token: field,
  token_type_hint: field,
  client_id: field,
  client_secret: field,
});

/** Client credentials from the form, or from an HTTP Basic header (RFC 6749 §2.3.1). */
function clientCredentials(request: FastifyRequest, form: { client_id?: string; client_secret?: string }) {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Basic\s+/i.test(header)) {
    const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i > 0) {
      try {
        return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
      } catch {
        // A malformed %-escape: no client of ours (401 invalid_client below), never a 500.
        return { id: undefined, secret: undefined };
      }
    }
  }
  return { id: form.client_id, secret: form.client_secret };
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');

const HOUR = 3_600_000;

/** buildApp({ auth }): the auth module's option. */
export interface AuthOptions {
  /** REQUIRE_2FA_FOR_ADMINS=1: administrators without the second factor may do nothing but enrol (./guard.ts) */
  requireTwoFactorForAdmins?: boolean;
  /**
   * SIGN_IN_RETENTION_DAYS: how long sign-in records are kept until an administrator sets their retention in months
   * (server/privacy/retention.ts; without either, 12 months)
   */
  signInRetentionDays?: number;
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  // Expired sessions and refresh tokens are deleted at start and hourly, on one instance at a time (PostgreSQL: the
  // task's advisory lock); the clock is the app's (tests move it).
  every(app, 'session-purge', HOUR, async () => {
    const gone = await app.tokens.purgeExpired();
    if (gone.sessions || gone.tokens) app.log.info(gone, 'expired sessions and refresh tokens purged');
  });
  // Sign-in records past their retention are deleted by the personal data retention task (server/privacy/retention.ts:
  // an administrator's setting, SIGN_IN_RETENTION_DAYS its default when set, else 12 months).
  // Sessions ended on another instance (PostgreSQL NOTIFY at their commit): their event streams here close at once.
  if (app.listenDb) {
    const stop = await app.listenDb(SESSIONS_CHANNEL, (payload) => app.tokens.heard(payload.split(' ').filter(Boolean)));
    app.addHook('onClose', async () => stop());
  }

  async function authenticateClient(id: string | undefined, secret: string | undefined): Promise<string> {
    if (id && secret !== undefined) {
      const client = await app.db.selectFrom('oauth_clients').select(['id', 'secretHash']).where('id', '=', id).executeTakeFirst();
      if (client && safeEqualHex(client.secretHash, sha256(secret))) return client.id;
    }
    throw oauthError(401, 'invalid_client', M.invalidClient);
  }

  async function passwordGrant(request: FastifyRequest, form: z.infer<typeof tokenForm>, clientId: string): Promise<TokenAnswer> {
    const userName = form.username?.trim() ?? '';
    const password = form.password ?? '';
    if (!userName || !password) throw oauthError(400, 'invalid_request', M.missingCredentials);
    // Over the field's length: refused before the throttle's rows, the records or the accounts are touched.
    if (userName.length > MAX_USER_NAME) {
      const text = M.userNameTooLong(MAX_USER_NAME);
      throw httpError(400, text, { error: 'invalid_request', error_description: text.en, field: 'username' });
    }
    const account = userName.toLowerCase();
    const otp = form.otp?.trim() ?? '';

    // A sign-in record (./sign-ins.ts), written on its own: no transaction rolls it back with the refusal.
    const record = (outcome: SignInOutcome, userId: number | null = null) => recordSignIn(app.db, app.now(), request, { userName, userId, outcome });
    // Reserved before verifying (counted as a failure until it succeeds): parallel guesses — of the password or of the
    // second factor's code — cannot pass the limit, per account and per client address.
    const attempt = await app.throttle.reserve(account, request.ip ?? null);
    if ('wait' in attempt) {
      await record('throttled');
      const err = oauthError(429, 'too_many_attempts', M.throttled(Math.ceil(attempt.wait / 60)));
      err.headers['Retry-After'] = String(attempt.wait);
      throw err;
    }

    const user = await app.db
      .selectFrom('users')
      .select(['id', 'userName', 'fullName', 'passwordHash', 'isActive', 'totpEnabledAt'])
      .where('normalizedUserName', '=', account)
      .executeTakeFirst();
    const ok = user ? await verifyPassword(user.passwordHash, password) : (await burnPasswordCheck(password), false);
    // A disabled account answers as a wrong password does, whether the password was right or not (and counts the same
    // toward the throttle): the answer tells nobody which accounts exist or were disabled.
    if (!user || !ok || !user.isActive) {
      await record(user && ok ? 'inactive' : 'wrongPassword', user?.id ?? null);
      throw oauthError(400, 'invalid_grant', M.wrongPassword);
    }
    if (user.totpEnabledAt && !otp) {
      // The password was right: not a failure, but nothing issued until the code comes.
      await app.throttle.release(attempt.id);
      await record('mfaRequired', user.id);
      throw oauthError(400, 'mfa_required', M.mfaRequired);
    }
    const answer = await app.db.transaction().execute(async (trx) => {
      // The code is taken in the session's transaction: of two sign-ins with one code, one takes it (./two-factor.ts).
      if (user.totpEnabledAt && !(await twoFactorOf(app).consume(user.id, otp, trx))) return undefined;
      await app.throttle.succeeded(attempt.id, trx);
      const tokens = await app.tokens.startSession(user, clientId, form.scope?.trim() || DEFAULT_SCOPE, trx, { address: request.ip, userAgent: request.headers['user-agent'] });
      await recordSignIn(trx, app.now(), request, { userName, userId: user.id, outcome: 'success' });
      return tokens;
    });
    if (!answer) {
      // A wrong, used or replayed code: a failed attempt of the account (the reservation stays a failure).
      await record('wrongCode', user.id);
      const text = M.wrongOtp;
      throw httpError(400, text, { error: 'invalid_grant', error_description: text.en, field: 'otp' });
    }
    return answer;
  }

  app.post('/connect/token', async (request, reply) => {
    const form = parseInput(tokenForm, request.body);
    const { id, secret } = clientCredentials(request, form);
    const clientId = await authenticateClient(id, secret);
    noStore(reply);
    switch (form.grant_type) {
      case 'password':
        return passwordGrant(request, form, clientId);
      case 'refresh_token':
        if (!form.refresh_token) throw oauthError(400, 'invalid_request', M.missingRefreshToken);
        return app.tokens.rotate(form.refresh_token, clientId, request);
      default:
        throw oauthError(400, 'unsupported_grant_type', M.unsupportedGrant);
    }
  });

  app.post('/token', async (request, reply) => {
    const form = parseInput(shortTokenForm, request.body);
    const grantType = form.grantType ?? form.grant_type;
    const refreshToken = form.refreshToken ?? form.refresh_token;
    // Credentials are optional here; when given they must be right.
    const { id, secret } = clientCredentials(request, form);
    const clientId = id ? await authenticateClient(id, secret) : CONSOLE_CLIENT_ID;
    noStore(reply);
    if (grantType !== 'refresh_token') throw oauthError(400, 'unsupported_grant_type', M.unsupportedGrant);
    if (!refreshToken) throw oauthError(400, 'invalid_request', M.missingRefreshToken);
    return app.tokens.rotate(refreshToken, clientId, request);
  });

  app.post('/connect/revocation', async (request, reply) => {
    const form = parseInput(revocationForm, request.body);
    const { id, secret } = clientCredentials(request, form);
    const clientId = await authenticateClient(id, secret);
    if (!form.token) throw oauthError(400, 'invalid_request', M.missingToken);
    await app.tokens.revoke(form.token, clientId, request);
    noStore(reply);
    return reply.code(200).send({ code: 1, message: localize(request, M.success) });
  });
};
