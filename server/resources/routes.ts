// Generic routes for every definition-driven resource (see registry.ts for the exceptions), registered from
// the definitions' path templates. Also syncs their tables at start-up (schema.ts).
import type { FastifyPluginAsync, FastifyRequest, HTTPMethods } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import { parsePathTemplate, type HttpMethod } from '../../shared/resources/paths';
import { httpError } from '../errors';
import { MSG, messageLang, type Text } from '../i18n';
import { ok } from '../http/envelope';
import { parseId, requireWebsite, websiteLanguages } from './access';
import { dynamic } from './dynamic';
import { ResourceEngine, type OperationContext, type Scope } from './engine';
import { bodyObject } from './records';
import { engine as sharedEngine, HAND_WRITTEN_ROUTES, registry, SCHEMA_FROM_MIGRATION } from './registry';
import { hasWebsiteId, refreshSearchText, syncResourceTables } from './schema';

type Operation = 'list' | 'getAll' | 'get' | 'create' | 'update' | 'remove';
const DEFAULT_METHOD: Record<Operation, HttpMethod> = { list: 'GET', getAll: 'GET', get: 'GET', create: 'POST', update: 'PUT', remove: 'DELETE' };

/**
 * The engine's routes live under one service prefix (the route module's). `defs` defaults to the registry
 * (tests pass a registry with more definitions, to show that a definition is all a simple resource needs).
 */
export function resourceRoutes(service: 'api' | 'core' = 'api', defs: Record<string, ResourceDef> = registry): FastifyPluginAsync {
  const engine = defs === registry ? sharedEngine : new ResourceEngine(defs);
  return async (app) => {
    const db = dynamic(app.db);
    const synced = Object.values(defs).filter((d) => !SCHEMA_FROM_MIGRATION.has(d.name));
    await syncResourceTables(db, app.dialect, synced, (name) => defs[name]?.table);
    for (const def of synced) await refreshSearchText(db, def, app.now());

    for (const def of Object.values(defs)) {
      if (HAND_WRITTEN_ROUTES.has(def.name)) continue;
      for (const op of Object.keys(DEFAULT_METHOD) as Operation[]) {
        const template = op === 'list' ? def.api.list?.path : def.api[op];
        if (!template) continue;
        const parsed = parsePathTemplate(template, DEFAULT_METHOD[op]);
        if (parsed.service !== service) continue;
        if (!def.singleton && (def.idField ?? 'id') !== 'id') {
          throw new Error(`resource ${def.name}: the generic engine serves integer ids only; list it in HAND_WRITTEN_ROUTES`);
        }
        const url = parsed.path.replace(/\{([^}]+)\}/g, ':$1');
        if (app.hasRoute({ method: parsed.method, url: `${app.prefix}${url}` })) continue; // taken over by hand
        const queryOf = new Map(parsed.queryParams.map((q) => [q.param, q.query]));
        app.route({
          method: parsed.method as HTTPMethods,
          url,
          handler: async (request) => {
            const value = (name: string): unknown => {
              const params = request.params as Record<string, string | undefined>;
              const query = request.query as Record<string, unknown>;
              return params[name] ?? (queryOf.has(name) ? query[queryOf.get(name)!] : undefined);
            };
            const scope = await scopeOf(engine, request, def, value);
            const ctx: OperationContext = {
              db,
              now: app.now(),
              ui: messageLang(request),
              languages: () => websiteLanguages(app.db, scope.websiteId),
            };
            const query = request.query as Record<string, unknown>;
            const answer = (message: Text, data?: unknown) => ok(request, message, data);
            if (def.singleton) {
              if (op === 'get' || op === 'list') return answer(MSG.success, await engine.getSingleton(ctx, def, scope));
              return answer(MSG.updated, await engine.saveSingleton(ctx, def, scope, bodyObject(request.body)));
            }
            switch (op) {
              case 'list':
                return def.api.list?.paged ? engine.page(ctx, def, scope, query) : engine.all(ctx, def, scope, query);
              case 'getAll':
                return engine.all(ctx, def, scope, query);
              case 'get':
                return answer(MSG.success, await engine.get(ctx, def, scope, parseId(value('id'))));
              case 'create':
                return answer(MSG.added, await engine.create(ctx, def, scope, bodyObject(request.body)));
              case 'update':
                return answer(MSG.updated, await engine.update(ctx, def, scope, parseId(value('id')), bodyObject(request.body)));
              case 'remove':
                await engine.remove(ctx, def, scope, parseId(value('id')));
                return answer(MSG.deleted);
            }
          },
        });
      }
    }
  };
}

/** The website (checked: exists, and the user is its staff) and every ancestor key (checked: exists in it). */
async function scopeOf(engine: ResourceEngine, request: FastifyRequest, def: ResourceDef, value: (name: string) => unknown): Promise<Scope> {
  const scope: Scope = { keys: {} };
  if (hasWebsiteId(def)) {
    // From the path (or the query part of the template); else `?websiteId=` / `?website=` on any call.
    const query = request.query as Record<string, unknown>;
    let raw = value('website') ?? value('websiteId') ?? query.websiteId ?? query.website;
    if (raw === undefined && value('id') !== undefined) {
      // A template without the website (spec: `GET Advertisements/title/{id}`): the record's own website,
      // which the user must still be staff of.
      const row = await dynamic(request.server.db).selectFrom(def.table).select('websiteId').where('id', '=', parseId(value('id'))).executeTakeFirst();
      if (!row) throw httpError(404, MSG.recordNotFound);
      raw = (row as { websiteId: number }).websiteId;
    }
    scope.websiteId = await requireWebsite(request.server.db, request, raw);
  }
  for (let d: ResourceDef | undefined = def; d?.parent && d.parent.resource !== 'website'; d = engine.def(d.parent.resource)) {
    scope.keys[d.parent.keyField] = parseId(value(d.parent.keyField), d.parent.keyField);
  }
  await engine.checkAncestors(dynamic(request.server.db), def, scope);
  return scope;
}
