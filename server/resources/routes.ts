// Generic routes for every definition-driven resource (see registry.ts for the exceptions), registered from
// the definitions' path templates, with the hooks and actions of the modules that serve some of them
// (hooks.ts). Also syncs their tables at start-up (schema.ts).
//
// Every method + path is registered once: a module customises a resource through hooks, never by registering
// the route first, so a second registration is an error at start-up rather than a silent skip.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import { parsePathTemplate, type HttpMethod, type ParsedPath } from '../../shared/resources/paths';
import { httpError } from '../errors';
import { localize, type Text } from '../i18n';
import { ok } from '../http/envelope';
import { sendEncodedJson } from '../http/encoding';
import { confirmedRead } from './session-check';
import { enforce, parseId, readOnly, requireWebsite } from './access';
import { CREATED_BY, gateOf, hiddenOf, requireAction, requireOperation, withoutHidden } from './permissions';
import { KeptPages } from './kept-pages';
import { ruleOf, type AccessRule, type Operation as AccessOperation } from '../../shared/resources/access';
import { moveRecord } from './machines';
import { hookContext } from './context';
import { dynamic, type DynamicDb } from './dynamic';
import type { DialectName } from '../db/dialect';
import { ResourceEngine, type AnyQuery, type Scope } from './engine';
import type { HookContext, ResourceHooks, ServedResource } from './hooks';
import { bodyObject, type Row } from './records';
import { registry } from './registry';
import { WriteListeners } from './writes';
import { isExportRead, recordExport, recordView } from './personal-reads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every definition served, and the engine over them (buildApp). */
    resources: ResourceSet;
  }
}
import { ensureChangeCounter } from '../db/changes';
import { ensureCreatorColumn, ensureSearchColumn, ensureSearchIndex, hasWebsiteId, refreshSearchText, syncResourceTables } from './schema';
import { M } from '../messages';

type Operation = 'list' | 'getAll' | 'get' | 'create' | 'update' | 'remove';
const DEFAULT_METHOD: Record<Operation, HttpMethod> = { list: 'GET', getAll: 'GET', get: 'GET', create: 'POST', update: 'PUT', remove: 'DELETE' };
/** The access operation (shared/resources/access.ts) of each route; a singleton's get reads and its save updates. */
const ACCESS_OF: Record<Operation, AccessOperation> = { list: 'list', getAll: 'list', get: 'read', create: 'create', update: 'update', remove: 'delete' };

/** A rule that looks at the record (`notSubmitter`) is checked once the record is read. */
const needsRecord = (rule: AccessRule) => rule.includes('notSubmitter');

/** Every definition the app serves, with the hooks of the modules that customise some (built once, in buildApp). */
export interface ResourceSet {
  defs: Record<string, ResourceDef>;
  engine: ResourceEngine;
  /** Tables a migration owns: the start-up sync leaves them alone. */
  fromMigration: ReadonlySet<string>;
  /** The listeners of committed writes the engine tells (./writes.ts); the app is decorated with them (`app.writes`). */
  writes: WriteListeners;
}

/** The registry, plus `extra` definitions (tests, embedding), plus the modules' definitions with their hooks. */
export function resourceSet(served: readonly ServedResource[], extra: Record<string, ResourceDef> = {}): ResourceSet {
  const defs: Record<string, ResourceDef> = { ...registry, ...extra };
  for (const s of served) defs[s.def.name] = s.def;
  const hooks: Record<string, ResourceHooks> = Object.fromEntries(served.map((s) => [s.def.name, s.hooks]));
  const writes = new WriteListeners();
  return { defs, engine: new ResourceEngine(defs, hooks, writes), fromMigration: new Set(served.filter((s) => s.tableFromMigration).map((s) => s.def.name)), writes };
}

/**
 * The tables of the definitions, right after the migrations (buildApp): created or completed from the fields, and
 * their search text brought up to date.
 */
