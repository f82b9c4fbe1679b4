// Taking over single routes of a definition-driven resource: the same method and path the engine would
// register (so the engine, registered later on /api, skips it), with the scope resolved the same way.
import type { FastifyInstance, FastifyRequest, HTTPMethods, RouteHandlerMethod } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import { parsePathTemplate, type HttpMethod } from '../../shared/resources/paths';
import { engine, parseId, requireStamp, requireWebsite, stale, type DynamicDb, type Scope } from '../resources/index';

const DEFAULT_METHOD = { create: 'POST', update: 'PUT', remove: 'DELETE', get: 'GET' } as const;

export function takeOver(app: FastifyInstance, def: ResourceDef, op: keyof typeof DEFAULT_METHOD, handler: RouteHandlerMethod) {
  const template = def.api[op];
  if (!template) throw new Error(`${def.name} has no ${op} path`);
  const parsed = parsePathTemplate(template, DEFAULT_METHOD[op] as HttpMethod);
  app.route({ method: parsed.method as HTTPMethods, url: parsed.path.replace(/\{([^}]+)\}/g, ':$1'), handler });
}

/** Website (staff checked) and the parent key, from a request on one of the resource's paths. */
export async function scopeOf(request: FastifyRequest, def: ResourceDef): Promise<Scope> {
  const params = request.params as Record<string, string>;
  const scope: Scope = { websiteId: await requireWebsite(request.server.db, request, params.website), keys: {} };
  if (def.parent) scope.keys[def.parent.keyField] = parseId(params[def.parent.keyField], def.parent.keyField);
  return scope;
}

/** The stored record, after checking the sent stamp (400 missing, 409 stale) before any other rule. */
export async function freshOrThrow(db: DynamicDb, def: ResourceDef, scope: Scope, id: number, body: Record<string, unknown>) {
  const current = await engine.readOrThrow(db, def, scope, id);
  if (current.concurrencyStamp !== requireStamp(body)) throw stale(current);
  return current;
}
