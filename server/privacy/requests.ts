// A person's requests about their data (issue 40; docs/api.md "A person's request"):
//   GET  /api/Privacy/subjects?phone=&email=&name=   every record naming the person: { data: [{ resource, website, id, fields, createdAt }] }
//   POST /api/Privacy/export { phone?, email? }       a ZIP: each record's JSON (the person's values and their history), the files they sent
//   POST /api/Privacy/erase  { phone?, email?, reason } each record's personal fields erased (./index.ts eraseRecord): { erased: [{ resource, website, id }] }
// Export and erase name the person by phone or e-mail only: a name alone is too many people to export or erase.
//
// Who: administrators, over every website; a staff member whose role grants the `privacy` action
// (shared/permissions.ts), over the areas and websites where it grants it (the organisation's records where any of
// their roles grants it on that area, as the engine reads grants for them). Anyone else: 403.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { grantKey, handlesPrivacy, mayHandlePrivacy } from '../../shared/permissions';
import { isPhone } from '../../shared/input';
import type { Label } from '../../shared/resources/define';
import { httpError, parseInput } from '../errors';
import { localize } from '../i18n';
import { operationContext, permissionsOf } from '../resources/index';
import { exportZip } from './export';
import { eraseRecord, scrubAfterErase } from './index';
import { findSubjects, type Person, type Reach, type Subject } from './subjects';

const T = {
  notAllowed: {
    vi: 'Chỉ quản trị viên hoặc vai trò được cấp quyền "Dữ liệu cá nhân" mới xử lý được yêu cầu về dữ liệu cá nhân',
    en: 'Only administrators or a role granted "Personal data" may handle personal data requests',
  } as Label,
  nobody: { vi: 'Hãy nhập số điện thoại, email hoặc họ tên', en: 'Enter a phone number, an e-mail or a name' } as Label,
  phoneOrEmail: { vi: 'Hãy nhập số điện thoại hoặc email', en: 'Enter a phone number or an e-mail' } as Label,
  badPhone: { vi: 'Số điện thoại không hợp lệ (8 đến 15 chữ số)', en: 'The phone number is not valid (8 to 15 digits)' } as Label,
  badEmail: { vi: 'Email không hợp lệ', en: 'The e-mail is not valid' } as Label,
  reasonRequired: { vi: 'Lý do xoá là trường bắt buộc', en: 'The reason for erasing is required' } as Label,
};

const text = (max: number) => z.string().max(max).optional().nullable();
const queryShape = z.object({ phone: text(40), email: text(256), name: text(200) });
const exportShape = z.object({ phone: text(40), email: text(256) });
const eraseShape = z.object({ phone: text(40), email: text(256), reason: text(1000) });

/** The person a request names, checked: 400 with a Message for nobody, a phone that is none, an e-mail that is none. */
function personOf(raw: { phone?: string | null; email?: string | null; name?: string | null }, byName: boolean): Person {
  const person: Person = {
    phone: raw.phone?.trim() || undefined,
    email: raw.email?.trim() || undefined,
    name: byName ? raw.name?.trim() || undefined : undefined,
  };
  if (!person.phone && !person.email && !person.name) throw httpError(400, byName ? T.nobody : T.phoneOrEmail, { field: 'phone' });
  if (person.phone && !isPhone(person.phone)) throw httpError(400, T.badPhone, { field: 'phone' });
  if (person.email && !/^[^\s@]+@[^\s@]+$/.test(person.email)) throw httpError(400, T.badEmail, { field: 'email' });
  return person;
}

/** What the caller may reach (403 when nothing): administrators every record; a granted role its areas and websites. */
async function reachOf(app: FastifyInstance, request: FastifyRequest): Promise<Reach> {
  const p = await permissionsOf(app.db, request);
  if (!handlesPrivacy(p)) throw httpError(403, T.notAllowed);
  return (def, websiteId) => mayHandlePrivacy(p, websiteId, grantKey(def));
}

const wire = (s: Subject) => ({ resource: s.def.name, website: s.websiteId, id: s.id });

export const privacyRequestRoutes: FastifyPluginAsync = async (app) => {
  app.get('/Privacy/subjects', async (request) => {
    const reach = await reachOf(app, request);
    const person = personOf(parseInput(queryShape, request.query), true);
    const found = await findSubjects(app.db, person, reach);
    return { data: found.map((s) => ({ ...wire(s), fields: s.fields, createdAt: s.createdAt })) };
  });

  app.post('/Privacy/export', async (request, reply) => {
    const reach = await reachOf(app, request);
    const person = personOf(parseInput(exportShape, request.body), false);
    const found = await findSubjects(app.db, person, reach);
    const zip = await exportZip(app, found, { phone: person.phone, email: person.email });
    // Who exported whose data, and when: an `export` entry on each record exported, in one transaction (the audit).
    if (found.length) {
      await app.db.transaction().execute(async (trx) => {
        const ctx = operationContext(app, request, undefined, trx);
        for (const s of found) {
          await app.resources.engine.own(ctx, s.def.name, async () => ({
            result: undefined,
            written: { websiteId: s.websiteId ?? undefined, ids: [s.id], operation: 'action', action: 'export' },
          }));
        }
      });
    }
    const day = app.now().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="personal-data-${day}.zip"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(zip));
  });

  app.post('/Privacy/erase', async (request) => {
    const reach = await reachOf(app, request);
    const body = parseInput(eraseShape, request.body);
    const person = personOf(body, false);
    const reason = body.reason?.trim();
    if (!reason) throw httpError(400, T.reasonRequired, { field: 'reason' });
    const found = await findSubjects(app.db, person, reach);
    const erased: ReturnType<typeof wire>[] = [];
    // Each record in its own transaction (eraseRecord's): one that fails leaves the others erased, and says so.
    for (const s of found) {
      const done = await eraseRecord(app, { def: s.def, websiteId: s.websiteId, id: s.id }, { reason, request });
      if (done === 'erased') erased.push(wire(s));
    }
    if (erased.length) await scrubAfterErase(app, [...new Set(found.map((s) => s.def.table))]);
    return { erased, message: localize(request, { vi: `Đã xoá dữ liệu cá nhân của ${erased.length} bản ghi`, en: `Erased the personal data of ${erased.length} records` }) };
  });
};
