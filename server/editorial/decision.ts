// The review workflow shared by every reviewed resource (news, expert Q&A, services to come): a pending item is
// locked, and a decision approves (2) or declines (3, reason required) it, with an optional stamp.
import { randomUUID } from 'node:crypto';
import { EDITORIAL_MESSAGES, NEWS_STATUS } from '../../shared/editorial';
import type { Label, ResourceDef } from '../../shared/resources/define';
import { mayDecide } from '../../shared/roles';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { bodyObject, stale, type ActionDef, type HookContext } from '../resources/index';
import { type Body } from './common';
import { M } from '../messages';

type Row = Record<string, unknown>;

export interface Decision {
  status: typeof NEWS_STATUS.approved | typeof NEWS_STATUS.declined;
  /** The decline reason (trimmed), or null for an approval. */
  reason: string | null;
}

const MAX_REASON = 2000;

/** Read and check a decision body: 400 with the spec's messages for a bad status or a missing reason. */
export function readDecision(body: Body): Decision {
  const status = typeof body.status === 'string' ? Number(body.status) : body.status;
  if (status !== NEWS_STATUS.approved && status !== NEWS_STATUS.declined) throw httpError(400, EDITORIAL_MESSAGES.badStatus, { field: 'status' });
  if (body.declineReason !== undefined && body.declineReason !== null && typeof body.declineReason !== 'string') {
    throw httpError(400, M.listInvalid('declineReason'), { field: 'declineReason' });
  }
  const reason = typeof body.declineReason === 'string' ? body.declineReason.trim() : '';
  if (status === NEWS_STATUS.declined && !reason) throw httpError(400, EDITORIAL_MESSAGES.declineReasonRequired, { field: 'declineReason' });
  if (reason.length > MAX_REASON) throw httpError(400, M.listInvalid('declineReason'), { field: 'declineReason' });
  return { status, reason: status === NEWS_STATUS.declined ? reason : null };
}

/** Refuse a decision on a record that changed since (stale stamp, when sent) or is not pending (409). */
export function assertDecidable(current: Record<string, unknown>, stamp: unknown): void {
  if (typeof stamp === 'string' && stamp && stamp !== current.concurrencyStamp) throw stale(current);
  if (current.approvedStatus !== NEWS_STATUS.pending) {
    throw httpError(409, EDITORIAL_MESSAGES.onlyPendingDecided, { field: 'status', approvedStatus: current.approvedStatus });
  }
}

/** The update hook of a reviewed resource: a pending item cannot be saved (409 with the resource's words). */
export const lockedWhilePending = (message: Label) => (current: Row) => {
  if (current.approvedStatus === NEWS_STATUS.pending) {
    throw httpError(409, message, { field: 'approvedStatus', approvedStatus: NEWS_STATUS.pending });
  }
};

/**
 * The review decision as an action of a reviewed resource (`PUT News/status/{website}/{id}`,
 * `PUT QAExperts/status/{website}/{id}`): approve (2) or decline (3, reason required) a pending item, with an
 * optional stamp; one conditional UPDATE (still pending, unchanged), then `onDecided` in the same transaction
 * (news records it in its history). Answers the record as it is now.
 */
export function reviewAction<D extends ResourceDef = ResourceDef>(path: string, onDecided?: (ctx: HookContext<D>, id: number, decision: Decision) => Promise<void>): ActionDef<D> {
  return {
    path,
    async run({ ctx, engine, def, id, body: raw }) {
      const body = bodyObject(raw);
      const decision = readDecision(body);
      const current = await engine.readOrThrow(ctx.db, def, ctx.scope, id!);
      // A second pair of eyes: a reviewer, and not the one who submitted it (shared/roles.ts).
      const user = ctx.request.user;
      if (!user.canReview) throw httpError(403, M.reviewOnly);
      assertDecidable(current, body.concurrencyStamp);
      if (!mayDecide(user, current)) throw httpError(403, M.ownSubmission, { field: 'status' });
      await ctx.db.transaction().execute(async (trx) => {
        const update = trx
          .updateTable(def.table)
          .set({ approvedStatus: decision.status, declineReason: decision.reason, concurrencyStamp: randomUUID(), updatedAt: iso(ctx.now) })
          .where('id', '=', id!)
          .where('approvedStatus', '=', NEWS_STATUS.pending)
          .where('concurrencyStamp', '=', current.concurrencyStamp as string);
        const result = await engine.scoped(def, update, ctx.scope).executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw stale(await engine.readOrThrow(trx, def, ctx.scope, id!));
        await onDecided?.({ ...ctx, db: trx }, id!, decision);
      });
      const message = decision.status === NEWS_STATUS.approved ? M.approved : M.declined;
      return ok(ctx.request, message, await engine.readOrThrow(ctx.db, def, ctx.scope, id!));
    },
  };
}