export async function syncTables(db: DynamicDb, dialect: DialectName, set: ResourceSet, now: Date): Promise<void> {
  const synced = Object.values(set.defs).filter((d) => !set.fromMigration.has(d.name));
  await syncResourceTables(db, dialect, synced, (name) => set.defs[name]?.table);
  for (const def of Object.values(set.defs).filter((d) => set.fromMigration.has(d.name))) {
    await ensureCreatorColumn(db, def);
    // Its rows get their search text once, when the column is new (the hooks' writes keep it from then on).
    if (await ensureSearchColumn(db, def)) await refreshSearchText(db, def, now);
  }
  for (const def of synced) await refreshSearchText(db, def, now);
  // Every table with a search text and an id gets its search index: the definitions', and the migrations' alike
  // (news, diseases, Q&A, the team's collaborators and referrals). Not the SQLite search indexes themselves.
  const searchable = (await db.introspection.getTables()).filter((t) => !t.name.endsWith('_search') && ['id', 'searchText'].every((n) => t.columns.some((c) => c.name === n)));
  for (const { name } of searchable) await ensureSearchIndex(db, name);
  // Last, once every table exists: the change number that lets lists keep their totals (server/db/changes.ts).
  await ensureChangeCounter(db);
}

/** The engine's routes live under one service prefix (the route module's); the definitions come from buildApp. */
export function resourceRoutes(service: 'api' | 'core' | 'his' = 'api'): FastifyPluginAsync {
  return async (app) => {
    const { defs: own, engine } = app.resources;
    /** The list pages of this service's routes, kept per change number (./kept-pages.ts). */
    const pages = new KeptPages();

    /** The scope and the hooks' context of a request on one of `def`'s paths. */
    async function contextOf(request: FastifyRequest, def: ResourceDef, parsed: ParsedPath) {
      const queryOf = new Map(parsed.queryParams.map((q) => [q.param, q.query]));
      const query = request.query as Record<string, unknown>;
      const params: Record<string, string | undefined> = { ...(request.params as Record<string, string>) };
      for (const [param, name] of queryOf) if (typeof query[name] === 'string') params[param] ??= query[name] as string;
      const scope = await scopeOf(engine, request, def, (name) => params[name]);
      const ctx = hookContext(app, request, scope, params);
      return { scope, ctx, query, params };
    }

    // `encoded`: a list read (GET) sends its pages in the form the client accepts itself (KeptPages.send), so the
    // app-wide compression's hooks stay off it; nothing it answers otherwise (an error) reaches their threshold.
    // On PostgreSQL its page's statement may also check the session (./session-check.ts: `confirmedRead`).
    const route = (parsed: ParsedPath, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>, encoded = false) =>
      app.route({
        method: parsed.method as HTTPMethods,
        url: parsed.path.replace(/\{([^}]+)\}/g, ':$1'),
        handler: encoded ? (request, reply) => confirmedRead(request, reply, () => handler(request, reply)) : handler,
        ...(encoded ? { compress: false as const, decompress: false as const, config: { sessionInPage: app.dialect === 'postgres' } } : {}),
      });

    for (const def of Object.values(own)) {
      const h = engine.hooksOf(def);
      for (const op of Object.keys(DEFAULT_METHOD) as Operation[]) {
        const template = op === 'list' ? def.api.list?.path : def.api[op];
        if (!template) continue;
        const parsed = parsePathTemplate(template, DEFAULT_METHOD[op]);
        if (parsed.service !== service) continue;
        const rule = ruleOf(def.access, def.singleton ? (op === 'get' || op === 'list' ? 'read' : 'update') : ACCESS_OF[op]);
        route(parsed, async (request, reply) => {
          // Scope first (404 unknown website, 403 not its staff), then who may do this (403), then the record.
          const { scope, ctx, query, params } = await contextOf(request, def, parsed);
          const id = () => keyOf(def, h.idOf ? h.idOf(params) : params[def.idField ?? 'id']);
          // A record that is a scope of its own (a website): reached at all before who may do what with it.
          if (h.reach && !def.singleton && (op === 'get' || op === 'update' || op === 'remove')) await h.reach(request, id());
          enforce(request, rule);
          // Then the user's role on the website (./permissions.ts): 403 naming the role and the operation; `own`
          // reaches only the records this user created (another's is not found: 404); hidden fields are neither
          // shown nor changed.
          const gate = await gateOf(app.db, request, def, scope);
          const reach = requireOperation(gate, def.singleton ? (op === 'get' || op === 'list' ? 'read' : 'update') : ACCESS_OF[op]);
          const hidden = hiddenOf(gate);
          const mine = reach === 'own' ? (q: AnyQuery) => q.where(CREATED_BY, '=', request.user.id) : undefined;
          if (mine && !def.singleton && (op === 'get' || op === 'update' || op === 'remove')) await engine.requireOwn(ctx.db, def, scope, id(), request.user.id);
          if (hidden.length) {
            for (const f of hidden) delete (query as Record<string, unknown>)[f];
            if (op === 'list' || op === 'getAll') ctx.keywordIds = await engine.keywordIdsWithout(ctx, def, scope, query, hidden, mine);
          }
          const answer = (message: Text, data?: unknown) => ok(request, message, withoutHidden(data as Row, hidden));
          if (needsRecord(rule) && (op === 'get' || op === 'remove') && !def.singleton) {
            enforce(request, rule, await engine.readOrThrow(ctx.db, def, scope, id()));
          }
          if (def.singleton) {
            if (op === 'get' || op === 'list') return answer(M.success, await engine.getSingleton(ctx, def, scope));
            return answer(M.updated, await saveRecord(engine, def, ctx, 0, await keepHidden(engine, ctx, def, bodyObject(request.body), hidden, 0)));
          }
          switch (op) {
            case 'list': {
              // A page read again with nothing written since: from memory, once the checks above have passed.
              const n = readOnly(request) ? request.changes : undefined;
              const key = `${request.user?.id}\u0000${ctx.ui}\u0000${request.url}`;
              // An export (`?export=true`, the console's export button) of personal columns is recorded, even from memory.
              const exporting = isExportRead(request);
              const kept = n === undefined || exporting ? undefined : pages.get(n, key);
              if (kept !== undefined) return pages.send(request, reply, kept);
              const found = def.api.list?.paged ? await engine.page(ctx, def, scope, query, mine) : await engine.all(ctx, def, scope, query, mine);
              if (exporting) await recordExport(engine, ctx, def, scope, Array.isArray(found) ? found.length : found.data.length, hidden);
              const rows = Array.isArray(found) ? found.map((r) => withoutHidden(r, hidden)) : { ...found, data: found.data.map((r) => withoutHidden(r, hidden)) };
              const answer = h.listEnvelope ? { code: 1, message: localize(request, M.success), ...(Array.isArray(rows) ? { data: rows } : rows) } : rows;
              // Not kept (no change number: a route outside the bearer guard), but sent the same way.
              if (n === undefined) return sendEncodedJson(request, reply, { body: Buffer.from(JSON.stringify(answer)) });
              return pages.send(request, reply, pages.keep(n, key, JSON.stringify(answer)));
            }
            case 'getAll': {
              const rows = (await engine.all(ctx, def, scope, query, mine)).map((r) => withoutHidden(r, hidden));
              return h.lookup ? h.lookup(rows, ctx) : rows;
            }
            case 'get': {
              const record = await engine.get(ctx, def, scope, id());
              // Who read it: a `view` entry per user, record and hour when it shows personal fields (./personal-reads.ts).
              await recordView(engine, ctx, def, scope, id(), hidden);
              return answer(M.success, record);
            }
            case 'create':
              return answer(h.messages?.created ?? M.added, await engine.create(ctx, def, scope, await keepHidden(engine, ctx, def, bodyObject(request.body), hidden)));
            case 'update':
              return answer(h.messages?.updated ?? M.updated, await saveRecord(engine, def, ctx, id(), await keepHidden(engine, ctx, def, bodyObject(request.body), hidden, id())));
            case 'remove':
              await engine.remove(ctx, def, scope, id());
              return answer(M.deleted);
          }
        }, op === 'list' && !def.singleton && parsed.method === 'GET');
      }
      for (const action of h.actions ?? []) {
        const parsed = parsePathTemplate(action.path, 'GET');
        if (parsed.service !== service) continue;
        // Its rule by its name in `api.actions` (access.actions[name]; members when none).
        const name = Object.entries(def.api.actions ?? {}).find(([, path]) => path === action.path)?.[0];
        const rule = name === undefined ? undefined : ruleOf(def.access, { action: name });
        route(parsed, async (request) => {
          const { ctx, query, params } = await contextOf(request, def, parsed);
          enforce(request, rule);
          // The role grants the action by its name (a machine's own route: each move, ./machines.ts).
          if (name !== undefined) requireAction(await gateOf(app.db, request, def, ctx.scope), name);
          const id = params.id === undefined ? undefined : parseId(params.id);
          if (rule && needsRecord(rule) && id !== undefined) enforce(request, rule, await engine.readOrThrow(ctx.db, def, ctx.scope, id));
          return action.run({ ctx, engine, def, id, body: request.body, query });
        });
      }
      // The status machines' moves (server/resources/machines.ts): access, who and the record are checked there.
      for (const machine of def.machines ?? []) {
        const parsed = parsePathTemplate(machine.path, 'PUT');
        if (parsed.service !== service) continue;
        route(parsed, async (request) => {
          const { ctx, params } = await contextOf(request, def, parsed);
          return moveRecord(engine, def, machine, ctx, params.id, request.body);
        });
      }
    }
  };
}

