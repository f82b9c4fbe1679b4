// The status history of records whose machine keeps one (`history: true`, shared/resources/machine.ts): news, expert
// Q&A and services today. One table for every resource (`review_history`, keyed by the resource's name in `kind` and
// the record's id): every state a record moves to or is saved into, who did it, when, and the move's reason. Written
// in the move's or the save's transaction; read into the record's detail as `statusHistory`, oldest first.
import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import type { StatusMachine } from '../../shared/resources/machine';
import { iso } from '../db/dialect';
import type { DynamicDb } from './dynamic';

export interface StatusEntry {
  status: number;
  reason: string | null;
  userId: number | null;
  userFullName: string | null;
  time: string;
}

const TABLE = 'review_history';

/** The machine of `def` whose moves are kept (one per definition at most). */
export const historyMachine = (def: ResourceDef): StatusMachine | undefined => def.machines?.find((m) => m.history);

export interface HistoryWrite {
  db: DynamicDb;
  now: Date;
  request: FastifyRequest;
  websiteId: number | undefined;
}

export async function recordStatus(at: HistoryWrite, def: ResourceDef, objectId: number, status: unknown, reason: string | null): Promise<void> {
  // A visitor's record (a question through the public intake) has no user: the entry names nobody.
  const user = at.request.user as typeof at.request.user | null;
  await at.db
    .insertInto(TABLE)
    .values({ kind: def.name, objectId, websiteId: at.websiteId, status, reason, userId: user?.id ?? null, userFullName: user?.fullName ?? null, time: iso(at.now) })
    .execute();
}

export async function statusHistory(db: DynamicDb, def: ResourceDef, objectId: number): Promise<StatusEntry[]> {
  return (await db
    .selectFrom(TABLE)
    .select(['status', 'reason', 'userId', 'userFullName', 'time'])
    .where('kind', '=', def.name)
    .where('objectId', '=', objectId)
    .orderBy('time')
    .orderBy('id')
    .execute()) as StatusEntry[];
}

/** A deleted record's history goes with it (no foreign key can point into several tables). */
export async function removeStatusHistory(db: DynamicDb, def: ResourceDef, objectId: number): Promise<void> {
  await db.deleteFrom(TABLE).where('kind', '=', def.name).where('objectId', '=', objectId).execute();
}
