// The commission ledger: paying a collaborator for referrals, reversing a payment, and the history. Amounts are
// integer dong. What makes a double payment impossible (docs/api.md "Rules the database enforces"):
//   1. every payment of a collaborator runs in one transaction that first locks the collaborator's row, so two
//      payments of the same member (two staff pressing Pay at once) run one after the other on PostgreSQL;
//   2. the referrals are then read again inside it: any already settled is named in a 409 and nothing is written;
//   3. the write itself is `update referrals set "paymentId" = … where id in (…) and "paymentId" is null`, and the
//      transaction rolls back unless it settled every one, so even a path that skipped 1–2 cannot pay twice;
//   4. a CHECK refuses settling a referral that is not completed with an amount and a visit day; ledger rows are
//      append-only (triggers), and a reversal is a new entry (unique per payment) that sets the referrals unpaid.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf, iso, lockRow } from '../db/dialect';
import { httpError } from '../errors';
import type { Label } from '../../shared/resources/define';
import type { Payment } from '../../shared/team';
import type { FastifyRequest } from 'fastify';
import type { WriteEvent } from '../resources/index';
import { collaborator } from '../../shared/resources/team';

export const PAYMENT_TYPES = { byDay: 0, previousMonth: 1 } as const;

export interface PaymentRequest {
  paymentType: 0 | 1;
  /** by day: the day paid for, YYYY-MM-DD */
  day?: string;
  month?: number;
  year?: number;
  proofUrl: string;
  ids: number[];
}

export interface Payer {
  id: number;
  fullName: string;
}

const T = {
  notPayable: { vi: 'Cộng tác viên chưa hoạt động hoặc đang bị khoá: không thể thanh toán', en: 'The collaborator is not active or is locked: no payment can be made' } as Label,
  notTheirs: { vi: 'Có lượt giới thiệu không thuộc cộng tác viên này hoặc chưa hoàn thành', en: 'Some referrals are not this collaborator’s or are not completed' } as Label,
  alreadyPaid: (names: string): Label => ({ vi: `Đã được thanh toán trước đó: ${names}`, en: `Already paid: ${names}` }),
  outsidePeriod: (names: string): Label => ({ vi: `Ngày khám không thuộc kỳ thanh toán: ${names}`, en: `Visited outside the period paid for: ${names}` }),
  proofNotStored: { vi: 'Chứng từ thanh toán phải là tệp đã tải lên', en: 'The proof of payment must be an uploaded file' } as Label,
  paymentNotFound: { vi: 'Không tìm thấy khoản thanh toán', en: 'Payment not found' } as Label,
  alreadyReversed: { vi: 'Khoản thanh toán này đã được hoàn trước đó', en: 'This payment has already been reversed' } as Label,
};

/** The referrals of `collaboratorId` waiting to be paid: completed, with an amount, not settled. Oldest visit first. */
export function unpaidReferrals(db: Kysely<Database>, collaboratorId: number) {
  return db
    .selectFrom('referrals')
    .select(['id', 'fullName', 'visitDate', 'amount'])
    .where('collaboratorId', '=', collaboratorId)
    .where('status', '=', 1)
    .where('paymentId', 'is', null)
    .where('amount', '>', 0)
    .where('visitDate', 'is not', null)
    .orderBy('visitDate')
    .orderBy('id')
    .execute();
}

/** Pays `request.ids` of `collaboratorId` in one transaction; answers the payment. 409 when any is already paid. */
/** Tells the write listeners (the history) of a ledger write, in its transaction: the routes pass the request's. */
export type LedgerTell = (trx: Kysely<Database>, event: Pick<WriteEvent, 'ids' | 'values' | 'before'> & { action: 'pay' | 'reverse'; resource?: 'referral' }) => Promise<void>;

