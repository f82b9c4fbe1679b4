// The referral team's records as the wire carries them (shared/team.ts `Member`, `Patient`; docs/api.md "Referral
// team"): the stored rows the engine reads, shaped with what the spec's answers add — a collaborator's counts and
// commission, a referral's collaborator name and whether it is paid. SQL and shapes only: no HTTP here.
import { sql } from 'kysely';
import type { Row } from '../resources/records';
import type { Member, Patient } from '../../shared/team';
import type { Db } from '../db/schema';

type Stored = Row;
/** A wire record the engine's hooks hand on as they are. */
type Wire<T> = T & Row;
interface Counts {
  totalPatient: number;
  totalPatientSuccess: number;
  totalPoint: number;
}
const NONE: Counts = { totalPatient: 0, totalPatientSuccess: 0, totalPoint: 0 };

/**
 * Per collaborator of `ids`: their referrals, the completed ones, and the commission of those (integer dong). Read
 * for a page's members only, after the page is chosen: counted for every match before the sort and the limit, they
 * cost a page 14 ms at 200 matches among 1,000 members with 100,000 referrals.
 */
async function countsOf(db: Db, ids: number[]): Promise<Map<number, Counts>> {
  if (!ids.length) return new Map();
  const rows = (await db
    .selectFrom('referrals')
    .select((eb) => [
      'collaboratorId',
      eb.fn.countAll().as('total'),
      sql`sum(case when status = 1 then 1 else 0 end)`.as('success'),
      sql`coalesce(sum(case when status = 1 then amount end), 0)`.as('point'),
    ])
    .where('collaboratorId', 'in', ids)
    .groupBy('collaboratorId')
    .execute()) as { collaboratorId: number; total: unknown; success: unknown; point: unknown }[];
  return new Map(rows.map((r) => [r.collaboratorId, { totalPatient: Number(r.total ?? 0), totalPatientSuccess: Number(r.success ?? 0), totalPoint: Number(r.point ?? 0) }]));
}

/** The stored columns a wire record carries as they are (null when empty). */
const pick = (row: Stored, columns: readonly string[]): Row => Object.fromEntries(columns.map((c) => [c, row[c] ?? null]));
const MEMBER = ['id', 'fullName', 'phoneNumber', 'birthday', 'bankName', 'bankingNumber', 'bankAccountName', 'objectName', 'approvedStatus', 'declineReason', 'isActive', 'referralCode', 'concurrencyStamp', 'createdAt', 'updatedAt'];
const PATIENT = ['id', 'fullName', 'phoneNumber', 'status', 'appointmentDate', 'description', 'visitDate', 'amount', 'collaboratorId', 'concurrencyStamp', 'createdAt', 'updatedAt'];

/** Collaborators (stored rows) with their counts, in the order given. */
export async function members(db: Db, rows: Stored[]): Promise<Wire<Member>[]> {
  const counts = await countsOf(db, rows.map((r) => r.id as number));
  return rows.map((r) => ({ ...pick(r, MEMBER), createTime: r.createdAt, ...(counts.get(r.id as number) ?? NONE) }) as Wire<Member>);
}

/** The collaborator filter of /customer (`DoiNhom/export`): id, name and phone, by name. */
export function memberNames(db: Db, approvedStatus?: number) {
  let q = db.selectFrom('collaborators').select(['id', 'fullName', 'phoneNumber']);
  if (approvedStatus !== undefined) q = q.where('approvedStatus', '=', approvedStatus);
  return q.orderBy('fullName').execute();
}

/** Referrals (stored rows) with their collaborator's name and whether a payment settled them, in the order given. */
export async function patients(db: Db, rows: Stored[]): Promise<Wire<Patient & { paymentId: number | null }>[]> {
  const ids = [...new Set(rows.map((r) => r.collaboratorId as number))];
  const names = ids.length ? ((await db.selectFrom('collaborators').select(['id', 'fullName']).where('id', 'in', ids).execute()) as { id: number; fullName: string }[]) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.fullName]));
  return rows.map(
    (r) => ({ ...pick(r, PATIENT), userFullName: nameOf.get(r.collaboratorId as number) ?? '', paymentId: r.paymentId ?? null, createTime: r.createdAt, paid: r.paymentId !== null && r.paymentId !== undefined }) as Wire<Patient & { paymentId: number | null }>,
  );
}

/** One referral as its detail answers it (undefined when gone). */
export async function patient(db: Db, id: number) {
  const row = (await db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirst()) as Stored | undefined;
  return row && (await patients(db, [row]))[0];
}
