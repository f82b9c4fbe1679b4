// Restoring a version (docs/api.md "History and audit"):
//   POST /api/History/restore/{website}/{entryId}   body { concurrencyStamp }: the record's current stamp
// The record takes back the values it had right after that entry (its `state.record`, the wire form a save sends),
// through the same save as its PUT (server/resources/routes.ts `saveRecord`, or the resource's own update action):
// who may update, the stamp (409 with the record as it is), validation, uniqueness, locked states, fields only an
// administrator may change, the review workflow (a restored news item is a new edit: a draft, never approved by being
// restored). The save is a write like any other: the history listener leaves its `update` entry. A restore that
// would change nothing writes nothing and answers the record as it is.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ruleOf } from '../../shared/resources/access';
import type { ResourceDef } from '../../shared/resources/define';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import {
  bodyObject,
  dynamic,
  enforce,
  gateOf,
  hiddenOf,
  keepHidden,
  requireOperation,
  hasWebsiteId,
  hookContext,
  parseId,
  recordKey,
  requireWebsite,
  saveRecord,
  type HookContext,
  type ResourceEngine,
  type Scope,
} from '../resources/index';
import { changesBetween, HISTORY_TABLE, MASK } from './entries';
import type { Db } from '../db/schema';
import { Opener } from '../privacy/index';

type Row = Record<string, unknown>;

/** Never sent back: the record's identity and the write's bookkeeping (the save sets them), its status history. */
const NOT_SENT = new Set(['id', 'websiteId', 'concurrencyStamp', 'createdAt', 'updatedAt', 'createTime', 'updateTime', 'statusHistory', 'searchText']);

/**
 * The entry's record as a save's body: without what the save sets itself, and without masked secrets (kept as they
 * are). A save of a reviewed resource (news, Q&A, services) without the review request: a restore is a new edit, a
 * draft, which its editor submits when ready (Q&A's PUT would otherwise ask for review and lock it); the others ignore it.
 */
export function restoreBody(record: Row, concurrencyStamp: unknown): Row {
  const body: Row = {};
  for (const [key, value] of Object.entries(record)) if (!NOT_SENT.has(key) && value !== MASK) body[key] = value;
  return { ...body, isApproveFlag: false, concurrencyStamp };
}

/** The operations whose entry keeps the record as a save left it: a save, a trash restore, a status move of the definition. */
function savedBy(def: ResourceDef, operation: string): boolean {
  if (operation === 'create' || operation === 'update' || operation === 'restore' || operation === 'move') return true;
  return (def.machines ?? []).some((m) => m.moves.some((move) => move.name === operation));
}

/**
 * What the save moves by itself and a restore does not give back: the review's state, its reason and who asked for it
 * (a save of a declined news item makes it a draft). A restore that changes nothing else changed nothing.
 */
function changedContent(def: ResourceDef, before: Row, after: Row): boolean {
  const own = new Set(['submittedBy', ...(def.machines ?? []).flatMap((m) => [m.field, ...(m.reason ? [m.reason.field] : [])])]);
  return changesBetween(def, before, after, Object.keys(before)).some((c) => !own.has(c.field));
}

/** The scope of a stored record of `def`: its website and its parents' keys, read up from the record (404 when gone). */
async function scopeOfRecord(db: Db, engine: ResourceEngine, def: ResourceDef, websiteId: number | undefined, id: number | string): Promise<Scope> {
  const scope: Scope = { keys: {}, ...(hasWebsiteId(def) ? { websiteId } : {}) };
  let at: ResourceDef = def;
  let atId = id;
  while (at.parent && at.parent.resource !== 'website') {
    const key = at.parent.keyField;
    // A parent of any definition: its table is named at run time.
    let q = dynamic(db).selectFrom(at.table).select(key).where('id', '=', atId);
    if (hasWebsiteId(at)) q = q.where('websiteId', '=', websiteId);
    const row = (await q.executeTakeFirst()) as Row | undefined;
    if (!row) throw httpError(404, engine.hooksOf(def).messages?.notFound ?? M.recordNotFound);
    atId = row[key] as number;
    scope.keys[key] = atId as number;
    at = engine.def(at.parent.resource);
  }
  await engine.checkAncestors(db, def, scope);
  return scope;
}

interface Entry {
  id: number;
  websiteId: number | null;
  resource: string;
  recordId: string;
  operation: string;
  state: string | null;
}