/**
 * The record a path names: its id (a positive whole number), or its natural key (a website's language: `{languageId}`,
 * text; its staff member: `{userId}`, an id).
 */
function keyOf(def: ResourceDef, raw: string | undefined): number | string {
  const key = def.idField ?? 'id';
  if (key === 'id') return parseId(raw);
  const field = def.fields.find((f) => f.name === key);
  if (field?.type === 'reference' && field.reference?.valueType === 'string') {
    const text = (raw ?? '').trim();
    if (!text || text.length > 100) throw httpError(404, M.recordNotFound);
    return text;
  }
  return parseId(raw, key);
}

/**
 * A save of one record (a singleton: its website's), as its PUT makes it: who may update (403), the record itself when
 * the rule looks at it (`notSubmitter`), then the engine's update (stamp, validation, hooks, review workflow, write
 * listeners). The PUT routes and a history restore (server/history/restore.ts) both save through it.
 */
export async function saveRecord(engine: ResourceEngine, def: ResourceDef, ctx: HookContext, id: number | string, body: Row): Promise<Row> {
  const rule = ruleOf(def.access, 'update');
  enforce(ctx.request, rule);
  if (def.singleton) return engine.saveSingleton(ctx, def, ctx.scope, body);
  if (needsRecord(rule)) enforce(ctx.request, rule, await engine.readOrThrow(ctx.db, def, ctx.scope, id));
  return engine.update(ctx, def, ctx.scope, id, body);
}

