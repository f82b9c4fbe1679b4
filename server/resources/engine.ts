// The generic operations on a definition-driven resource: list, get, create, update, delete, and the
// singleton get/save. Routes (routes.ts) call them; hand-written modules may call them too.
//
// Every query is scoped: rows of a website-scoped resource are read and written only with
// `websiteId = <the website in the path>`, and a child only with its parent key (every ancestor is checked
// against the path too). A record reached through another website's id does not exist (404).
import { randomUUID } from 'node:crypto';
import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { ResourceDef } from '../../shared/resources/define';
import type { LanguageRef, UiLang } from '../../shared/resources/validate';
import { dialectOf, iso, isUniqueViolation } from '../db/dialect';
import { httpError, HttpError } from '../errors';
import type { DynamicDb } from './dynamic';
import { adminFieldsChanged, checkAndConvert, emptyRecord, selectColumns, toWire, type Row } from './records';
import { hasCreator, hasIdColumn, hasStamp, hasWebsiteId, listOrder, storageType } from './schema';
import { keywordMatch, keywordOf, phoneKeyword, queryBool, queryInt } from '../http/query';
import { websiteLanguages } from './access';
import type { HookContext, ListFilter, Prepared, ResourceHooks } from './hooks';
import { historyMachine, recordStatus, removeStatusHistory, statusHistory } from './history';
import { refuseLocked } from './machines';
import { M } from '../messages';
import { searchFields, searchTextOf } from './search';
import { CREATED_BY } from './permissions';
import { foldedText } from '../../shared/text';
import { pagePlan } from './totals';
import { isIsoDay, isIsoDayOrTime, MAX_ID, toId } from '../../shared/input';
import type { FastifyRequest } from 'fastify';
import { WriteListeners, type WriteEvent, type WriteOperation } from './writes';

/** Where a request points: the website and the parent keys from its path. */
export interface Scope {
  websiteId?: number;
  /** parent key field → id, e.g. `{ hardContentId: 4 }` (also grand-parents' keys for deeper children) */
  keys: Record<string, number>;
}

export interface OperationContext {
  db: DynamicDb;
  now: Date;
  ui: UiLang;
  /** The website's languages (per-language fields must be filled in each); needed for writes. */
  languages: () => Promise<LanguageRef[]>;
  /** The database's change number when the request began (what lists keep per change number is keyed by it). */
  changes?: () => Promise<string>;
  /** The user is an administrator: fields `editableBy: 'admin'` are theirs to change (a visitor, staff: not). */
  admin?: boolean;
  /** The request the operation serves (the write listeners learn who wrote). */
  request?: FastifyRequest;
  /** What a page's statement also checks and reads for the request (./session-check.ts); `page` only. */
  pageCheck?: PageCheck;
  /**
   * The records the keyword finds in the fields the user's role sees (`keywordIdsWithout`): set when the role hides a
   * searchable field, so the keyword is matched against those records instead of the whole search text.
   */
  keywordIds?: number[];
  /**
   * A write the server makes itself (systemContext), never a request's: what only it may hand the hooks. The start-up
   * seed's accounts (server/bootstrap.ts): their password already hashed, which the account's create takes instead of
   * checking a password against the policy, and whether they review.
   */
  system?: { passwordHash?: string; canReview?: boolean };
}

/**
 * More for a page's statement to do (`page`): `extend` adds its conditions and columns to the statement (placeholders
 * for what changes per request, which `bind` puts in the compiled statement's parameters), `read` takes its columns
 * off the rows before they are shaped. `key` tells statements so extended from others in those kept compiled.
 */
export interface PageCheck {
  key: string;
  extend(q: AnyQuery): AnyQuery;
  bind(parameters: readonly unknown[]): unknown[];
  read(rows: Row[]): void;
}

export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_MAX_PAGE_SIZE = 1000;

export type AnyQuery = SelectQueryBuilder<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Extra conditions a hand-written caller adds to a list (e.g. only the websites the user is staff of). */
export type Restrict = (q: AnyQuery) => AnyQuery;

const TEXT_TYPES = new Set(['text', 'textarea', 'richText', 'url']);

/** Page statements kept compiled (ResourceEngine `page`) at most; beyond, they start over. */
const MAX_COMPILED_PAGES = 1000;

export class ResourceEngine {
  /**
   * Page statements compiled once (`page`): building a list's statement through Kysely — its columns, what `listSelect`
   * adds, the order — and compiling it cost more than a fifth of a first page's server CPU, the same work for every
   * read of the same page. Keyed by what decides the statement (see `pageKey`), whatever the data: a statement is text
   * and parameters, read afresh each time it runs.
   */
  private readonly compiledPages = new Map<string, CompiledQuery>();

  /**
   * `hooks`: what modules add to some resources (hooks.ts). Operations on a resource with hooks expect the
   * `HookContext` the engine's routes build.
   */
  constructor(
    private readonly registry: Record<string, ResourceDef>,
    private readonly hooks: Record<string, ResourceHooks> = {},
    /** Told of every write in its transaction (./writes.ts): the app's, `app.writes`. */
    readonly writes: WriteListeners = new WriteListeners(),
  ) {}

  /**
   * Tell the write listeners (./writes.ts) of a write, in its transaction (`db`). A website's own record (the
   * `website` definition, global) belongs to itself.
   */
  async tell(db: DynamicDb, ctx: OperationContext, def: ResourceDef, scope: Scope, operation: WriteOperation, ids: (number | string)[], more: Partial<WriteEvent> = {}): Promise<void> {
    const websiteId = scope.websiteId ?? (def.name === 'website' ? (ids[0] as number) : undefined);
    await this.writes.tell(db, { websiteId, resource: def.name, ids, operation, keys: scope.keys, request: ctx.request, ...more });
  }

