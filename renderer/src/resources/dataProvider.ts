import type { ResourceDef } from '../../../shared/resources/define';
import type { RecordOf } from '../../../shared/resources/record';
import { localized } from '../core/workspace/localized';
import { serviceClient } from '../api/client';
import { expandPath, type HttpMethod, type PathParams } from './paths';
import { invalidate, type QueryKey, type QueryMeta } from './queries';

/**
 * Refine-style data provider built from a resource definition: object-parameter methods that expand the
 * definition's path templates (website, id, parent key, record fields) and call the service clients, so
 * every call gets the bearer token, Accept-Language and the spec's failure rules of api/client.ts.
 */
export type Row = Record<string, unknown>;
export type Id = string | number;

export interface ListParams {
  /** Filled with what the answer said beside the rows (its change number), for the query client (./queries.ts). */
  meta?: QueryMeta;
  page?: number;
  pageSize?: number;
  keyword?: string;
  /** Search-panel values, sent as query parameters by field name. */
  filters?: Record<string, unknown>;
  parentId?: Id;
}
export interface ListResult<R = Row> {
  data: R[];
  total: number;
}
export interface SaveResult {
  /** The server's message (shown as the success notice when there is one). */
  message?: string;
  /** The saved record when the server answers it. */
  record?: Row;
  /** Id of a created record. */
  id?: Id;
  /** The new concurrency stamp. */
  concurrencyStamp?: string;
}

/** `R`: the record type, inferred from a definition declared with `defineResource` (shared/resources/record.ts). */
export interface DataProvider<R = Row> {
  def: ResourceDef;
  getList(params?: ListParams): Promise<ListResult<R>>;
  getOne(params: { id?: Id; parentId?: Id; meta?: QueryMeta } & CallOptions): Promise<R>;
  create(params: { values: Row; parentId?: Id }): Promise<SaveResult>;
  update(params: { id?: Id; values: Row; concurrencyStamp?: string; parentId?: Id }): Promise<SaveResult>;
  remove(params: { id: Id; parentId?: Id }): Promise<{ message?: string }>;
  /**
   * A call outside list/read/write (a transition, a re-order, a suggestion): a path template of the resource's
   * service, e.g. 'PUT News/status/{website}/{id}', with `{website}`, `{lang}` and `params` expanded; answers the
   * body with its message unwrapped.
   */
  custom(params: { path: string; params?: PathParams; query?: Row; body?: unknown } & CallOptions): Promise<{ data: unknown; message?: string }>;
}

export interface ProviderContext {
  /** Current website (header selector): `{website}` in paths. */
  websiteId: Id | null;
  /** Content language, for client-side keyword filtering of per-language text. */
  language?: string;
  /** Keys of further ancestors in the paths (a title item's `{serviceId}` beside its parent `{titleId}`). */
  keys?: Record<string, Id>;
}

/**
 * Query keys of a resource (./queries.ts): everything under `[name]`, its lists under `[name, 'list', …]`, its records under
 * `[name, 'one', …]`; lookups under `['lookup', template, website]`. A write invalidates its resource, its parent, its
 * children and the lookups (reference data: a language added to a website, a group renamed).
 */
export const resourceKey = (def: Pick<ResourceDef, 'name'>): QueryKey => [def.name];
export const listKey = (def: Pick<ResourceDef, 'name'>, context: ProviderContext, params: Omit<ListParams, 'meta'>): QueryKey => [
  def.name,
  'list',
  { website: context.websiteId, language: context.language, keys: context.keys, ...params },
];
export const oneKey = (def: Pick<ResourceDef, 'name'>, context: ProviderContext, params: { id?: Id; parentId?: Id }): QueryKey => [
  def.name,
  'one',
  { website: context.websiteId, keys: context.keys, ...params },
];
export const lookupKey = (template: string, websiteId: Id | null, params: PathParams = {}): QueryKey => ['lookup', template, websiteId, params];

/** After a write to `def`: what may show it is stale. */
export function invalidateWrites(def: Pick<ResourceDef, 'name' | 'parent' | 'children'>): void {
  for (const prefix of [resourceKey(def), ...(def.parent ? [[def.parent.resource]] : []), ...(def.children ?? []).map((c) => [c.resource]), ['lookup']]) {
    void invalidate(prefix);
  }
}