/**
 * A body as the role may send it: the fields it does not see are left as they are (a create: their defaults; an
 * update: the record's current values; a singleton, `id` 0: its website's record).
 */
export async function keepHidden(engine: ResourceEngine, ctx: HookContext, def: ResourceDef, body: Row, hidden: readonly string[], id?: number | string): Promise<Row> {
  if (!hidden.length) return body;
  const out = { ...body };
  const current = id === undefined ? undefined : def.singleton ? await engine.getSingleton(ctx, def, ctx.scope) : await engine.readOrThrow(ctx.db, def, ctx.scope, id);
  for (const f of hidden) {
    if (current && f in current) out[f] = current[f];
    else delete out[f];
  }
  return out;
}

/** The website (checked: exists, and the user is its staff) and every ancestor key (checked: exists in it). */
export async function scopeOf(engine: ResourceEngine, request: FastifyRequest, def: ResourceDef, value: (name: string) => unknown): Promise<Scope> {
  const scope: Scope = { keys: {} };
  // `global` and `organisation` resources have no website: the bearer guard's signed-in user is a member.
  if (hasWebsiteId(def)) {
    // From the path (or the query part of the template); else `?websiteId=` / `?website=` on any call.
    const query = request.query as Record<string, unknown>;
    let raw = value('website') ?? value('websiteId') ?? query.websiteId ?? query.website;
    if (raw === undefined && value('id') !== undefined) {
      // A template without the website (spec: `GET Advertisements/title/{id}`): the record's own website,
      // which the user must still be staff of.
      // The engine's view (./dynamic.ts): the definition's table.
      const row = await dynamic(request.server.db).selectFrom(def.table).select('websiteId').where('id', '=', parseId(value('id'))).executeTakeFirst();
      if (!row) throw httpError(404, M.recordNotFound);
      raw = (row as { websiteId: number }).websiteId;
    }
    scope.websiteId = await requireWebsite(request.server.db, request, raw);
  }
  for (let d: ResourceDef | undefined = def; d?.parent && d.parent.resource !== 'website'; d = engine.def(d.parent.resource)) {
    scope.keys[d.parent.keyField] = parseId(value(d.parent.keyField), d.parent.keyField);
  }
  await engine.checkAncestors(request.server.db, def, scope);
  return scope;
}
