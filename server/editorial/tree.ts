// Trees by parentId (news categories, menu items): a parent must be a node of the same tree and a node can
// never end up below itself.
import type { Label, ResourceDef } from '../../shared/resources/define';
import { lockRow } from '../db/dialect';
import { httpError } from '../errors';
import { dynamic, type WebsiteHookContext } from '../resources/index';
import type { Body } from './common';
import { M } from '../messages';
import { toId } from '../../shared/input';


/**
 * `parentId` of a body: undefined when absent, null for none (null, '', 0), else a positive id; 400 for junk.
 */
export function parentIdOf(body: Body): number | null | undefined {
  if (!('parentId' in body) || body.parentId === undefined) return undefined;
  const v = body.parentId;
  if (v === null || v === '' || v === 0 || v === '0') return null;
  const n = toId(v);
  if (n === undefined) throw httpError(400, M.parentUnknown, { field: 'parentId' });
  return n;
}

/**
 * Check the tree that results from moving nodes (`moves`: id → new parent) among `nodes` (every node of the
 * tree with its current parent): each new parent exists, and no node is its own ancestor.
 */
export function checkTree(nodes: { id: number; parentId: number | null }[], moves: Map<number, number | null>) {
  const parent = new Map(nodes.map((n) => [n.id, n.parentId]));
  for (const [id, p] of moves) {
    if (p !== null && !parent.has(p) && !moves.has(p)) throw httpError(400, M.parentUnknown, { field: 'parentId' });
    parent.set(id, p);
  }
  for (const id of moves.keys()) {
    const seen = new Set<number>([id]);
    for (let p = parent.get(id) ?? null; p !== null; p = parent.get(p) ?? null) {
      if (seen.has(p)) throw httpError(400, M.cycle, { field: 'parentId' });
      seen.add(p);
    }
  }
}

/**
 * The row a tree belongs to (the website for news categories, the menu for its items). Every change of the tree locks
 * it first (docs/api.md "Rules the database enforces"): two moves at once cannot make a cycle that neither check saw,
 * nor a child appear under a parent being deleted.
 */
export type TreeOwner = (ctx: WebsiteHookContext) => { table: string; id: number };

export const lockTree = (ctx: WebsiteHookContext, owner: TreeOwner) => {
  const { table, id } = owner(ctx);
  return lockRow(ctx.db, table, id);
};

/** A delete hook: a node with children cannot be deleted (400 naming `what`). Children are looked up in the record's scope. */
export const refuseWithChildren =
  (def: ResourceDef, what: Label, owner: TreeOwner, scopeKey?: string) =>
  async (ctx: WebsiteHookContext, id: number): Promise<void> => {
    await lockTree(ctx, owner);
    // A tree of any definition: its table is named at run time.
    let q = dynamic(ctx.db).selectFrom(def.table).select('id').where('websiteId', '=', ctx.scope.websiteId).where('parentId', '=', id);
    if (scopeKey) q = q.where(scopeKey, '=', ctx.scope.keys[scopeKey]);
    if (await q.executeTakeFirst()) throw httpError(400, M.hasChildren(what));
  };
