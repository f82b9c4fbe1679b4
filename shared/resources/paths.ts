/**
 * Reading a path template of a resource definition (see `PathTemplate` in define.ts):
 * `[METHOD ][service:]Path/{param}/…[?queryName={param}&…]`. The server turns it into a route; a client
 * expands it with values.
 */
import type { PathTemplate } from './define';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type ServiceName = 'auth' | 'core' | 'push' | 'api' | 'his';

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
const SERVICES = new Set<string>(['auth', 'core', 'push', 'api', 'his']);

export interface ParsedPath {
  method: HttpMethod;
  service: ServiceName;
  /** The path without query, starting with `/`, still with `{param}` placeholders. */
  path: string;
  /** Placeholders of the path, in order. */
  pathParams: string[];
  /** Values taken from the query string: `{ query: 'websiteId', param: 'website' }` for `?websiteId={website}`. */
  queryParams: { query: string; param: string }[];
}

export function parsePathTemplate(template: PathTemplate, defaultMethod: HttpMethod = 'GET'): ParsedPath {
  let rest = template.trim();
  let method = defaultMethod;
  const space = rest.indexOf(' ');
  if (space > 0 && METHODS.has(rest.slice(0, space).toUpperCase())) {
    method = rest.slice(0, space).toUpperCase() as HttpMethod;
    rest = rest.slice(space + 1).trim();
  }
  let service: ServiceName = 'api';
  const colon = rest.indexOf(':');
  if (colon > 0 && SERVICES.has(rest.slice(0, colon))) {
    service = rest.slice(0, colon) as ServiceName;
    rest = rest.slice(colon + 1);
  }
  const [pathPart, queryPart = ''] = rest.split('?', 2);
  const path = pathPart.startsWith('/') ? pathPart : `/${pathPart}`;
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const queryParams = queryPart
    .split('&')
    .map((pair) => /^([^=]+)=\{([^}]+)\}$/.exec(pair))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ query: m[1], param: m[2] }));
  return { method, service, path, pathParams, queryParams };
}