/**
 * The save the resource's PUT makes: the engine's update (a singleton: its save), or the resource's own update action
 * (`api.actions.update`: referred patients) with its rule. Undefined when the resource has neither.
 */
function saverOf(app: FastifyInstance, def: ResourceDef): ((ctx: HookContext, id: number | string, body: Row) => Promise<Row>) | undefined {
  const { engine } = app.resources;
  if (def.api.update) return (ctx, id, body) => saveRecord(engine, def, ctx, id, body);
  const template = def.api.actions?.update;
  const action = template === undefined ? undefined : engine.hooksOf(def).actions?.find((a) => a.path === template);
  if (!action) return undefined;
  return async (ctx, id, body) => {
    enforce(ctx.request, ruleOf(def.access, { action: 'update' }));
    const answer = (await action.run({ ctx, engine, def, id: id as number, body, query: {} })) as { data?: Row };
    return answer.data ?? {};
  };
}

/** Thrown inside the restore's transaction when it changed nothing: the transaction rolls back, the record answers as it was. */
class Unchanged {
  constructor(readonly record: Row) {}
}

export const historyRestoreRoutes: FastifyPluginAsync = async (app) => {
  const { engine, defs } = app.resources;
  const db = app.db;

  app.post('/History/restore/:website/:entryId', async (request: FastifyRequest) => {
    const params = request.params as { website: string; entryId: string };
    const websiteId = await requireWebsite(app.db, request, params.website);
    const entryId = parseId(params.entryId, 'entryId');
    const body = bodyObject(request.body);
    const entry = (await db.selectFrom(HISTORY_TABLE).select(['id', 'websiteId', 'resource', 'recordId', 'operation', 'state']).where('id', '=', entryId).executeTakeFirst()) as
      | Entry
      | undefined;
    const def = entry ? defs[entry.resource] : undefined;
    // Another website's entry does not exist for this request; an organisation's record (no website: the team, the
    // HIS catalogues) is restored through any website its user is staff of.
    if (!entry || (entry.websiteId === null ? !!def && hasWebsiteId(def) : entry.websiteId !== websiteId)) throw httpError(404, M.historyEntryNotFound);
    if (entry.operation === 'delete') throw httpError(400, M.restoreDeleted, { field: 'entryId' });
    // Its personal values opened (server/privacy); a field whose record was erased since is left as it is now.
    const erased = new Set<string>();
    const opened = entry.state ? ((await new Opener(db).state(defs, entry.resource, entry.recordId, JSON.parse(entry.state), erased)) as { record?: Row | null } | null) : undefined;
    const record = opened?.record ? Object.fromEntries(Object.entries(opened.record).filter(([k]) => !erased.has(k))) : undefined;
    const save = def && savedBy(def, entry.operation) && record ? saverOf(app, def) : undefined;
    const id = def ? recordKey(def, entry.recordId) : undefined;
    if (!def || !save || id === undefined) throw httpError(400, M.notRestorable(entry.operation), { field: 'entryId' });

    const scope = await scopeOfRecord(db, engine, def, websiteId, id);
    // The role's update (server/resources/permissions.ts): `own`, only a record this user created (another's: 404).
    const gate = await gateOf(app.db, request, def, scope);
    if (requireOperation(gate, 'update') === 'own') await engine.requireOwn(dynamic(app.db), def, scope, id, request.user.id);
    // A version puts back only what the role sees: the fields it hides stay as they are now.
    const sent = await keepHidden(engine, hookContext(app, request, scope, {}), def, restoreBody(record!, body.concurrencyStamp), hiddenOf(gate), id);
    const path = { website: String(websiteId), id: String(id) };
    // An update action opens its own transaction: its save is answered as it is (its listener skips a save that
    // changed nothing). The engine's save runs in the restore's transaction, undone when it changed nothing.
    if (!def.api.update) return ok(request, M.versionRestored, await save(hookContext(app, request, scope, path), id, sent));
    try {
      const saved = await app.db.transaction().execute(async (trx) => {
        const ctx = hookContext(app, request, scope, path, trx);
        const before = await engine.readOrThrow(ctx.db, def, scope, id);
        const after = await save(ctx, id, sent);
        if (!changedContent(def, before, after)) throw new Unchanged(before);
        return after;
      });
      return ok(request, M.versionRestored, saved);
    } catch (err) {
      if (err instanceof Unchanged) return ok(request, M.versionRestored, err.record);
      throw err;
    }
  });
};