  hooksOf(def: ResourceDef): ResourceHooks {
    return this.hooks[def.name] ?? {};
  }

  def(name: string): ResourceDef {
    const def = this.registry[name];
    if (!def) throw new Error(`Unknown resource: ${name}`);
    return def;
  }

  /** Resources whose parent is `def` (from the registry, whether or not `def.children` lists them). */
  childrenOf(def: ResourceDef): ResourceDef[] {
    return Object.values(this.registry).filter((d) => d.parent?.resource === def.name);
  }

  // ---- scoping -------------------------------------------------------------------------------------

  /** Adds the scope conditions (website, parent key) to a select, update or delete. */
  scoped<Q>(def: ResourceDef, query: Q, scope: Scope): Q {
    type Whereable = { where(column: string, op: '=', value: unknown): Whereable };
    let q = query as unknown as Whereable;
    if (hasWebsiteId(def)) q = q.where('websiteId', '=', requireValue(scope.websiteId, 'websiteId'));
    if (def.parent && def.parent.keyField !== 'websiteId') q = q.where(def.parent.keyField, '=', requireValue(scope.keys[def.parent.keyField], def.parent.keyField));
    return q as unknown as Q;
  }

  /** 404 unless every ancestor in the path exists, in this website, under its own parent in the path. */
  async checkAncestors(db: DynamicDb, def: ResourceDef, scope: Scope): Promise<void> {
    let child = def;
    while (child.parent && child.parent.resource !== 'website') {
      const parent = this.def(child.parent.resource);
      const id = requireValue(scope.keys[child.parent.keyField], child.parent.keyField);
      const row = await this.scoped(parent, db.selectFrom(parent.table).select('id').where('id', '=', id), scope).executeTakeFirst();
      if (!row) throw httpError(404, M.recordNotFound);
      child = parent;
    }
  }

  // ---- reads ---------------------------------------------------------------------------------------

  private orderBy(def: ResourceDef, q: AnyQuery): AnyQuery {
    const custom = this.hooksOf(def).orderBy;
    if (custom) {
      for (const o of custom) q = q.orderBy(o.column, o.direction);
      return q;
    }
    for (const o of listOrder(def)) q = q.orderBy(o.field, o.direction);
    return q;
  }

  /**
   * Filters from the query string: equality for plain (not per-language) boolean, number, enum and reference
   * fields; for a searchable text field (a list's search panel), "contains", matched like the keyword on the
   * folded search column (case and Vietnamese diacritics ignored), so it may also hit another searchable field.
   */
  private filtered(ctx: OperationContext, def: ResourceDef, q: AnyQuery, query: Record<string, unknown>): AnyQuery {
    const own = this.hooksOf(def).filters ?? [];
    for (const f of own) q = hookFilter(q, f, query);
    for (const f of def.fields) {
      if (f.computed || f.hidden || !(f.name in query) || own.some((o) => o.name === f.name)) continue;
      const raw = query[f.name];
      if (typeof raw !== 'string' || raw === '') continue;
      if (f.search && TEXT_TYPES.has(f.type)) {
        q = this.searched(ctx, def, q, raw);
        continue;
      }
      if (f.perLanguage) continue;
      const type = storageType(f);
      let value: unknown;
      if (type === 'boolean') {
        if (raw !== 'true' && raw !== 'false') throw httpError(400, M.badQuery(f.name));
        value = raw === 'true';
      } else if (f.type === 'reference' && type === 'integer') {
        // An id like every id (shared/input.ts): a branch or a group beyond the integer column is a 400, not a 500.
        value = toId(raw);
        if (value === undefined) throw httpError(400, M.badQuery(f.name), { field: f.name });
      } else if (type === 'integer' || type === 'double precision') {
        value = Number(raw);
        if (!Number.isFinite(value) || (type === 'integer' && (!Number.isInteger(value) || Math.abs(value as number) > MAX_ID))) {
          throw httpError(400, M.badQuery(f.name), { field: f.name });
        }
      } else if (f.type === 'enum' || f.type === 'reference') {
        value = raw;
      } else continue;
      q = q.where(f.name, '=', value);
    }
    return q;
  }

  private searched(ctx: OperationContext, def: ResourceDef, q: AnyQuery, keyword: unknown, scan = false, newest?: number): AnyQuery {
    if (typeof keyword !== 'string' || !keyword.trim()) return q;
    if (ctx.keywordIds) return q.where('id', 'in', ctx.keywordIds.length ? ctx.keywordIds : [0]);
    // Nothing searchable (a media advertisement is a file and a type): no `searchText` column, the keyword is ignored.
    if (!hasIdColumn(def) || !searchFields(def).length) return q;
    const where = { table: def.table, dialect: dialectOf(ctx.db), scan, newest };
    // A phone number as typed ("0901 234 567") also finds the one stored as its digits in a searchable phone field.
    const phone = searchFields(def).some((f) => f.format === 'phone') ? phoneKeyword(keyword.trim()) : undefined;
    if (phone) return q.where((eb) => eb.or([keywordMatch(keyword, where), keywordMatch(phone, where)]));
    return q.where(keywordMatch(keyword, where));
  }

