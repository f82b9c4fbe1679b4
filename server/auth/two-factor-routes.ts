// The second factor of one's own account (docs/api.md "The second factor"), bearer:
//   POST /api/Me/2fa/setup    → { secret, otpauthUrl }: a new pending secret (the console shows the address as a QR code)
//   POST /api/Me/2fa/enable   { code } → { recoveryCodes }: a first code confirms it; ten recovery codes, shown once
//   POST /api/Me/2fa/disable  { password, code }: off (the code: a current one or a recovery code)
// Each is an entry of the user's history through the engine (`engine.own`), holding neither the secret nor any code.
// Wrong passwords and codes at `disable` count toward the account's sign-in throttle (./throttle.ts).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import type { Database } from '../db/schema';
import { bodyObject, operationContext, type DynamicDb } from '../resources/index';
import { verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { TwoFactor } from './two-factor';

const services = new WeakMap<TokenService, TwoFactor>();
/** The app's second factor (keyed by its token service: one per app, whichever plugin asks). */
export function twoFactorOf(app: FastifyInstance): TwoFactor {
  let service = services.get(app.tokens);
  if (!service) services.set(app.tokens, (service = new TwoFactor(app.db, () => app.now(), app.tokens.settings.secret)));
  return service;
}

const typed = (db: DynamicDb) => db as unknown as Kysely<Database>;

function textField(body: Record<string, unknown>, name: string, message: { vi: string; en: string }): string {
  // A code sent as a JSON number: its six digits (leading zeros included).
  const v = name === 'code' && typeof body[name] === 'number' && Number.isSafeInteger(body[name]) ? String(body[name]).padStart(6, '0') : body[name];
  if (typeof v !== 'string' || !v.trim() || v.length > 200) throw httpError(400, message, { field: name });
  return v;
}

export const twoFactorRoutes: FastifyPluginAsync = async (app) => {
  const twoFactor = twoFactorOf(app);
  /** The entry of the user's history: the act's name only. */
  const entry = (request: FastifyRequest, action: string) => ({ websiteId: undefined, ids: [request.user.id], operation: 'action' as const, action });

  app.post('/Me/2fa/setup', async (request) => {
    const user = request.user;
    const made = await app.resources.engine.own(operationContext(app, request), 'user', async (db) => {
      const result = await twoFactor.setup(user, typed(db));
      if (result === 'enabled') throw httpError(409, M.twoFactorAlreadyOn);
      return { result, written: entry(request, 'twoFactorSetup') };
    });
    // The envelope's `data`, and the same two fields at the top (the issue's `{ secret, otpauthUrl }`).
    return { ...ok(request, M.success, made), ...made };
  });

  app.post('/Me/2fa/enable', async (request) => {
    const code = textField(bodyObject(request.body), 'code', M.codeRequired);
    const recoveryCodes = await app.resources.engine.own(operationContext(app, request), 'user', async (db) => {
      const result = await twoFactor.enable(request.user.id, code, typed(db));
      if (result === 'notPending') throw httpError(409, M.twoFactorNotPending);
      if (result === 'wrongCode') throw httpError(400, M.wrongOtp, { field: 'code' });
      return { result, written: entry(request, 'twoFactorEnable') };
    });
    return { ...ok(request, M.updated, { recoveryCodes }), recoveryCodes };
  });

  app.post('/Me/2fa/disable', async (request) => {
    const body = bodyObject(request.body);
    const password = textField(body, 'password', M.passwordWrong);
    const code = textField(body, 'code', M.codeRequired);
    const user = await app.db.selectFrom('users').select(['normalizedUserName', 'passwordHash', 'totpEnabledAt']).where('id', '=', request.user.id).executeTakeFirstOrThrow();
    if (!user.totpEnabledAt) throw httpError(409, M.twoFactorNotOn);
    // A stolen access token must not become a way to guess the password or the code: each try is a sign-in attempt.
    const attempt = await app.throttle.reserve(user.normalizedUserName, request.ip ?? null);
    if ('wait' in attempt) {
      const err = httpError(429, M.throttled(Math.ceil(attempt.wait / 60)));
      err.headers['Retry-After'] = String(attempt.wait);
      throw err;
    }
    if (!(await verifyPassword(user.passwordHash, password))) throw httpError(400, M.passwordWrong, { field: 'password' });
    await app.resources.engine.own(operationContext(app, request), 'user', async (db) => {
      if (!(await twoFactor.consume(request.user.id, code, typed(db)))) throw httpError(400, M.wrongOtp, { field: 'code' });
      await twoFactor.disable(request.user.id, typed(db));
      await app.throttle.succeeded(attempt.id, typed(db));
      return { result: undefined, written: entry(request, 'twoFactorDisable') };
    });
    return ok(request, M.updated);
  });
};