/**
 * The ledger's writes told to the write listeners of the request's app (the history: a collaborator's `pay` and
 * `reverse` entries, its referrals' settled or unsettled), in the ledger's transaction. The ledger is append-only and
 * no definition describes it: one of the few writers that tells the listeners itself (with the engine, the sign-in
 * records and the file catalogue).
 */
export const ledgerTell =
  (request: FastifyRequest): LedgerTell =>
  (trx, event) =>
    request.server.writes.tell(trx, { websiteId: undefined, resource: collaborator.name, operation: 'action', request, ...event });

export async function pay(db: Kysely<Database>, collaboratorId: number, request: PaymentRequest, payer: Payer, now: Date, tell?: LedgerTell) {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'collaborators', collaboratorId);
    const member = await trx.selectFrom('collaborators').select(['approvedStatus', 'isActive']).where('id', '=', collaboratorId).executeTakeFirst();
    if (!member) throw httpError(404, { vi: 'Không tìm thấy cộng tác viên', en: 'Collaborator not found' });
    if (member.approvedStatus !== 2 || !member.isActive) throw httpError(409, T.notPayable);
    if (!(await trx.selectFrom('files').select('id').where('url', '=', request.proofUrl).executeTakeFirst())) throw httpError(400, T.proofNotStored, { field: 'url' });

    // Locked while read: the clinic's integration cannot change a visit's amount between this read and the payment
    // lines written from it (it locks the referral's row too).
    let query = trx
      .selectFrom('referrals')
      .select(['id', 'fullName', 'visitDate', 'amount', 'status', 'paymentId', 'collaboratorId'])
      .where('id', 'in', request.ids)
      .orderBy('id');
    if (dialectOf(trx) === 'postgres') query = query.forUpdate();
    const rows = await query.execute();
    const usable = rows.filter((r) => r.collaboratorId === collaboratorId && r.status === 1 && (r.amount ?? 0) > 0 && r.visitDate);
    if (usable.length !== request.ids.length) throw httpError(400, T.notTheirs, { field: 'ids' });
    const paid = usable.filter((r) => r.paymentId !== null);
    if (paid.length) throw httpError(409, T.alreadyPaid(paid.map((r) => r.fullName).join(', ')), { ids: paid.map((r) => r.id) });
    const inPeriod = (visit: string) =>
      request.paymentType === PAYMENT_TYPES.byDay ? visit === request.day : visit.startsWith(`${request.year}-${String(request.month).padStart(2, '0')}-`);
    const outside = usable.filter((r) => !inPeriod(r.visitDate!));
    if (outside.length) throw httpError(400, T.outsidePeriod(outside.map((r) => r.fullName).join(', ')), { field: 'ids' });

    const total = usable.reduce((sum, r) => sum + r.amount!, 0);
    const createdAt = iso(now);
    const { id } = await trx
      .insertInto('payments')
      .values({
        collaboratorId,
        kind: 'payment',
        reversalOf: null,
        paymentType: request.paymentType,
        paymentDay: request.paymentType === PAYMENT_TYPES.byDay ? request.day! : null,
        month: request.month ?? null,
        year: request.year ?? null,
        proofUrl: request.proofUrl,
        reason: null,
        total,
        paidBy: payer.id,
        paidByName: payer.fullName,
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('payment_lines').values(usable.map((r) => ({ paymentId: id, referralId: r.id, amount: r.amount! }))).execute();
    const settled = await trx
      .updateTable('referrals')
      .set({ paymentId: id, updatedAt: createdAt })
      .where('id', 'in', request.ids)
      .where('paymentId', 'is', null)
      .executeTakeFirst();
    // Belt and braces: only a payment that settled every referral it lists is kept.
    if (Number(settled.numUpdatedRows) !== request.ids.length) throw httpError(409, T.alreadyPaid(usable.map((r) => r.fullName).join(', ')));
    await tell?.(trx, { ids: [collaboratorId], action: 'pay', values: { paymentId: id, total, referrals: usable.map((r) => r.id) } });
    // Each referral settled is written too (its paymentId): its own entry, so its history says when it was paid.
    for (const r of usable) await tell?.(trx, { resource: 'referral', ids: [r.id], action: 'pay', before: { paymentId: null }, values: { paymentId: id } });
    return { id, total, createdAt, referrals: usable.map((r) => ({ id: r.id, fullName: r.fullName, visitDate: r.visitDate, amount: r.amount })) };
  });
}