  /** The list's query before paging. `scan`: the keyword compared row by row, not looked up in the search index. */
  private base(ctx: OperationContext, def: ResourceDef, scope: Scope, query: Record<string, unknown>, restrict?: Restrict, scan = false, newest?: number): AnyQuery {
    let q = this.scoped(def, ctx.db.selectFrom(def.table), scope) as AnyQuery;
    if (restrict) q = restrict(q);
    const own = this.hooksOf(def).restrict;
    if (own) q = own(ctx as HookContext, q);
    return this.searched(ctx, def, this.filtered(ctx, def, q, query), query.keyword, scan, newest);
  }

  /** The list's statement: its columns (or what `listSelect` reads) in its order. */
  private listStatement(ctx: OperationContext, def: ResourceDef, q: AnyQuery): AnyQuery {
    const { listRows: shape, listSelect } = this.hooksOf(def);
    return this.orderBy(def, shape ? (listSelect ? listSelect(ctx as HookContext, q) : q.selectAll()) : q.select(selectColumns(def)));
  }

  /** Stored rows in wire form (`listRows`, else the definition's columns). */
  private async wire(ctx: OperationContext, def: ResourceDef, rows: Row[]): Promise<Row[]> {
    const shape = this.hooksOf(def).listRows;
    return shape ? shape(ctx as HookContext, rows) : rows.map((r) => toWire(def, r));
  }

  private async rows(ctx: OperationContext, def: ResourceDef, q: AnyQuery): Promise<Row[]> {
    return this.wire(ctx, def, (await this.listStatement(ctx, def, q).execute()) as Row[]);
  }

  /**
   * What decides a page's statement besides the definition: the compiled conditions (`source`: scope, filters,
   * keyword and how it is looked up, the caller's restriction — text and values), the page's size and offset, and what
   * the module's `listSelect` depends on. Undefined when that cannot be told (a `listSelect` without `listSelectKey`).
   */
  private pageKey(ctx: OperationContext, def: ResourceDef, source: AnyQuery, size: number, offset: number, compiled?: CompiledQuery): string | undefined {
    const { listSelect, listSelectKey } = this.hooksOf(def);
    if (listSelect && !listSelectKey) return undefined;
    const { sql: text, parameters } = compiled ?? source.compile();
    return `${def.name}\u0000${listSelectKey?.(ctx as HookContext) ?? ''}\u0000${size}\u0000${offset}\u0000${text}\u0000${JSON.stringify(parameters)}`;
  }

  /**
   * A page's rows through its statement compiled once (`compiledPages`), with what `ctx.pageCheck` adds. `compiled`:
   * `source` compiled already.
   */
  private async pageRows(ctx: OperationContext, def: ResourceDef, source: AnyQuery, size: number, offset: number, compiled?: CompiledQuery): Promise<Row[]> {
    const check = ctx.pageCheck;
    const pageKey = this.pageKey(ctx, def, source, size, offset, compiled);
    const key = pageKey === undefined || !check ? pageKey : `${pageKey}\u0000${check.key}`;
    let statement = key === undefined ? undefined : this.compiledPages.get(key);
    if (!statement) {
      const paged = source.limit(size).offset(offset);
      statement = this.listStatement(ctx, def, check ? check.extend(paged) : paged).compile();
      if (key !== undefined) {
        if (this.compiledPages.size >= MAX_COMPILED_PAGES) this.compiledPages.clear();
        this.compiledPages.set(key, statement);
      }
    }
    const rows = (await ctx.db.executeQuery(check ? { ...statement, parameters: check.bind(statement.parameters) } : statement)).rows as Row[];
    check?.read(rows);
    return this.wire(ctx, def, rows);
  }

  /** Every matching row, in list order (plain lists, embedded children). Honours keyword and filters. */
  async all(ctx: OperationContext, def: ResourceDef, scope: Scope, query: Record<string, unknown> = {}, restrict?: Restrict): Promise<Row[]> {
    const rows = await this.rows(ctx, def, this.base(ctx, def, scope, query, restrict));
    const sort = this.hooksOf(def).sortRows;
    return sort ? sort(ctx as HookContext, rows) : rows;
  }

