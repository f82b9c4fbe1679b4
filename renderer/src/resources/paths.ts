import type { PathTemplate } from '../../../shared/resources/define';
import type { ServiceName } from '../api/client';

/**
 * Path templates of resource definitions (shared/resources/define.ts): an optional HTTP method, an optional
 * service prefix (`api:` by default, `core:`, `his:`…), the path as the spec writes it, with `{website}`,
 * `{id}`, parent keys and record fields in braces, and optionally a query part.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ExpandedPath {
  method: HttpMethod;
  service: ServiceName;
  /** Path relative to the service base, starting with `/`, parameters URL-encoded. */
  url: string;
}

const METHODS = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const SERVICES = new Set<ServiceName>(['auth', 'core', 'push', 'api', 'his']);

export type PathParams = Record<string, unknown>;

/** Thrown when a template names a value the caller did not give (a bug: better than calling `/undefined`). */
export class MissingPathParam extends Error {
  constructor(
    readonly template: string,
    readonly param: string,
  ) {
    super(`Path ${template} needs {${param}}`);
    this.name = 'MissingPathParam';
  }
}

/**
 * Expand a template. `defaultMethod` applies when the template names none (GET for reads, POST create,
 * PUT update, DELETE remove). Every `{name}` must be in `params` (non-empty); values are URL-encoded.
 */
export function expandPath(template: PathTemplate, params: PathParams, defaultMethod: HttpMethod = 'GET'): ExpandedPath {
  let rest = template.trim();
  let method = defaultMethod;
  const space = rest.indexOf(' ');
  if (space > 0 && METHODS.has(rest.slice(0, space).toUpperCase() as HttpMethod)) {
    method = rest.slice(0, space).toUpperCase() as HttpMethod;
    rest = rest.slice(space + 1).trim();
  }
  let service: ServiceName = 'api';
  const colon = rest.indexOf(':');
  if (colon > 0 && SERVICES.has(rest.slice(0, colon) as ServiceName)) {
    service = rest.slice(0, colon) as ServiceName;
    rest = rest.slice(colon + 1);
  }
  const url = rest.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new MissingPathParam(template, name);
    return encodeURIComponent(String(value));
  });
  return { method, service, url: url.startsWith('/') ? url : `/${url}` };
}

/** The names a template needs (e.g. to tell whether a child path can be called yet). */
export function templateParams(template: PathTemplate): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}
