// The referral team (spec part 2 §2 Team, Payment popup, Customer; §7 "Team" and "Customers"), under /api with the
// spec's paths. Collaborators and their referrals belong to the organisation (the spec's calls carry no website).
// Everyone signed in may read; approving, rejecting, locking and paying are an administrator's (403 otherwise).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { requireAdmin } from '../auth/guard';
import { dialectOf, iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { ok } from '../http/envelope';
import { keywordMatch, keywordOf, paging, phoneKeyword, queryInt, type Query } from '../http/query';
import { localize } from '../i18n';
import { M } from '../messages';
import { dynamic, parseId } from '../resources/index';
import { requestChanges } from '../resources/context';
import type { AnyQuery } from '../resources/engine';
import { pagePlan } from '../resources/totals';
import { validationError } from '../resources/records';
import { foldText } from '../../shared/text';
import type { Label } from '../../shared/resources/define';
import { isIsoDayOrTime, isPhone, MAX_ID, normalizePhone, zDayOrTime, zId } from '../../shared/input';
import type { Member, Patient, Unpaid } from '../../shared/team';
import { pay, paymentHistory, reverse, unpaidReferrals } from './ledger';

const T = {
  memberNotFound: { vi: 'Không tìm thấy cộng tác viên', en: 'Collaborator not found' } as Label,
  patientNotFound: { vi: 'Không tìm thấy bệnh nhân', en: 'Patient not found' } as Label,
  notPending: { vi: 'Cộng tác viên đã được duyệt hoặc từ chối trước đó', en: 'The collaborator was already approved or rejected' } as Label,
  notActive: { vi: 'Chỉ khoá hoặc mở tài khoản của cộng tác viên đang hoạt động', en: 'Only an active collaborator can be locked or unlocked' } as Label,
  reasonRequired: { vi: 'Lý do là trường bắt buộc', en: 'Reason is required' } as Label,
  nameRequired: { vi: 'Tên là trường bắt buộc', en: 'Name is required' } as Label,
  phoneRequired: { vi: 'Số điện thoại là trường bắt buộc', en: 'Phone number is required' } as Label,
  phoneFormat: { vi: 'Số điện thoại không đúng định dạng', en: 'Phone number is not valid' } as Label,
  completedFixed: { vi: 'Lượt khám đã hoàn thành: không thể đổi trạng thái hay ngày hẹn', en: 'The visit is completed: its status and appointment date cannot change' } as Label,
  completedNotSettable: { vi: 'Trạng thái Hoàn thành chỉ do phòng khám ghi nhận', en: 'Only the clinic records a completed visit' } as Label,
  proofRequired: { vi: 'Hãy tải lên chứng từ thanh toán', en: 'Upload the proof of payment' } as Label,
  chooseReferrals: { vi: 'Hãy chọn ít nhất một lượt giới thiệu', en: 'Choose at least one referral' } as Label,
  dayRequired: { vi: 'Hãy chọn ngày thanh toán', en: 'Choose the day to pay for' } as Label,
  monthRequired: { vi: 'Hãy chọn tháng thanh toán', en: 'Choose the month to pay for' } as Label,
  paid: { vi: 'Thanh toán thành công', en: 'Payment recorded' } as Label,
  reversed: { vi: 'Đã hoàn khoản thanh toán', en: 'Payment reversed' } as Label,
};

/**
 * The day a day or an ISO time names, as written (the console sends the chosen day at midnight, without moving it
 * across zones); undefined unless it is a real date (shared/input.ts).
 */
const dayOf = (value: unknown) => (isIsoDayOrTime(value) ? value.slice(0, 10) : undefined);

const memberColumns = ['c.id', 'c.fullName', 'c.phoneNumber', 'c.birthday', 'c.bankName', 'c.bankingNumber', 'c.bankAccountName', 'c.objectName', 'c.approvedStatus', 'c.declineReason', 'c.isActive', 'c.referralCode', 'c.createdAt'] as const;

/** Collaborators with their counts: referrals, completed ones, and the commission earned (integer dong). */
function members(app: FastifyInstance) {
  return app.db
    .selectFrom('collaborators as c')
    .select(memberColumns)
    .select((eb) => [
      eb.selectFrom('referrals').whereRef('referrals.collaboratorId', '=', 'c.id').select((e) => e.fn.countAll<number>().as('n')).as('totalPatient'),
      eb.selectFrom('referrals').whereRef('referrals.collaboratorId', '=', 'c.id').where('referrals.status', '=', 1).select((e) => e.fn.countAll<number>().as('n')).as('totalPatientSuccess'),
      eb.selectFrom('referrals').whereRef('referrals.collaboratorId', '=', 'c.id').where('referrals.status', '=', 1).select((e) => e.fn.coalesce(e.fn.sum<number>('referrals.amount'), sql<number>`0`).as('n')).as('totalPoint'),
    ]);
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof members>['execute']>>[number];
const memberJson = (r: MemberRow): Member => ({
  id: r.id,
  fullName: r.fullName,
  phoneNumber: r.phoneNumber,
  birthday: r.birthday,
  bankName: r.bankName,
  bankingNumber: r.bankingNumber,
  bankAccountName: r.bankAccountName,
  objectName: r.objectName,
  approvedStatus: r.approvedStatus as Member['approvedStatus'],
  declineReason: r.declineReason,
  isActive: r.isActive,
  referralCode: r.referralCode,
  createTime: r.createdAt,
  totalPatient: Number(r.totalPatient ?? 0),
  totalPatientSuccess: Number(r.totalPatientSuccess ?? 0),
  totalPoint: Number(r.totalPoint ?? 0),
});

const referralColumns = ['r.id', 'r.fullName', 'r.phoneNumber', 'r.status', 'r.appointmentDate', 'r.description', 'r.visitDate', 'r.amount', 'r.paymentId', 'r.collaboratorId', 'r.concurrencyStamp', 'r.createdAt', 'c.fullName as userFullName'] as const;
const referrals = (app: FastifyInstance) => app.db.selectFrom('referrals as r').innerJoin('collaborators as c', 'c.id', 'r.collaboratorId').select(referralColumns);
type ReferralRow = Awaited<ReturnType<ReturnType<typeof referrals>['execute']>>[number];
const referralJson = ({ createdAt, paymentId, ...r }: ReferralRow): Patient & { paymentId: number | null } => ({ ...r, paymentId, createTime: createdAt, paid: paymentId !== null });

const payer = (request: FastifyRequest) => ({ id: request.user!.id, fullName: request.user!.fullName });

export const teamRoutes: FastifyPluginAsync = async (app) => {
  /**
   * Changes a member only while it is in `from` (a conditional update: of two requests at once, the second finds it
   * moved and answers 409 with `refusal`); 404 for an unknown id. Answers the member as it now is.
   */
  async function moveMember(request: FastifyRequest, id: number, from: number, change: { approvedStatus?: number; declineReason?: string | null; isActive?: boolean }, refusal: Label) {
    const changed = await app.db
      .updateTable('collaborators')
      .set({ ...change, concurrencyStamp: randomUUID(), updatedAt: iso(app.now()) })
      .where('id', '=', id)
      .where('approvedStatus', '=', from)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      const exists = await app.db.selectFrom('collaborators').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? httpError(409, refusal) : httpError(404, T.memberNotFound);
    }
    return ok(request, M.updated, memberJson(await members(app).where('c.id', '=', id).executeTakeFirstOrThrow()));
  }

  // ---- Đội nhóm ----
  app.get('/DoiNhom', async (request) => {
    const query = request.query as Query;
    const { pageSize, offset } = paging(query, 10, 1000);
    const status = queryInt(query.approvedStatus, 'approvedStatus', 1, 3);
    // Name, or phone number however it is written (stored as its digits).
    const keyword = phoneKeyword(keywordOf(query)) ?? keywordOf(query);
    const db = dynamic(app.db);
    const filtered = <Q extends AnyQuery>(q: Q, keyword: string | undefined, scan = false): Q => {
      let out = q;
      if (status !== undefined) out = out.where('c.approvedStatus', '=', status) as Q;
      if (keyword) out = out.where(keywordMatch(keyword, { table: 'collaborators', alias: 'c', dialect: dialectOf(app.db), scan })) as Q;
      return out;
    };
    const count = (keyword?: string) => filtered(db.selectFrom('collaborators as c'), keyword).select((eb) => eb.fn.countAll<number>().as('count'));
    const { totalRows, read, scan } = await pagePlan(db, { keyword, offset, size: pageSize, count, changes: () => requestChanges(app.db, request) });
    if (!read) return { code: 1, message: localize(request, M.success), data: [], totalRows };
    // The page's members first, then their counts: counted for every match before the sort and the limit, they cost
    // a page 14 ms at 200 matches among 1,000 members with 100,000 referrals.
    const page = filtered(app.db.selectFrom('collaborators as c').select('c.id'), keyword, scan);
    const ids = (await page.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').limit(pageSize).offset(offset).execute()).map((r) => r.id);
    const data = ids.length ? (await members(app).where('c.id', 'in', ids).orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').execute()).map(memberJson) : [];
    return { code: 1, message: localize(request, M.success), data, totalRows };
  });

  // The collaborator filter of /customer: active members (`?approvedStatus=2`), id and name.
  app.get('/DoiNhom/export', async (request) => {
    const status = queryInt((request.query as Query).approvedStatus, 'approvedStatus', 1, 3);
    let q = app.db.selectFrom('collaborators').select(['id', 'fullName', 'phoneNumber']);
    if (status !== undefined) q = q.where('approvedStatus', '=', status);
    return ok(request, M.success, await q.orderBy('fullName').execute());
  });

  app.get('/DoiNhom/detail/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const row = await members(app).where('c.id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, T.memberNotFound);
    return ok(request, M.success, { ...memberJson(row), payments: await paymentHistory(app.db, id) });
  });

  app.get('/DoiNhom/get-unpaid/:memberId', async (request) => {
    const id = parseId((request.params as { memberId: string }).memberId, 'memberId');
    const rows = await unpaidReferrals(app.db, id);
    return ok(request, M.success, rows.map((r): Unpaid => ({ id: r.id, fullName: r.fullName, ngayDenKham: r.visitDate as string, point: r.amount as number })));
  });

  app.get('/DoiNhom/payments/:memberId', async (request) => {
    const id = parseId((request.params as { memberId: string }).memberId, 'memberId');
    return ok(request, M.success, await paymentHistory(app.db, id));
  });

  app.post('/DoiNhom/payment-commission/:memberId', async (request) => {
    requireAdmin(request);
    const id = parseId((request.params as { memberId: string }).memberId, 'memberId');
    const body = parseInput(
      z.object({
        paymentType: z.union([z.literal(0), z.literal(1)]),
        paymentTime: zDayOrTime.optional().nullable(),
        month: z.number().int().min(1).max(12).optional().nullable(),
        year: z.number().int().min(2000).max(2100).optional().nullable(),
        url: z.string().max(2000).optional().nullable(),
        ids: z.array(zId).max(1000),
      }),
      request.body,
    );
    const ui = request;
    const errors: { field: string; message: string }[] = [];
    const day = dayOf(body.paymentTime);
    if (body.paymentType === 0 && !day) errors.push({ field: 'paymentTime', message: localize(ui, T.dayRequired) });
    if (body.paymentType === 1 && (!body.month || !body.year)) errors.push({ field: 'month', message: localize(ui, T.monthRequired) });
    if (!body.ids.length) errors.push({ field: 'ids', message: localize(ui, T.chooseReferrals) });
    if (!body.url?.trim()) errors.push({ field: 'url', message: localize(ui, T.proofRequired) });
    if (errors.length) throw validationError(errors);
    const payment = await pay(app.db, id, { paymentType: body.paymentType, day, month: body.month ?? undefined, year: body.year ?? undefined, proofUrl: body.url!.trim(), ids: [...new Set(body.ids)] }, payer(request), app.now());
    return ok(request, T.paid, payment);
  });

  app.post('/DoiNhom/payment-reverse/:paymentId', async (request) => {
    requireAdmin(request);
    const id = parseId((request.params as { paymentId: string }).paymentId, 'paymentId');
    const { reason } = parseInput(z.object({ reason: z.string().max(1000).optional() }), request.body ?? {});
    if (!reason?.trim()) throw validationError([{ field: 'reason', message: localize(request, T.reasonRequired) }]);
    return ok(request, T.reversed, await reverse(app.db, id, reason.trim(), payer(request), app.now()));
  });

  // Approve (2) or reject (3, with a reason) a pending collaborator: only from pending, whoever is first.
  app.put('/DoiNhom/status/:id', async (request) => {
    requireAdmin(request);
    const id = parseId((request.params as { id: string }).id);
    const body = parseInput(z.object({ status: z.union([z.literal(2), z.literal(3)]), declineReason: z.string().max(1000).optional().nullable() }), request.body);
    const reason = body.declineReason?.trim() || null;
    if (body.status === 3 && !reason) throw validationError([{ field: 'declineReason', message: localize(request, T.reasonRequired) }]);
    return moveMember(request, id, 1, { approvedStatus: body.status, declineReason: body.status === 3 ? reason : null }, T.notPending);
  });

  // Lock (false) or unlock (true) an active collaborator.
  app.put('/DoiNhom/isActive/:id/:value', async (request) => {
    requireAdmin(request);
    const params = request.params as { id: string; value: string };
    const id = parseId(params.id);
    if (params.value !== 'true' && params.value !== 'false') throw httpError(400, M.badQuery('value'));
    return moveMember(request, id, 2, { isActive: params.value === 'true' }, T.notActive);
  });

  // ---- Customers: the referred patients ----
  app.get('/DoiNhom/ttbn-search', async (request) => {
    const query = request.query as Query;
    const { pageSize, offset } = paging(query, 10, 1000);
    const status = queryInt(query.status, 'status', 0, 4);
    const userId = queryInt(query.userId, 'userId', 0, MAX_ID);
    // Name, or phone number however it is written (stored as its digits).
    const keyword = phoneKeyword(keywordOf(query)) ?? keywordOf(query);
    const from = query.startDate === undefined || query.startDate === '' ? undefined : dayOf(query.startDate);
    const to = query.endDate === undefined || query.endDate === '' ? undefined : dayOf(query.endDate);
    if (query.startDate && !from) throw httpError(400, M.badQuery('startDate'), { field: 'startDate' });
    if (query.endDate && !to) throw httpError(400, M.badQuery('endDate'), { field: 'endDate' });
    const db = dynamic(app.db);
    const filtered = <Q extends AnyQuery>(q: Q, keyword: string | undefined, scan = false): Q => {
      let out = q;
      if (status !== undefined) out = out.where('r.status', '=', status) as Q;
      if (userId) out = out.where('r.collaboratorId', '=', userId) as Q;
      if (keyword) out = out.where(keywordMatch(keyword, { table: 'referrals', alias: 'r', dialect: dialectOf(app.db), scan })) as Q;
      // The dates are days of the registration (createTime), both ends included.
      if (from) out = out.where('r.createdAt', '>=', from) as Q;
      if (to) out = out.where('r.createdAt', '<', nextDay(to)) as Q;
      return out;
    };
    const count = (keyword?: string) => filtered(db.selectFrom('referrals as r'), keyword).select((eb) => eb.fn.countAll<number>().as('count'));
    const { totalRows, read, scan } = await pagePlan(db, { keyword, offset, size: pageSize, count, changes: () => requestChanges(app.db, request) });
    if (!read) return { code: 1, message: localize(request, M.success), data: [], totalRows };
    const base = filtered(referrals(app), keyword, scan);
    const rows = await base.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(pageSize).offset(offset).execute();
    return { code: 1, message: localize(request, M.success), data: rows.map(referralJson), totalRows };
  });

  app.get('/DoiNhom/ttbn-detail/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const row = await referrals(app).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, T.patientNotFound);
    return ok(request, M.success, referralJson(row));
  });

  app.put('/DoiNhom/ttbn-update/:id', async (request) => {
    const id = parseId((request.params as { id: string }).id);
    const body = parseInput(
      z.object({
        fullName: z.string().max(250).optional().nullable(),
        phoneNumber: z.string().max(30).optional().nullable(),
        appointmentDate: z.string().max(40).optional().nullable(),
        description: z.string().max(4000).optional().nullable(),
        status: z.number().int().min(0).max(4),
        concurrencyStamp: z.string().min(1).max(100),
      }),
      request.body,
    );
    const errors: { field: string; message: string }[] = [];
    if (!body.fullName?.trim()) errors.push({ field: 'fullName', message: localize(request, T.nameRequired) });
    if (!body.phoneNumber?.trim()) errors.push({ field: 'phoneNumber', message: localize(request, T.phoneRequired) });
    if (body.phoneNumber?.trim() && !isPhone(body.phoneNumber)) errors.push({ field: 'phoneNumber', message: localize(request, T.phoneFormat) });
    if (body.appointmentDate && !isIsoDayOrTime(body.appointmentDate)) errors.push({ field: 'appointmentDate', message: localize(request, M.badQuery('appointmentDate')) });
    if (errors.length) throw validationError(errors);
    const current = await app.db.selectFrom('referrals').select(['status', 'appointmentDate', 'concurrencyStamp']).where('id', '=', id).executeTakeFirst();
    if (!current) throw httpError(404, T.patientNotFound);
    const appointmentDate = body.appointmentDate || null;
    if (current.status === 1 && (body.status !== 1 || (appointmentDate ?? null) !== (current.appointmentDate ?? null))) throw httpError(400, T.completedFixed, { field: 'status' });
    if (current.status !== 1 && body.status === 1) throw httpError(400, T.completedNotSettable, { field: 'status' });
    const fullName = body.fullName!.trim();
    const phoneNumber = normalizePhone(body.phoneNumber!);
    // The stamp moves when the clinic completes the visit too: an edit from before that answers 409, never undoes it.
    const changed = await app.db
      .updateTable('referrals')
      .set({ fullName, phoneNumber, appointmentDate, description: body.description ?? null, status: body.status, searchText: foldText(`${fullName} ${phoneNumber}`), concurrencyStamp: randomUUID(), updatedAt: iso(app.now()) })
      .where('id', '=', id)
      .where('concurrencyStamp', '=', body.concurrencyStamp)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) {
      const now = await referrals(app).where('r.id', '=', id).executeTakeFirst();
      throw httpError(409, M.conflict, { data: now ? referralJson(now) : null });
    }
    return ok(request, M.updated, referralJson((await referrals(app).where('r.id', '=', id).executeTakeFirstOrThrow())));
  });
};

/** The day after a YYYY-MM-DD day (its start: an end date includes the whole day). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