  /** `{ data, totalRows }` for `page`/`pageSize` (default 1 and the definition's size or 20, capped at maxPageSize or 1000). */
  async page(ctx: OperationContext, def: ResourceDef, scope: Scope, query: Record<string, unknown>, restrict?: Restrict) {
    const spec = def.api.list;
    const page = positiveInt(query.page, 'page') ?? 1;
    const size = Math.min(positiveInt(query.pageSize, 'pageSize') ?? spec?.defaultPageSize ?? DEFAULT_PAGE_SIZE, spec?.maxPageSize ?? DEFAULT_MAX_PAGE_SIZE);
    if (this.hooksOf(def).sortRows) {
      const every = await this.all(ctx, def, scope, query, restrict);
      return { data: every.slice((page - 1) * size, page * size), totalRows: every.length };
    }
    const keyword = keywordOf(query);
    const counting = (q: AnyQuery) => q.select((eb) => eb.fn.countAll<number>().as('count'));
    // The page's conditions (its keyword as the count's), built and compiled once: the key of its total kept per change
    // number, and of its statement kept compiled. The count itself is built only when its total is not kept.
    const own = keyword === undefined || query.keyword === keyword ? this.base(ctx, def, scope, query, restrict) : undefined;
    const compiled = own?.compile();
    const ownKey = compiled && `count\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
    const count = (k?: string) =>
      own && ownKey && k === keyword ? { key: ownKey, query: () => counting(own) } : counting(this.base(ctx, def, scope, { ...query, keyword: k }, restrict));
    const plan = await pagePlan(ctx.db, { keyword, offset: (page - 1) * size, size, count, changes: ctx.changes });
    if (!plan.read) return { data: [], totalRows: plan.totalRows };
    const source = own && !plan.scan ? own : this.base(ctx, def, scope, query, restrict, plan.scan);
    return { data: await this.pageRows(ctx, def, source, size, (page - 1) * size, source === own ? compiled : undefined), totalRows: plan.totalRows };
  }

  /**
   * The records of the list the keyword finds in the fields a role sees (not in `hidden`): the matching rows' visible
   * searchable fields are folded and compared here, as the search text would be. Undefined when the role hides none of
   * the searchable fields or there is no keyword (the search text serves).
   */
  async keywordIdsWithout(ctx: OperationContext, def: ResourceDef, scope: Scope, query: Record<string, unknown>, hidden: readonly string[], restrict?: Restrict): Promise<number[] | undefined> {
    const fields = searchFields(def);
    if (!hasIdColumn(def) || !fields.some((f) => hidden.includes(f.name))) return undefined;
    // Every text the search text would match: the keyword, and a searchable text field's filter (matched the same way).
    const textFilters = def.fields.filter((f) => f.search && TEXT_TYPES.has(f.type) && !f.computed && !f.hidden).map((f) => f.name);
    const terms = ['keyword', ...textFilters].map((name) => query[name]).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (!terms.length) return undefined;
    const visible = fields.filter((f) => !hidden.includes(f.name));
    if (!visible.length) return [];
    // The candidates: the list's rows without those texts, then each one's visible text compared with every term.
    const rest = Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'keyword' && !textFilters.includes(name)));
    const candidates = (await this.base(ctx, def, scope, rest, restrict).select(['id', ...visible.map((f) => f.name)]).execute()) as Row[];
    const phones = visible.some((f) => f.format === 'phone');
    const matches = (text: string, term: string) => {
      const phone = phones ? phoneKeyword(term.trim()) : undefined;
      return text.includes(foldedText([term.trim()])) || (phone !== undefined && text.includes(foldedText([phone])));
    };
    return candidates.filter((row) => terms.every((term) => matches(searchTextOf(visible, row), term))).map((row) => row.id as number);
  }

  /**
   * The statement of the first `limit` records the keyword finds in the list (its scope, its module's restriction,
   * `restrict`; the keyword as the list's own: folded, the phone form, `ctx.keywordIds` when the role hides a
   * searchable field), newest first, their ids only: what the search across definitions (server/search) asks of each.
   * `newest`: on SQLite, the keyword is looked up among the table's newest `newest` matches in its search index (a
   * common word's 100,000 matches are not all taken from the index to keep forty).
   */
  foundQuery(ctx: OperationContext, def: ResourceDef, scope: Scope, keyword: string, limit: number, restrict?: Restrict, newest?: number): AnyQuery {
    return this.base(ctx, def, scope, { keyword }, restrict, false, newest).select('id').orderBy('id', 'desc').limit(limit);
  }

  /** 404 unless the record was created by `userId` (a role's `own`: another's record does not exist for this request). */
  async requireOwn(db: DynamicDb, def: ResourceDef, scope: Scope, id: number | string, userId: number): Promise<void> {
    const row = (await this.scoped(def, db.selectFrom(def.table).select(CREATED_BY).where(keyColumn(def), '=', id), scope).executeTakeFirst()) as Row | undefined;
    if (!row || row[CREATED_BY] !== userId) throw httpError(404, this.hooksOf(def).messages?.notFound ?? M.recordNotFound);
  }

  /** One record in wire form (the detail, the answer of writes, a 409's `data`), with its status history when kept. */
  async read(db: DynamicDb, def: ResourceDef, scope: Scope, id: number | string): Promise<Row | undefined> {
    // A record with an integer id is named by no other text (the history reads the record a failed sign-in names by
    // its account name: PostgreSQL would refuse the comparison with a 500).
    if (keyColumn(def) === 'id' && typeof id === 'string' && !/^\d{1,15}$/.test(id)) return undefined;
    const record = await this.readRecord(db, def, scope, id);
    if (record && historyMachine(def)) record.statusHistory = await statusHistory(db, def, record.id as number);
    return record;
  }

  private async readRecord(db: DynamicDb, def: ResourceDef, scope: Scope, id: number | string): Promise<Row | undefined> {
    const detail = this.hooksOf(def).detail;
    if (detail) {
      const stored = await this.scoped(def, db.selectFrom(def.table).selectAll().where(keyColumn(def), '=', id), scope).executeTakeFirst();
      return stored ? detail(db, stored as Row) : undefined;
    }
    const row = await this.scoped(def, db.selectFrom(def.table).select(selectColumns(def)).where(keyColumn(def), '=', id), scope).executeTakeFirst();
    return row ? toWire(def, row as Row) : undefined;
  }

  async readOrThrow(db: DynamicDb, def: ResourceDef, scope: Scope, id: number | string): Promise<Row> {
    const record = await this.read(db, def, scope, id);
    if (!record) throw httpError(404, this.hooksOf(def).messages?.notFound ?? M.recordNotFound);
    return record;
  }

  /** The record with its embedded children (`children[].embedAs`). */
  async get(ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string): Promise<Row> {
    const record = await this.readOrThrow(ctx.db, def, scope, id);
    if (this.hooksOf(def).detail) return record;
    for (const child of def.children ?? []) {
      if (!child.embedAs) continue;
      const childDef = this.def(child.resource);
      const keys = { ...scope.keys, [childDef.parent!.keyField]: id as number };
      // A website's own list (its languages): the website is their scope.
      const website = childDef.parent!.keyField === 'websiteId' ? { websiteId: id as number } : {};
      record[child.embedAs] = await this.all(ctx, childDef, { ...scope, ...website, keys });
    }
    return record;
  }

  // ---- writes --------------------------------------------------------------------------------------

  private systemValues(def: ResourceDef, scope: Scope): Row {
    const values: Row = {};
    if (hasWebsiteId(def)) values.websiteId = scope.websiteId;
    if (def.parent && def.parent.keyField !== 'websiteId') values[def.parent.keyField] = scope.keys[def.parent.keyField];
    return values;
  }

  /** A write with hooks: in one transaction (unless the caller's), run again while the `retry` hook asks. */
  private async writing<T>(ctx: OperationContext, def: ResourceDef, scope: Scope, work: (ctx: HookContext, done: (p: Prepared<unknown>) => Prepared<unknown>) => Promise<T>): Promise<T> {
    const hooks = this.hooksOf(def);
    // A write the server makes itself (systemContext: no route built its hook context) gets the write's scope and no
    // path parameters; every hook reaches the engine through its context, request or not.
    const given = ctx as Partial<HookContext>;
    const hctx = { ...ctx, scope: given.scope ?? scope, params: given.params ?? {}, engine: this } as HookContext;
    for (let attempt = 1; ; attempt++) {
      let last: Prepared<unknown> | undefined;
      const done = (p: Prepared<unknown>) => (last = p);
      try {
        if (ctx.db.isTransaction) return await (hooks.retry ? this.inSavepoint(ctx.db, () => work(hctx, done)) : work(hctx, done));
        return await ctx.db.transaction().execute((trx: DynamicDb) =>
          work({ ...hctx, db: trx, languages: () => websiteLanguages(trx, scope.websiteId) }, done),
        );
      } catch (err) {
        if (!hooks.retry || !(await hooks.retry(hctx, err, attempt, last))) throw this.refusal(def, err, last?.values);
      }
    }
  }

  /**
   * A write in the caller's transaction that its `retry` hook may run again (a history restore saves a news item in its
   * own transaction): PostgreSQL refuses every statement of a transaction after a failed one, so the write runs in a
   * savepoint, rolled back when it fails, and the retry (or the check that names the taken field) reads a live
   * transaction instead of answering 500.
   */
  private async inSavepoint<T>(db: DynamicDb, work: () => Promise<T>): Promise<T> {
    await sql`savepoint engine_write`.execute(db);
    try {
      const result = await work();
      await sql`release savepoint engine_write`.execute(db);
      return result;
    } catch (err) {
      await sql`rollback to savepoint engine_write`.execute(db);
      await sql`release savepoint engine_write`.execute(db);
      throw err;
    }
  }

  /**
   * A unique index of the definition (`unique` fields) refused a write that got past every check (two saves at
   * once): 409 naming the field, never a 500. Any other error as it is.
   */
  private refusal(def: ResourceDef, err: unknown, values?: Row): unknown {
    if (!isUniqueViolation(err)) return err;
    const field = def.fields.find((f) => f.unique && values && values[f.name] !== null && values[f.name] !== undefined && values[f.name] !== '');
    if (!field) return err;
    return httpError(409, M.valueTaken(field.label, String(values![field.name])), { field: field.name });
  }

  /**
   * The values of a write, unless they change a field only an administrator may change and the user is not one
   * (`editableBy: 'admin'`): 403 naming the fields, nothing written. A save that leaves them as they are goes through.
   */
  private allowed(ctx: OperationContext, def: ResourceDef, values: Row, current?: Row): Row {
    if (ctx.admin) return values;
    const changed = adminFieldsChanged(def, values, current);
    if (changed.length) throw httpError(403, M.adminFields(changed.map((f) => f.label)), { field: changed[0].name });
    return values;
  }

  /**
   * The column values of a write: the body shaped (`input`), checked and converted by the definition's rules, then
   * the module's own rules on those values (`prepare`): validation composes, a hook never replaces it.
   */
  private async prepared(ctx: HookContext, def: ResourceDef, body: Row, current?: Row): Promise<Prepared<unknown>> {
    const h = this.hooksOf(def);
    const input = h.input ? await h.input(ctx, body, current) : body;
    // A website's own fields are filled in its own languages (the request's scope is none: a website is global).
    const languages = def.name === 'website' && current ? await websiteLanguages(ctx.db, current.id as number) : await ctx.languages();
    const values = h.ownInput ? {} : checkAndConvert(h.rules?.(ctx, input, current) ?? def, input, languages, ctx.ui, current);
    return h.prepare ? h.prepare(ctx, input, current, values) : { values, input: undefined };
  }

  /** After a save, in its transaction: the state it created the record in, or moved it to, in the status history. */
  private async recordSavedState(ctx: OperationContext & Pick<HookContext, 'request'>, def: ResourceDef, scope: Scope, id: number, current?: Row): Promise<void> {
    const machine = historyMachine(def);
    if (!machine) return;
    const row = (await this.scoped(def, ctx.db.selectFrom(def.table).select(machine.field).where('id', '=', id), scope).executeTakeFirst()) as Row | undefined;
    const state = row?.[machine.field];
    if (current && state === current[machine.field]) return;
    await recordStatus({ db: ctx.db, now: ctx.now, request: ctx.request, websiteId: scope.websiteId }, def, id, state, null);
  }

  /**
   * Every create: the module's hooks and the definition's rules, the stamp and times, the status history and the write
   * listeners (history, events, webhooks), in one transaction (the caller's when it has one). A public intake, the
   * integration API and the console's routes all create through it.
   */
  async create(ctx: OperationContext, def: ResourceDef, scope: Scope, body: Row): Promise<Row> {
    const hooks = this.hooksOf(def);
    // The record as written is read in the transaction: the listeners get it (`after`), and it is the answer.
    return this.writing(ctx, def, scope, async (hctx, done) => {
      const prepared = done(await this.prepared(hctx, def, body));
      const id = await this.insert(hctx, def, scope, this.allowed(ctx, def, prepared.values));
      await hooks.afterWrite?.(hctx, { ...prepared, id });
      await this.recordSavedState(hctx, def, scope, id);
      const after = await this.readOrThrow(hctx.db, def, scope, id);
      await this.tell(hctx.db, hctx, def, scope, 'create', [id], { values: prepared.values, after });
      return after;
    });
  }

  /**
   * A deleted record back under its old id (the trash, server/history/trash.ts): the create's pipeline on its wire form
   * (the definition's rules and the module's hooks: validation, uniqueness, the review workflow, related rows such as a
   * news item's translations), then its children's stored rows as they were, parents first; the listeners are told
   * `restore`. Called in the caller's transaction.
   */
  async restore(ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string, body: Row, children: Record<string, Row[]> = {}): Promise<Row> {
    const hooks = this.hooksOf(def);
    const createdAt = typeof body.createdAt === 'string' ? body.createdAt : typeof body.createTime === 'string' ? body.createTime : undefined;
    return this.writing({ ...ctx, restoring: true } as HookContext, def, scope, async (hctx, done) => {
      const prepared = done(await this.prepared(hctx, def, body));
      await this.insert(hctx, def, scope, this.allowed(ctx, def, prepared.values), { id: hasIdColumn(def) ? id : undefined, createdAt });
      await hooks.afterWrite?.(hctx, { ...prepared, id: id as number });
      for (const [name, rows] of Object.entries(children)) {
        const child = this.registry[name];
        const db: DynamicDb = hctx.db; // the engine's view: the child's table is named at run time
        if (child && rows.length) await db.insertInto(child.table).values(rows).execute();
      }
      await this.recordSavedState(hctx, def, scope, id as number);
      const after = await this.readOrThrow(hctx.db, def, scope, id);
      await this.tell(hctx.db, hctx, def, scope, 'restore', [id], { values: prepared.values, after });
      return after;
    });
  }

  /** Answers the new record's id (a natural-key record, a website's language: its key, from `values`). */
  private async insert(ctx: OperationContext, def: ResourceDef, scope: Scope, values: Row, restored?: { id?: number | string; createdAt?: string }): Promise<number> {
    const at = iso(ctx.now);
    const natural = !hasIdColumn(def);
    const inserted = await ctx.db
      .insertInto(def.table)
      .values({
        ...values,
        ...this.systemValues(def, scope),
        ...(hasStamp(def) ? { concurrencyStamp: randomUUID() } : {}),
        // Who created it (a role's `own`, ./permissions.ts): the signed-in user; a visitor's or a machine's: nobody.
        ...(hasCreator(def) ? { [CREATED_BY]: ctx.request?.user?.id ?? null } : {}),
        createdAt: restored?.createdAt ?? at,
        updatedAt: at,
        // An explicit id below the sequence's (SQLite's autoincrement, PostgreSQL's serial): later inserts go on as before.
        ...(restored?.id !== undefined ? { id: restored.id } : {}),
      })
      .returning(natural ? keyColumn(def) : 'id')
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => {
        // The parent (or the website) was deleted between our check and the insert.
        if (isForeignKeyViolation(err)) throw httpError(404, M.recordNotFound);
        throw err;
      });
    return (inserted as Row)[natural ? keyColumn(def) : 'id'] as number;
  }

  /**
   * Update with optimistic concurrency: one `UPDATE … WHERE id AND scope AND concurrencyStamp = sent`.
   * Missing stamp → 400; no such record (in this scope) → 404; stale stamp → 409 with the current record
   * as `data`, nothing changed.
   */
  async update(ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string, body: Row): Promise<Row> {
    const stamp = hasStamp(def) ? requireStamp(body) : undefined;
    const hooks = this.hooksOf(def);
    return this.writing(ctx, def, scope, async (hctx, done) => {
      const current = await this.readOrThrow(hctx.db, def, scope, id);
      if (stamp !== undefined && current.concurrencyStamp !== stamp) throw stale(current);
      refuseLocked(def, current);
      hooks.guard?.(current, hctx);
      const prepared = done(await this.prepared(hctx, def, body, current));
      await this.write(hctx, def, scope, id, stamp, this.allowed(ctx, def, prepared.values, current));
      await hooks.afterWrite?.(hctx, { ...prepared, id: id as number, current });
      await this.recordSavedState(hctx, def, scope, id as number, current);
      const after = await this.readOrThrow(hctx.db, def, scope, id);
      await this.tell(hctx.db, hctx, def, scope, 'update', [id], { before: current, values: prepared.values, after });
      return after;
    });
  }

  /**
   * A change of one record beside its form's update (a menu moved in its tree, a read mark, the default flag another
   * record took, the visit the clinic records): `values` (column values, already checked by the caller) set with a new
   * stamp and time, in the caller's transaction or one of its own; the write listeners hear it as an update (or as the
   * named `action`) with the record before and after. `stamp`: only over that version (else 409 with the record as it
   * is, or what `stale` makes of it); `keepStamp`: the stamp stays (a read mark: a form open on it can still be saved).
   * Answers the record after; 404 (the definition's words) when it is not there.
   */
  async change(
    ctx: OperationContext,
    def: ResourceDef,
    scope: Scope,
    id: number | string,
    values: Row,
    options: { action?: string; stamp?: string; keepStamp?: boolean; stale?: (now: Row) => unknown } = {},
  ): Promise<Row> {
    const work = async (db: DynamicDb) => {
      const before = await this.readOrThrow(db, def, scope, id);
      try {
        await this.write({ ...ctx, db }, def, scope, id, hasStamp(def) && !options.keepStamp ? (options.stamp ?? null) : undefined, values);
      } catch (err) {
        const now = err instanceof HttpError && err.status === 409 ? (err.extra.data as Row | undefined) : undefined;
        if (options.stale && now) throw options.stale(now);
        throw this.refusal(def, err, values);
      }
      const afterChange = this.hooksOf(def).afterChange;
      if (afterChange) await afterChange({ ...ctx, db, scope, params: {}, engine: this } as HookContext, id, values);
      const after = await this.readOrThrow(db, def, scope, id);
      await this.tell(db, ctx, def, scope, options.action ? 'action' : 'update', [id], { before, values, after, action: options.action });
      return after;
    };
    return ctx.db.isTransaction ? work(ctx.db) : ctx.db.transaction().execute(work);
  }

  /**
   * A write of a table no definition describes (an integration key, the kinds of events a user mutes): `work` runs in
   * a transaction (the caller's when it has one) and answers its result and the write the listeners hear in it (none:
   * nothing changed, no entry). The one way such a module writes with a history.
   */
  async own<T>(ctx: OperationContext, resource: string, work: (db: DynamicDb) => Promise<{ result: T; written?: OwnWrite | OwnWrite[] }>): Promise<T> {
    const run = async (db: DynamicDb) => {
      const { result, written } = await work(db);
      for (const w of written === undefined ? [] : Array.isArray(written) ? written : [written]) await this.writes.tell(db, { ...w, resource, request: ctx.request });
      return result;
    };
    return ctx.db.isTransaction ? run(ctx.db) : ctx.db.transaction().execute(run);
  }

  /** `UPDATE … WHERE id AND scope AND concurrencyStamp = sent`; nothing updated → 409 with the record as it is. */
  /** `stamp`: undefined for a definition without stamps; null: a new stamp, whatever the version written over. */
  private async write(ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string, stamp: string | null | undefined, values: Row): Promise<void> {
    let q = this.scoped(def, ctx.db.updateTable(def.table).where(keyColumn(def), '=', id), scope);
    if (typeof stamp === 'string') q = q.where('concurrencyStamp', '=', stamp);
    const result = await q
      .set({ ...values, ...(stamp !== undefined ? { concurrencyStamp: randomUUID() } : {}), updatedAt: iso(ctx.now) })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      // Changed (or deleted) between our read and our write.
      const now = await this.readOrThrow(ctx.db, def, scope, id);
      throw stale(now);
    }
  }

  /** Delete a record and, in the same transaction, its children (and theirs). */
  async remove(ctx: OperationContext, def: ResourceDef, scope: Scope, id: number | string): Promise<void> {
    const hooks = this.hooksOf(def);
    const notFound = hooks.messages?.notFound ?? M.recordNotFound;
    const key = keyColumn(def);
    const work = async (trx: DynamicDb) => {
      const hctx = { ...(ctx as HookContext), db: trx };
      // The scope first: a record of another website (or under another parent) does not exist for this request, so
      // no check that follows (what uses it, its children) may answer about it: 404, never "used by 1 faq".
      if (hooks.beforeRemove && !(await this.scoped(def, trx.selectFrom(def.table).select(key).where(key, '=', id), scope).executeTakeFirst())) {
        throw httpError(404, notFound);
      }
      await hooks.beforeRemove?.(hctx, id as number);
      // What the write listeners keep of a deleted record (the history's state, what the trash gives back): the record
      // and its children's rows, read in the transaction before they go.
      const gone = this.writes.active ? await this.storedTree(trx, def, scope, id) : undefined;
      const result = await this.scoped(def, trx.deleteFrom(def.table).where(key, '=', id), scope).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw httpError(404, notFound);
      if (hasIdColumn(def)) await this.removeChildren(trx, def, [id as number]);
      if (historyMachine(def)) await removeStatusHistory(trx, def, id as number);
      await hooks.afterRemove?.(hctx, id as number);
      await this.tell(trx, ctx, def, scope, 'delete', [id], gone);
    };
    if (ctx.db.isTransaction) await work(ctx.db);
    else await ctx.db.transaction().execute(work);
  }

  /** A record in wire form (`before`) and its children's stored rows, theirs included (`children`, by definition name). */
  private async storedTree(db: DynamicDb, def: ResourceDef, scope: Scope, id: number | string): Promise<Partial<WriteEvent>> {
    const before = await this.read(db, def, scope, id);
    const children: Record<string, Row[]> = {};
    const collect = async (parent: ResourceDef, parentIds: number[]) => {
      if (!parentIds.length) return;
      for (const child of this.childrenOf(parent)) {
        const rows = (await db.selectFrom(child.table).selectAll().where(child.parent!.keyField, 'in', parentIds).execute()) as Row[];
        if (!rows.length) continue;
        (children[child.name] ??= []).push(...rows);
        if (hasIdColumn(child)) await collect(child, rows.map((r) => r.id as number));
      }
    };
    if (hasIdColumn(def)) await collect(def, [id as number]);
    return { before, children };
  }

  /**
   * Children of deleted rows. Foreign keys cascade too, but deleting explicitly keeps it right for tables whose
   * keys predate the engine and makes the order (children first, then theirs) independent of the database.
   */
  async removeChildren(db: DynamicDb, def: ResourceDef, parentIds: number[]): Promise<void> {
    if (!parentIds.length) return;
    for (const child of this.childrenOf(def)) {
      const key = child.parent!.keyField;
      if (hasIdColumn(child)) {
        const ids = (await db.selectFrom(child.table).select('id').where(key, 'in', parentIds).execute()).map((r) => (r as { id: number }).id);
        await this.removeChildren(db, child, ids);
      }
      await db.deleteFrom(child.table).where(key, 'in', parentIds).execute();
    }
  }

  /**
   * Everything a website owns among the engine's resources, children first (a website's delete calls it in
   * its transaction; tables of other modules go with the website row through their foreign keys).
   */
  async removeWebsiteContent(db: DynamicDb, websiteId: number): Promise<void> {
    const depth = (d: ResourceDef): number => (d.parent && d.parent.resource !== 'website' ? 1 + depth(this.def(d.parent.resource)) : 0);
    const owned = Object.values(this.registry).filter((d) => d.scope === 'website').sort((a, b) => depth(b) - depth(a));
    for (const def of owned) await db.deleteFrom(def.table).where('websiteId', '=', websiteId).execute();
  }

  // ---- singletons (one record per website: settings) ---------------------------------------------

  async getSingleton(ctx: OperationContext, def: ResourceDef, scope: Scope): Promise<Row> {
    const row = await this.scoped(def, ctx.db.selectFrom(def.table).select(selectColumns(def)), scope).executeTakeFirst();
    if (row) return toWire(def, row as Row);
    // Nothing saved yet: the defaults, without id or stamp (the first save needs none).
    return { ...emptyRecord(def), websiteId: scope.websiteId };
  }

  /**
   * Upsert. Once a record exists a save must send its stamp: a save without one was made on the empty
   * record ("nothing saved yet"), which is stale, so it answers 409 with the current record, like a stale stamp.
   */
  async saveSingleton(ctx: OperationContext, def: ResourceDef, scope: Scope, body: Row): Promise<Row> {
    const existing = await this.scoped(def, ctx.db.selectFrom(def.table).select(['id', 'concurrencyStamp']), scope).executeTakeFirst();
    if (existing) {
      const stamp = body.concurrencyStamp;
      if (stamp === undefined || stamp === null || stamp === '') throw stale(await this.getSingleton(ctx, def, scope));
      return this.update(ctx, def, scope, (existing as { id: number }).id, body);
    }
    const values = this.allowed(ctx, def, checkAndConvert(def, body, await ctx.languages(), ctx.ui));
    const at = iso(ctx.now);
    const work = async (db: DynamicDb) => {
      const result = await db
        .insertInto(def.table)
        .values({ ...values, ...this.systemValues(def, scope), concurrencyStamp: randomUUID(), createdAt: at, updatedAt: at })
        .onConflict((oc) => oc.column('websiteId').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!result) {
        // Someone else saved the first version a moment ago.
        throw stale(await this.getSingleton({ ...ctx, db }, def, scope));
      }
      await this.tell(db, ctx, def, scope, 'create', [(result as { id: number }).id], { values });
    };
    if (ctx.db.isTransaction) await work(ctx.db);
    else await ctx.db.transaction().execute(work);
    return this.getSingleton(ctx, def, scope);
  }
}

/** One write of `ResourceEngine.own`: the event without its resource and request (the engine adds them). */
export type OwnWrite = Omit<WriteEvent, 'resource' | 'request'>;

/** The column a record is found by: its id, or a natural key (a website's language: `languageId`). */
const keyColumn = (def: ResourceDef) => def.idField ?? 'id';

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' /* PostgreSQL */ || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

function requireValue<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`scope is missing ${name}`);
  return value;
}

export function requireStamp(body: Row): string {
  const stamp = body.concurrencyStamp;
  if (typeof stamp !== 'string' || !stamp.trim()) throw httpError(400, M.stampRequired, { field: 'concurrencyStamp' });
  return stamp;
}

/** 409 carrying the record as it is now, so the console can show both versions. */
export const stale = (current: Row) => httpError(409, M.stale, { data: current });

/** One `ListFilter` of a module (hooks.ts) applied from the query string. */
function hookFilter(q: AnyQuery, f: ListFilter, query: Record<string, unknown>): AnyQuery {
  const raw = query[f.name];
  if (f.kind === 'int') {
    const v = queryInt(raw, f.name, f.min, f.max);
    return v === undefined || v === f.none ? q : q.where(f.column ?? f.name, '=', v);
  }
  if (f.kind === 'bool') {
    const v = queryBool(raw, f.name);
    return v === undefined ? q : q.where(f.column ?? f.name, '=', v);
  }
  if (raw === undefined || raw === '') return q;
  // The one date rule (shared/input.ts): a real day, or an ISO date-time, within sane years.
  if (!isIsoDayOrTime(raw)) throw httpError(400, M.badQuery(f.name), { field: f.name });
  if (f.day) return hookFilter(q, { ...f, day: false }, { [f.name]: raw.slice(0, 10) });
  if (f.kind === 'from') return q.where(f.column, '>=', isIsoDay(raw) ? raw : new Date(raw).toISOString());
  // A day as the end means the whole day: everything before the next one.
  if (isIsoDay(raw)) return q.where(f.column, '<', new Date(Date.parse(raw) + 86_400_000).toISOString().slice(0, 10));
  return q.where(f.column, '<=', new Date(raw).toISOString());
}

function positiveInt(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) throw httpError(400, M.badQuery(name), { field: name });
  return Number(raw);
}
