// The referral team on the engine (shared/resources/team.ts): collaborators (`GET DoiNhom`, `DoiNhom/detail/{id}`,
// `DoiNhom/export`, their approval and locking machines) and referred patients (`DoiNhom/ttbn-search`,
// `ttbn-detail/{id}`, `ttbn-update/{id}`), with the spec's paths and answers. The engine pages, searches (name, or a
// phone number however it is written), filters and reads; these hooks add the wire shapes (./wire.ts), the filters
// the spec names, and the words of its 404s. The ledger is ./routes.ts.
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { ok } from '../http/envelope';
import { queryInt } from '../http/query';
import { localize } from '../i18n';
import { M } from '../messages';
import { serve, validationError, type ActionDef } from '../resources/index';
import { collaborator, referral } from '../../shared/resources/team';
import type { FieldDef, Label } from '../../shared/resources/define';
import { isIsoDayOrTime, isPhone, MAX_ID, normalizePhone } from '../../shared/input';
import { foldText } from '../../shared/text';
import { paymentHistory } from './ledger';
import { memberNames, members, patient, patients } from './wire';
import { TEAM_WORDS } from './words';

const T = {
  memberNotFound: { vi: 'Không tìm thấy cộng tác viên', en: 'Collaborator not found' } as Label,
  patientNotFound: { vi: 'Không tìm thấy bệnh nhân', en: 'Patient not found' } as Label,
  completedFixed: { vi: 'Lượt khám đã hoàn thành: không thể đổi trạng thái hay ngày hẹn', en: 'The visit is completed: its status and appointment date cannot change' } as Label,
  completedNotSettable: { vi: 'Trạng thái Hoàn thành chỉ do phòng khám ghi nhận', en: 'Only the clinic records a completed visit' } as Label,
};

/** The collaborator filter of /customer: `?approvedStatus=2` (active members), id and name. */
const exportNames: ActionDef = {
  path: collaborator.api.actions!.export,
  async run({ ctx, query }) {
    return ok(ctx.request, M.success, await memberNames(ctx.db, queryInt(query.approvedStatus, 'approvedStatus', 1, 3)));
  },
};

export const collaboratorResource = serve(
  collaborator,
  {
    listEnvelope: true,
    filters: [{ name: 'approvedStatus', kind: 'int', min: 1, max: 3 }],
    listRows: (ctx, rows) => members(ctx.db, rows),
    // The detail also carries every payment made to the member (the ledger's history).
    detail: async (db, row) => ({ ...(await members(db, [row]))[0], payments: await paymentHistory(db, row.id as number) }),
    messages: { notFound: T.memberNotFound },
    // Its approval and locking are its machines (shared/team.ts), served by the engine (server/resources/machines.ts).
    actions: [exportNames],
  },
  { tableFromMigration: true },
);

const requiredOf = (name: string) => (referral.fields as readonly FieldDef[]).find((f) => f.name === name)!.required as Label;

/**
 * `PUT DoiNhom/ttbn-update/{id}`: name, phone, appointment, notes and status of a referred patient, with its stamp.
 * Answers in the order the spec's client has always seen: the body (400 naming each field), the record (404), the
 * completed visit's rule (400: its status and appointment are the clinic's), then the stamp (409 with the record as
 * it is: the clinic completing the visit moves the stamp too, so an edit from before never undoes it).
 */
const updatePatient: ActionDef = {
  path: referral.api.actions!.update,
  async run({ ctx, id, body: raw }) {
    const { request } = ctx;
    const body = parseInput(
      z.object({
        fullName: z.string().max(250).optional().nullable(),
        phoneNumber: z.string().max(30).optional().nullable(),
        appointmentDate: z.string().max(40).optional().nullable(),
        description: z.string().max(4000).optional().nullable(),
        status: z.number().int().min(0).max(4),
        concurrencyStamp: z.string().min(1).max(100),
      }),
      raw,
    );
    const errors: { field: string; message: string }[] = [];
    if (!body.fullName?.trim()) errors.push({ field: 'fullName', message: localize(request, requiredOf('fullName')) });
    if (!body.phoneNumber?.trim()) errors.push({ field: 'phoneNumber', message: localize(request, requiredOf('phoneNumber')) });
    if (body.phoneNumber?.trim() && !isPhone(body.phoneNumber)) errors.push({ field: 'phoneNumber', message: localize(request, TEAM_WORDS.phoneFormat) });
    if (body.appointmentDate && !isIsoDayOrTime(body.appointmentDate)) errors.push({ field: 'appointmentDate', message: localize(request, M.badQuery('appointmentDate')) });
    if (errors.length) throw validationError(errors);
    const current = (await ctx.db.selectFrom(referral.table).select(['status', 'appointmentDate']).where('id', '=', id!).executeTakeFirst()) as { status: number; appointmentDate: string | null } | undefined;
    if (!current) throw httpError(404, T.patientNotFound);
    const appointmentDate = body.appointmentDate || null;
    if (current.status === 1 && (body.status !== 1 || appointmentDate !== (current.appointmentDate ?? null))) throw httpError(400, T.completedFixed, { field: 'status' });
    if (current.status !== 1 && body.status === 1) throw httpError(400, T.completedNotSettable, { field: 'status' });
    const fullName = body.fullName!.trim();
    const phoneNumber = normalizePhone(body.phoneNumber!);
    // With its history entry (the record before and after), in one transaction.
    const after = await ctx.db.transaction().execute(async (trx) => {
      const before = await patient(trx, id!);
      const changed = await trx
        .updateTable(referral.table)
        .set({ fullName, phoneNumber, appointmentDate, description: body.description ?? null, status: body.status, searchText: foldText(`${fullName} ${phoneNumber}`), concurrencyStamp: randomUUID(), updatedAt: iso(ctx.now) })
        .where('id', '=', id!)
        .where('concurrencyStamp', '=', body.concurrencyStamp)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw httpError(409, M.conflict, { data: (await patient(trx, id!)) ?? null });
      const after = await patient(trx, id!);
      await request.server.writes.tell(trx, { websiteId: undefined, resource: referral.name, ids: [id!], operation: 'update', before, after, request });
      return after;
    });
    return ok(request, M.updated, after);
  },
};

export const referralResource = serve(
  referral,
  {
    listEnvelope: true,
    filters: [
      { name: 'status', kind: 'int', min: 0, max: 4 },
      // The spec's client sends `userId=0` for "every collaborator".
      { name: 'userId', kind: 'int', min: 0, max: MAX_ID, column: 'collaboratorId', none: 0 },
      // Days of the registration (createTime), both ends included.
      { name: 'startDate', kind: 'from', column: 'createdAt', day: true },
      { name: 'endDate', kind: 'to', column: 'createdAt', day: true },
    ],
    listRows: (ctx, rows) => patients(ctx.db, rows),
    detail: async (db, row) => (await patients(db, [row]))[0],
    messages: { notFound: T.patientNotFound },
    actions: [updatePatient],
  },
  { tableFromMigration: true },
);
