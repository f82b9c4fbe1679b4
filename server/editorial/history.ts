// The status history of reviewed records (news, expert Q&A, services), one table for all (`review_history`, keyed by
// kind and id): every status a record moves to, who moved it, when, and the decline reason. Written in the write's
// or the decision's transaction; read into the record's detail as `statusHistory`, oldest first.
import type { ActionDef, DynamicDb, WebsiteDef, WebsiteHookContext, WriteArgs } from '../resources/index';
import { dynamic } from '../resources/index';
import { iso } from '../db/dialect';
import { actor } from './common';
import { reviewAction } from './decision';

export type ReviewedKind = 'news' | 'qa' | 'service';

export interface StatusEntry {
  status: number;
  reason: string | null;
  userId: number | null;
  userFullName: string | null;
  time: string;
}

const TABLE = 'review_history';

export async function recordStatus(ctx: WebsiteHookContext, kind: ReviewedKind, objectId: number, status: number, reason: string | null): Promise<void> {
  await dynamic(ctx.db)
    .insertInto(TABLE)
    .values({ kind, objectId, websiteId: ctx.scope.websiteId, status, reason, ...actor(ctx.request), time: iso(ctx.now) })
    .execute();
}

export async function statusHistory(db: DynamicDb, kind: ReviewedKind, objectId: number): Promise<StatusEntry[]> {
  return (await dynamic(db)
    .selectFrom(TABLE)
    .select(['status', 'reason', 'userId', 'userFullName', 'time'])
    .where('kind', '=', kind)
    .where('objectId', '=', objectId)
    .orderBy('time')
    .orderBy('id')
    .execute()) as StatusEntry[];
}

/** A deleted record's history goes with it (no foreign key can point into several tables). */
export async function removeStatusHistory(db: DynamicDb, kind: ReviewedKind, objectId: number): Promise<void> {
  await dynamic(db).deleteFrom(TABLE).where('kind', '=', kind).where('objectId', '=', objectId).execute();
}

/** After a save: the new status, when the save created the record or changed its status. */
export async function recordSavedStatus(ctx: WebsiteHookContext, kind: ReviewedKind, { id, values, current }: Pick<WriteArgs<unknown>, 'id' | 'values' | 'current'>): Promise<void> {
  if (!current || values.approvedStatus !== current.approvedStatus) await recordStatus(ctx, kind, id, values.approvedStatus as number, null);
}

/** The review decision (server/editorial/decision.ts) with its entry in the history. */
export const reviewWithHistory = (kind: ReviewedKind, path: string): ActionDef<WebsiteDef> =>
  reviewAction<WebsiteDef>(path, (ctx, id, decision) => recordStatus(ctx, kind, id, decision.status, decision.reason));
