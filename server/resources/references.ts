// A record that points to another of the same website by id (a FAQ to its group, a service to its service group)
// without a foreign key, since the spec lets the id be chosen from a list. Two rules, held by a row lock on the
// record pointed to (docs/api.md "Rules the database enforces"):
//   - a save may point only to a record of its own website (400 otherwise), and locks it while it writes;
//   - that record cannot be deleted while anything points to it (409 naming how many): the delete locks it first,
//     so a save and a delete at once cannot both go through.
// A record may also name several in a JSON list of ids (an application its jobs): the same two rules, per id.
import type { ResourceDef } from '../../shared/resources/define';
import { lockRow } from '../db/dialect';
import { httpError } from '../errors';
import { M } from '../messages';
// The engine's view of the handle (./dynamic.ts) throughout: `target` and `usedBy` are any definitions.
import { dynamic } from './dynamic';
import type { HookContext, WebsiteHookContext } from './hooks';
import { hasWebsiteId } from './schema';

/** In a write's transaction: lock the `target` record `id` points to, and refuse one that is not this website's. */
export async function lockReference(ctx: HookContext, target: ResourceDef, id: unknown, field: string): Promise<void> {
  if (id === null || id === undefined) return;
  const db = dynamic(ctx.db);
  await lockRow(db, target.table, Number(id));
  const row = await db.selectFrom(target.table).select('websiteId').where('id', '=', Number(id)).executeTakeFirst();
  if (!row || (row as { websiteId: number }).websiteId !== ctx.scope.websiteId) {
    throw httpError(400, M.referenceUnknown(target.label), { field });
  }
}

/** A `beforeRemove` hook of `target`: refuse (409) while records of `usedBy` point to it through `column`. */
export const refuseWhileUsed =
  (target: ResourceDef, usedBy: ResourceDef, column: string) =>
  async (ctx: HookContext, id: number): Promise<void> => {
    const db = dynamic(ctx.db);
    await lockRow(db, target.table, id);
    // The engine has found `id` in the request's website before this runs (engine.ts `remove`); the count stays in
    // that website too, so it never tells of another's records.
    let q = db.selectFrom(usedBy.table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', id);
    if (hasWebsiteId(usedBy)) q = q.where('websiteId', '=', ctx.scope.websiteId!);
    const used = await q.executeTakeFirst();
    const count = Number((used as { n: number | string } | undefined)?.n ?? 0);
    if (count > 0) throw httpError(409, M.inUse(target.label, count, usedBy.label), { field: 'id', count });
  };

/** `lockReference` for each id of a list (an application's jobs), in id order: two saves naming the same ones lock alike. */
export async function lockReferences(ctx: HookContext, target: ResourceDef, ids: readonly unknown[], field: string): Promise<void> {
  for (const id of [...new Set(ids.map(Number))].sort((a, b) => a - b)) await lockReference(ctx, target, id, field);
}

/**
 * A `beforeRemove` hook of `target` for records of the website that name it in a JSON list of ids kept as text
 * (`["12","5"]`, as `lockReferences` writers store them): refuse (409) while any does. Locks the target first, as
 * `refuseWhileUsed` does.
 */
export const refuseWhileListed =
  (target: ResourceDef, usedBy: ResourceDef, column: string) =>
  async (ctx: WebsiteHookContext, id: number): Promise<void> => {
    const db = dynamic(ctx.db);
    await lockRow(db, target.table, id);
    const used = await db
      .selectFrom(usedBy.table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('websiteId', '=', ctx.scope.websiteId)
      .where(column, 'like', `%"${id}"%`)
      .executeTakeFirst();
    const count = Number((used as { n: number | string } | undefined)?.n ?? 0);
    if (count > 0) throw httpError(409, M.inUse(target.label, count, usedBy.label), { field: 'id', count });
  };