const CHANGES_HEADER = 'x-changes';
const changesOf = (headers: unknown): string | undefined => {
  const value = (headers as Record<string, unknown> | undefined)?.[CHANGES_HEADER];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/** Options of a request made by the provider (passed to axios). */
export interface CallOptions {
  /** Statuses the caller handles itself (no notice, no redirect), e.g. 409 on update. */
  quietStatuses?: number[];
}

export const idOf = (def: Pick<ResourceDef, 'idField'>, row: Row): Id | undefined => {
  const value = row[def.idField ?? 'id'];
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
};

const isObject = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{ code, message, data }` envelope → its parts; a bare value counts as the data. */
export function unwrap(body: unknown): { data: unknown; message?: string } {
  if (isObject(body) && ('data' in body || 'code' in body)) {
    return { data: body.data, message: typeof body.message === 'string' && body.message ? body.message : undefined };
  }
  return { data: body };
}

/** A list answer (paged `{ data, totalRows }`, `{ data }` or a plain array) → rows and total. */
export function readList(body: unknown): ListResult {
  if (Array.isArray(body)) return { data: body as Row[], total: body.length };
  if (isObject(body) && Array.isArray(body.data)) {
    const total = typeof body.totalRows === 'number' ? body.totalRows : typeof body.total === 'number' ? body.total : body.data.length;
    return { data: body.data as Row[], total };
  }
  return { data: [], total: 0 };
}

/** A save answer → message, record, id and new stamp (the server may answer the record, the id or the stamp). */
export function readSave(body: unknown, def: Pick<ResourceDef, 'idField'>): SaveResult {
  const { data, message } = unwrap(body);
  const result: SaveResult = { message };
  if (isObject(data)) {
    result.record = data;
    result.id = idOf(def, data);
    if (typeof data.concurrencyStamp === 'string') result.concurrencyStamp = data.concurrencyStamp;
  } else if (typeof data === 'number') {
    result.id = data;
  } else if (typeof data === 'string' && data) {
    result.concurrencyStamp = data;
  }
  return result;
}

function matchesKeyword(def: ResourceDef, row: Row, keyword: string, language: string): boolean {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return true;
  return def.fields.some((f) => {
    const value = row[f.name];
    if (value === null || value === undefined || typeof value === 'object') return false;
    const text = f.perLanguage ? localized(value, language) : String(value);
    return text.toLowerCase().includes(wanted);
  });
}

export function createDataProvider<D extends ResourceDef>(def: D, context: ProviderContext): DataProvider<RecordOf<D>> {
  type R = RecordOf<D>;
  // The wire is the contract: what the server answers for this definition is its record (docs/api.md).
  const typed = (list: ListResult): ListResult<R> => list as ListResult<R>;
  const idField = def.idField ?? 'id';
  const baseParams = (parentId?: Id): PathParams => ({
    website: context.websiteId,
    // `{lang}` in a path is the content language (e.g. 'Sicks/{website}?languageId={lang}').
    lang: context.language,
    ...context.keys,
    ...(def.parent && parentId !== undefined ? { [def.parent.keyField]: parentId } : {}),
  });
  const need = (what: 'get' | 'create' | 'update' | 'remove'): string => {
    const template = def.api[what];
    if (!template) throw new Error(`${def.name} has no ${what} call`);
    return template;
  };
  async function call(template: string, params: PathParams, method: HttpMethod, extra: { params?: Row; data?: unknown; meta?: QueryMeta } & CallOptions = {}) {
    const target = expandPath(template, params, method);
    const writes = target.method !== 'GET';
    try {
      const response = await serviceClient(target.service).request({
        method: target.method,
        url: target.url,
        params: extra.params,
        data: extra.data,
        quietStatuses: extra.quietStatuses,
      });
      if (extra.meta) extra.meta.changes = changesOf(response.headers);
      if (writes) invalidateWrites(def);
      return response.data as unknown;
    } catch (error) {
      // A 409: someone else changed it; what shows it is stale too.
      if (writes && (error as { status?: number }).status === 409) invalidateWrites(def);
      throw error;
    }
  }

  return {
    def,
    async getList({ page = 1, pageSize, keyword, filters, parentId, meta } = {}) {
      const list = def.api.list;
      if (!list) throw new Error(`${def.name} has no list call`);
      const size = pageSize ?? def.list?.defaultPageSize ?? list.defaultPageSize ?? 10;
      const query: Row = {};
      for (const [key, value] of Object.entries(filters ?? {})) if (value !== undefined && value !== null && value !== '') query[key] = value;
      if (keyword?.trim()) query.keyword = keyword.trim();
      if (list.paged) {
        query.page = page;
        query.pageSize = size;
        return typed(readList(await call(list.path, baseParams(parentId), 'GET', { params: query, meta })));
      }
      // Plain lists come whole: the keyword and the paging apply here.
      const all = readList(await call(list.path, baseParams(parentId), 'GET', { params: query, meta })).data;
      const rows = keyword ? all.filter((row) => matchesKeyword(def, row, keyword, context.language ?? '')) : all;
      return typed({ data: rows.slice((page - 1) * size, page * size), total: rows.length });
    },
    async getOne({ id, parentId, quietStatuses, meta }) {
      const params = { ...baseParams(parentId), id, [idField]: id };
      const { data } = unwrap(await call(need('get'), params, 'GET', { quietStatuses, meta }));
      return (isObject(data) ? data : {}) as R;
    },
    async create({ values, parentId }) {
      // Natural-key children put their key in the path (e.g. Websites/user/{websiteId}/{userId}).
      const params = { ...values, ...baseParams(parentId) };
      return readSave(await call(need('create'), params, 'POST', { data: values }), def);
    },
    async update({ id, values, concurrencyStamp, parentId }) {
      const params = { ...values, ...baseParams(parentId), id, [idField]: id };
      const body = def.concurrency === false ? values : { ...values, concurrencyStamp };
      return readSave(await call(need('update'), params, 'PUT', { data: body, quietStatuses: [409] }), def);
    },
    async remove({ id, parentId }) {
      const params = { ...baseParams(parentId), id, [idField]: id };
      const { message } = unwrap(await call(need('remove'), params, 'DELETE'));
      return { message };
    },
    async custom({ path, params, query, body, quietStatuses }) {
      return unwrap(await call(path, { ...baseParams(), ...params }, 'GET', { params: query, data: body, quietStatuses }));
    },
  };
}

/** A lookup (`reference.lookup`): a plain array from any service, `{website}`, `{lang}` and `params` expanded. */
export async function fetchLookup(template: string, context: ProviderContext, params: PathParams = {}, meta?: QueryMeta): Promise<Row[]> {
  const target = expandPath(template, { website: context.websiteId, lang: context.language, ...params }, 'GET');
  const response = await serviceClient(target.service).request({ method: target.method, url: target.url });
  if (meta) meta.changes = changesOf(response.headers);
  return readList(response.data).data;
}