/** A new entry undoing `paymentId`: its referrals are unpaid again. Once per payment (a unique index holds it). */
export async function reverse(db: Kysely<Database>, paymentId: number, reason: string, payer: Payer, now: Date, tell?: LedgerTell) {
  return db.transaction().execute(async (trx) => {
    const original = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).where('kind', '=', 'payment').executeTakeFirst();
    if (!original) throw httpError(404, T.paymentNotFound);
    await lockRow(trx, 'collaborators', original.collaboratorId);
    if (await trx.selectFrom('payments').select('id').where('reversalOf', '=', paymentId).executeTakeFirst()) throw httpError(409, T.alreadyReversed);
    const lines = await trx.selectFrom('payment_lines').select(['referralId', 'amount']).where('paymentId', '=', paymentId).execute();
    const createdAt = iso(now);
    const { id } = await trx
      .insertInto('payments')
      .values({
        collaboratorId: original.collaboratorId,
        kind: 'reversal',
        reversalOf: paymentId,
        paymentType: null,
        paymentDay: null,
        month: null,
        year: null,
        proofUrl: null,
        reason,
        total: -Number(original.total),
        paidBy: payer.id,
        paidByName: payer.fullName,
        createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('payment_lines').values(lines.map((l) => ({ paymentId: id, referralId: l.referralId, amount: -l.amount }))).execute();
    await trx.updateTable('referrals').set({ paymentId: null, updatedAt: createdAt }).where('paymentId', '=', paymentId).execute();
    await tell?.(trx, { ids: [original.collaboratorId], action: 'reverse', values: { paymentId: id, reversalOf: paymentId, total: -Number(original.total), reason } });
    for (const l of lines) await tell?.(trx, { resource: 'referral', ids: [l.referralId], action: 'reverse', before: { paymentId }, values: { paymentId: null } });
    return { id, total: -Number(original.total), createdAt };
  });
}

/** A collaborator's payments and reversals, newest first, each with the referrals it settled. */
export async function paymentHistory(db: Kysely<Database>, collaboratorId: number): Promise<Payment[]> {
  const payments = await db.selectFrom('payments').selectAll().where('collaboratorId', '=', collaboratorId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
  if (!payments.length) return [];
  const lines = await db
    .selectFrom('payment_lines')
    .innerJoin('referrals', 'referrals.id', 'payment_lines.referralId')
    .select(['payment_lines.paymentId', 'referrals.id', 'referrals.fullName', 'referrals.visitDate', 'payment_lines.amount'])
    .where('payment_lines.paymentId', 'in', payments.map((p) => p.id))
    .orderBy('referrals.visitDate')
    .execute();
  const reversed = new Set(payments.filter((p) => p.reversalOf !== null).map((p) => p.reversalOf));
  return payments.map((p) => ({
    id: p.id,
    kind: p.kind,
    reversalOf: p.reversalOf,
    reversed: reversed.has(p.id),
    paymentType: p.paymentType as Payment['paymentType'], // 0 or 1 (a CHECK holds it)
    paymentDay: p.paymentDay,
    month: p.month,
    year: p.year,
    url: p.proofUrl,
    reason: p.reason,
    total: Number(p.total),
    paidByName: p.paidByName,
    createTime: p.createdAt,
    // A settled referral always has its visit day (a CHECK forbids settling one without).
    referrals: lines.filter((l) => l.paymentId === p.id).map((l) => ({ id: l.id, fullName: l.fullName, visitDate: l.visitDate as string, amount: l.amount })),
  }));
}
