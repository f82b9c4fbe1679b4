// The clinic system's side of a referral: when a referred patient's visit is completed, the clinic records the day
// and the commission (integer dong) with `POST /integration/visits`, authenticated by an API key of its own. Keys
// are made by an administrator (`/api/IntegrationKeys`), shown once, stored as their SHA-256 only, and revocable;
// a revoked or unknown key answers 401 like no key at all.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { iso, lockRow } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { operationContext, parseId } from '../resources/index';
import { enforce } from '../resources/access';
import { ruleOf } from '../../shared/resources/access';
import { collaborator, referral } from '../../shared/resources/team';
import type { Label } from '../../shared/resources/define';
import { zDay, zId, zWholeNumber } from '../../shared/input';

const T = {
  badKey: { vi: 'Khoá tích hợp không hợp lệ hoặc đã bị thu hồi', en: 'The integration key is missing, unknown or revoked' } as Label,
  keyNotFound: { vi: 'Không tìm thấy khoá tích hợp', en: 'Integration key not found' } as Label,
  referralNotFound: { vi: 'Không tìm thấy lượt giới thiệu', en: 'Referral not found' } as Label,
  alreadyPaid: { vi: 'Lượt khám này đã được thanh toán hoa hồng: không thể ghi lại', en: 'The commission of this visit is already paid: it cannot be recorded again' } as Label,
  recorded: { vi: 'Đã ghi nhận lượt khám', en: 'Visit recorded' } as Label,
  created: { vi: 'Đã tạo khoá tích hợp: hãy lưu lại, khoá chỉ hiện một lần', en: 'Integration key created: keep it now, it is shown only once' } as Label,
  revoked: { vi: 'Đã thu hồi khoá tích hợp', en: 'Integration key revoked' } as Label,
};


export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** `X-Api-Key: <key>` or `Authorization: ApiKey <key>`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const auth = request.headers.authorization;
  return typeof auth === 'string' && /^ApiKey\s+/i.test(auth) ? auth.replace(/^ApiKey\s+/i, '').trim() : undefined;
}

async function requireKey(app: FastifyInstance, request: FastifyRequest) {
  const key = presentedKey(request);
  if (!key || key.length > 200) throw httpError(401, T.badKey);
  const row = await app.db.selectFrom('integration_keys').select(['id', 'name']).where('keyHash', '=', hashKey(key)).where('revokedAt', 'is', null).executeTakeFirst();
  if (!row) throw httpError(401, T.badKey);
  await app.db.updateTable('integration_keys').set({ lastUsedAt: iso(app.now()) }).where('id', '=', row.id).execute();
  // Who writes (the history's actor): this key, by its name.
  request.actor = { kind: 'integration', id: row.id, name: row.name };
  return row;
}

/** `/integration`: what the clinic system calls (no console session; its own key). */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  app.post('/visits', async (request) => {
    await requireKey(app, request);
    const body = parseInput(
      z.object({
        referralId: zId,
        visitDate: zDay,
        amount: zWholeNumber(1, 2_000_000_000),
      }),
      request.body,
    );
    return app.db.transaction().execute(async (trx) => {
      // The referral's row is locked, so a payment (which reads it under its own lock) sees the visit or not, never half.
      if (!(await lockRow(trx, 'referrals', body.referralId)) && !(await trx.selectFrom('referrals').select('id').where('id', '=', body.referralId).executeTakeFirst())) {
        throw httpError(404, T.referralNotFound);
      }
      const current = await trx.selectFrom('referrals').select(['status', 'visitDate', 'amount', 'paymentId']).where('id', '=', body.referralId).executeTakeFirstOrThrow();
      if (current.paymentId !== null) {
        if (current.status === 1 && current.visitDate === body.visitDate && current.amount === body.amount) return ok(request, T.recorded, { id: body.referralId, status: 1 });
        throw httpError(409, T.alreadyPaid);
      }
      // Through the engine: a new stamp (an edit opened before it is stale), its history entry by this key, its webhooks.
      const values = { status: 1, visitDate: body.visitDate, amount: body.amount };
      await app.resources.engine.change(operationContext(app, request, undefined, trx), referral, { keys: {} }, body.referralId, values);
      return ok(request, T.recorded, { id: body.referralId, ...values });
    });
  });
};

/** Making, listing and revoking keys is an administrator's (the team's declaration: `access.actions.integrationKeys`). */
const mayManage = (request: FastifyRequest) => enforce(request, ruleOf(collaborator.access, { action: 'integrationKeys' }));

/** `/api/IntegrationKeys` (administrators): make, list, revoke. */
export const integrationKeyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/IntegrationKeys', async (request) => {
    mayManage(request);
    const rows = await app.db.selectFrom('integration_keys').select(['id', 'name', 'keyPrefix', 'createdAt', 'revokedAt', 'lastUsedAt']).orderBy('id', 'desc').execute();
    return ok(request, M.success, rows);
  });
  app.post('/IntegrationKeys', async (request) => {
    mayManage(request);
    const { name } = parseInput(z.object({ name: z.string().trim().min(1).max(100) }), request.body);
    const key = `sdk_${randomBytes(32).toString('base64url')}`;
    // With its history entry, in one transaction (never the key itself: its name and prefix).
    const id = await app.resources.engine.own(operationContext(app, request), 'integrationKey', async (db) => {
      const { id } = await db
        .insertInto('integration_keys')
        .values({ name, keyHash: hashKey(key), keyPrefix: key.slice(0, 10), createdBy: request.user!.id, createdAt: iso(app.now()), revokedAt: null, lastUsedAt: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { result: id, written: { websiteId: undefined, ids: [id], operation: 'create', after: { id, name, keyPrefix: key.slice(0, 10) } } };
    });
    return ok(request, T.created, { id, name, key, keyPrefix: key.slice(0, 10) });
  });
  app.delete('/IntegrationKeys/:id', async (request) => {
    mayManage(request);
    const id = parseId((request.params as { id: string }).id);
    await app.resources.engine.own(operationContext(app, request), 'integrationKey', async (db) => {
      const revokedAt = iso(app.now());
      const changed = await db.updateTable('integration_keys').set({ revokedAt }).where('id', '=', id).where('revokedAt', 'is', null).executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) {
        if (!(await db.selectFrom('integration_keys').select('id').where('id', '=', id).executeTakeFirst())) throw httpError(404, T.keyNotFound);
        return { result: undefined }; // revoked already: nothing changed, no entry
      }
      return { result: undefined, written: { websiteId: undefined, ids: [id], operation: 'action', action: 'revoke', before: { revokedAt: null }, values: { revokedAt } } };
    });
    return ok(request, T.revoked, { id });
  });
};
