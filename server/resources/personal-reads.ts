// Who read a person's data (issue 40, "Who read it"): opening the detail of a record with personal fields writes a
// `view` history entry, at most one per user, record and hour; exporting a list with personal columns writes an
// `export` entry. Reading lists writes nothing. Both go through the engine's history path (`ResourceEngine.own`, the
// write listeners hear a `read`: the history records it, webhooks and live events ignore it).
import type { FastifyRequest } from 'fastify';
import { personalFields } from '../../shared/resources/personal';
import type { ResourceDef } from '../../shared/resources/define';
import { iso } from '../db/dialect';
import type { OperationContext, ResourceEngine, Scope } from './engine';

declare module '../db/schema' {
  interface Database {
    personal_views: PersonalViewsTable;
  }
}

/** One user's last `view` entry of one record (migration 0033_personal_views). */
export interface PersonalViewsTable {
  userId: number;
  resource: string;
  recordId: string;
  hour: string;
}

/** Whether `def` shows this reader personal fields (those its role hides do not count). */
export const showsPersonal = (def: ResourceDef, hidden: readonly string[]): boolean => personalFields(def).some((f) => !hidden.includes(f.name));

/** The entry's website: a website's own record (the `website` definition, global) belongs to itself, as the engine's `tell`. */
const websiteOf = (def: ResourceDef, scope: Scope, id: number | string) => scope.websiteId ?? (def.name === 'website' ? (id as number) : undefined);

/**
 * A signed-in user opened record `id` of `def`: a `view` entry unless this user's view of it was recorded this hour.
 * The upsert decides, in the entry's transaction: it inserts the row or moves it to a later hour (and answers it), or
 * finds this hour there (and answers nothing); two reads at once on PostgreSQL wait on the row, one writes.
 */
export async function recordView(engine: ResourceEngine, ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string, hidden: readonly string[]): Promise<void> {
  const userId = ctx.request?.user?.id;
  if (!userId || !showsPersonal(def, hidden)) return;
  const hour = iso(ctx.now).slice(0, 13);
  await engine.own(ctx, def.name, async (db) => {
    const fresh = await db
      .insertInto('personal_views')
      .values({ userId, resource: def.name, recordId: String(id), hour })
      .onConflict((oc) => oc.columns(['userId', 'resource', 'recordId']).doUpdateSet({ hour }).where('personal_views.hour', '<', hour))
      .returning('hour')
      .executeTakeFirst();
    return { result: undefined, written: fresh ? { websiteId: websiteOf(def, scope, id), keys: scope.keys, ids: [id], operation: 'read', action: 'view' } : undefined };
  });
}

/**
 * A list read for an export (`?export=true`, the console's export button). It is read once with its session looked up
 * first (./session-check.ts does not start it unconfirmed: a list read may otherwise run again, or be refused after it
 * ran, and its `export` entry would be written twice or for nothing).
 */
export function isExportRead(request: FastifyRequest): boolean {
  const flag = (request.query as Record<string, unknown> | undefined)?.export;
  return flag === 'true' || flag === '1';
}

/** The record id an `export` entry names: the list, not one record of it. */
export const LIST_RECORD = '*';

/** A signed-in user exported `rows` rows of `def`'s list (`?export=true`): an `export` entry when it shows personal columns. */
export async function recordExport(engine: ResourceEngine, ctx: OperationContext, def: ResourceDef, scope: Scope, rows: number, hidden: readonly string[]): Promise<void> {
  if (!ctx.request?.user?.id || !showsPersonal(def, hidden)) return;
  await engine.own(ctx, def.name, async () => ({
    result: undefined,
    written: { websiteId: scope.websiteId, keys: scope.keys, ids: [LIST_RECORD], operation: 'read', action: 'export', values: { rows } },
  }));
}
