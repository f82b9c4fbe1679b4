// Hook points of a definition-driven resource: what a module adds to the engine's list/read/write/delete instead
// of writing those routes again (docs/api.md "Resources", "Hooks and actions"). A module exports its resource as
// `serve(def, hooks)`; server/routes.ts hands the list to the engine's routes, so the same paging, search, scoping,
// stamps, transactions and answers serve news as they serve a social network link.
//
// Order of a write: scope checked → access (the definition's rule, server/resources/access.ts `enforce`) → (update)
// stamp required, current record read (404), stamp compared (409), a state a machine locks refused (409) →
// `guard(current)` → `input(body)` (shaping only) → the definition's rules (checkAndConvert: 400 naming the fields) →
// `prepare(body, current, values)` (rules beyond the definition's, on its column values) → INSERT/UPDATE with the
// stamp condition → `afterWrite` (child tables) → the status history — all in one transaction when any hook writes,
// retried when `retry` says so. A delete: `beforeRemove` → DELETE (404 when nothing) → children → `afterRemove`.
// Status moves are the engine's (server/resources/machines.ts); `afterMove` runs in a move's transaction.
import type { FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import type { Move, StatusMachine } from '../../shared/resources/machine';
import type { Text } from '../i18n';
import type { Db } from '../db/schema';
import type { AnyQuery, OperationContext, ResourceEngine, Scope } from './engine';
import type { Row } from './records';

/**
 * The scope of a definition's records: a website's resource always has its website (the routes read `{website}` and
 * check it before any hook runs), so its hooks need no non-null assertion on it.
 */
export type ScopeOf<D extends ResourceDef> = [D['scope']] extends ['website'] ? Scope & { websiteId: number } : Scope;

/** Any website's resource, and a hook of one (helpers shared by several: trees, review history). */
export type WebsiteDef = ResourceDef & { scope: 'website' };
export type WebsiteScope = ScopeOf<WebsiteDef>;
export interface WebsiteHookContext extends HookContext {
  scope: ScopeOf<WebsiteDef>;
}

/** What a hook knows about the request it serves (`D`: the definition served, for its scope's type). */
export interface HookContext<D extends ResourceDef = ResourceDef> extends OperationContext {
  /** The database (or the operation's transaction), typed: a module queries its tables as they are declared. */
  db: Db;
  scope: ScopeOf<D>;
  /** Path parameters (`{lang}`, `{flag}` …) of the route being served. */
  params: Record<string, string | undefined>;
  request: FastifyRequest;
  /** The engine running the operation (a hook's own writes of other records go through it, request or not). */
  engine: ResourceEngine;
  /**
   * A deleted record put back from the trash (ResourceEngine.restore): a create whose body is the record as it was, so
   * what a create sets once (its creator, its counters) may come from it.
   */
  restoring?: boolean;
}

/**
 * A list filter read from the query string, beyond the definition's own field filters: `int` and `bool` are
 * equality on `column` (default: the name), `from`/`to` a date range on it (inclusive, `YYYY-MM-DD` or ISO time).
 * Malformed values answer 400 naming the parameter.
 */
export type ListFilter =
  /** `none`: the value that means "every row" (the spec's `userId=0`). */
  | { name: string; kind: 'int'; min: number; max: number; column?: string; none?: number }
  | { name: string; kind: 'bool'; column?: string }
  /** `day`: only the day an ISO time names counts (a day's start for `from`, its whole for `to`). */
  | { name: string; kind: 'from' | 'to'; column: string; day?: boolean };

export interface Prepared<I> {
  /** Column values of the row itself (the engine adds websiteId, parent key, stamp and times). */
  values: Row;
  /** Whatever `afterWrite` needs (nested rows, links). */
  input: I;
}

export interface WriteArgs<I> extends Prepared<I> {
  id: number;
  /** The record before an update (the detail form); undefined on a create. */
  current?: Row;
}

export interface MoveArgs {
  id: number;
  machine: StatusMachine;
  move: Move;
  /** The state it left. */
  from: unknown;
  reason: string | null;
  /** The record before the move. */
  current: Row;
}


/**
 * `I`: what `prepare` hands to `afterWrite`; `D`: the definition served (its scope's type); `S`: a stored row as the
 * module's table type has it (what `listRows` and `detail` get), when the module reads its rows typed.
 */
export interface ResourceHooks<I = unknown, D extends ResourceDef = ResourceDef, S extends Row = Row> {
  // ---- lists ----
  /** Filters of the list beyond the keyword; a field named here is not also filtered by the definition. */
  filters?: ListFilter[];
  /** Order of the list (default: the definition's `list.orderBy`, else `order`, then id). */
  orderBy?: { column: string; direction: 'asc' | 'desc' }[];
  /** The list answer also carries `code` and `message` (as the spec writes for this list). */
  listEnvelope?: boolean;
  /** Rows of a list in wire form (default: the definition's columns). Gets whole stored rows, or what `listSelect` selects. */
  listRows?(ctx: HookContext<D>, rows: S[]): Row[] | Promise<Row[]>;
  /** What `listRows` reads (default: every stored column): what the rows show, read with them in one statement. */
  listSelect?(ctx: HookContext<D>, q: AnyQuery): AnyQuery;
  /**
   * What `listSelect` depends on besides the list's conditions, as text (the news list: the path's language), so that
   * its page statement is built once and kept compiled (engine.ts `page`). Without it a `listSelect` list builds its
   * statement on every request.
   */
  listSelectKey?(ctx: HookContext<D>): string;
  /** An order SQL cannot express (small collections): every match is shaped, sorted here, then paged. */
  sortRows?(ctx: HookContext<D>, rows: Row[]): Row[];
  /** The `getAll` lookup's items (default: the list rows). */
  lookup?(rows: Row[], ctx: HookContext<D>): unknown[] | Promise<unknown[]>;
  /** Only the records the request may see, in its lists (a website: those the user is staff of). */
  restrict?(ctx: HookContext<D>, q: AnyQuery): AnyQuery;

  // ---- reads ----
  /**
   * Before anything else on one record (its get, update, delete, actions): whether the request may reach it at all
   * (a website is itself a scope: unknown 404, not its staff 403).
   */
  reach?(request: FastifyRequest, id: number | string): Promise<void>;
  /** The record's id among the path parameters, for paths of several forms (default: `{id}`, or the definition's `idField`). */
  idOf?(params: Record<string, string | undefined>): string | undefined;
  /** One record in wire form, from its whole stored row (detail, the answer of writes, the 409's `data`). */
  detail?(db: Db, row: S): Promise<Row>;

  // ---- writes ----
  /** Refuse a write to the record as it is (409 for a locked state, …); runs after the stamp check. */
  guard?(current: Row, ctx: HookContext<D>): void;
  /**
   * Shapes the body before the definition's rules, never a check in their place: numbers sent as text, only what a
   * visitor may send, a field filled from the record it links to. `prepare` then gets the shaped body.
   */
  input?(ctx: HookContext<D>, body: Row, current?: Row): Row | Promise<Row>;
  /** The definition the body is checked by when it varies with the body (a question as asked: nothing of the answer required). */
  rules?(ctx: HookContext<D>, body: Row, current?: Row): ResourceDef;
  /**
   * The body is not the definition's wire shape (news and sick categories send their translations as rows): `prepare`
   * reads it, checking it by the definition's fields itself (validateRecord), and gets empty `values`.
   */
  ownInput?: boolean;
  /**
   * Rules beyond the definition's, run AFTER them: `values` are the definition's checked column values (checkAndConvert);
   * answers the row's values and what `afterWrite` needs. Without it the write takes `values` as they are.
   */
  prepare?(ctx: HookContext<D>, body: Row, current: Row | undefined, values: Row): Promise<Prepared<I>>;
  /** In the write's transaction, once the row is written: child tables, history. */
  afterWrite?(ctx: HookContext<D>, written: WriteArgs<I>): Promise<void>;
  /**
   * The write failed with `err` (attempt 1, 2, …; `prepared`: what this attempt's `prepare` gave, if it got that
   * far): true runs the whole write again (prepare included), false lets the error go; it may throw the error
   * the user should see instead.
   */
  retry?(ctx: HookContext<D>, err: unknown, attempt: number, prepared?: Prepared<I>): Promise<boolean>;
  /** Answer messages of create and update (default: added, updated), and the 404 of a record (default: "not found"). */
  messages?: { created?: Text; updated?: Text; notFound?: Text };

  /**
   * In the transaction of a change beside the form (`engine.change`: the bulk bar's activate, a read mark), once the
   * row is written: what else follows those values (a published news item's Active).
   */
  afterChange?(ctx: HookContext<D>, id: number | string, values: Row): Promise<void>;

  /** In a status move's transaction, once the record moved (server/resources/machines.ts): what else the move changes. */
  afterMove?(ctx: HookContext<D>, moved: MoveArgs): Promise<void>;

  // ---- deletes ----
  /** In the delete's transaction, before the row goes (refuse with a 4xx). */
  beforeRemove?(ctx: HookContext<D>, id: number): Promise<void>;
  /** In the delete's transaction, after the row went: rows not tied by a foreign key. */
  afterRemove?(ctx: HookContext<D>, id: number): Promise<void>;

  // ---- more routes ----
  /** Routes beyond list/get/create/update/delete: transitions, suggestions, reordering. */
  actions?: ActionDef<D>[];
}

export interface ActionArgs<D extends ResourceDef = ResourceDef> {
  ctx: HookContext<D>;
  engine: ResourceEngine;
  def: ResourceDef;
  /** `{id}` of the path, when it has one (checked: a positive whole number). */
  id?: number;
  /** The body as sent (`bodyObject()` reads an object from it). */
  body: unknown;
  query: Record<string, unknown>;
}

export interface ActionDef<D extends ResourceDef = ResourceDef> {
  /** Path template, with its method unless GET, e.g. 'PUT News/status/{website}/{id}' (scope read like the other routes). */
  path: string;
  /** The whole answer (use `ok()` from server/http/envelope.ts for the envelope). */
  run(args: ActionArgs<D>): Promise<unknown>;
}

/** A definition with the hooks of the module that serves it. */
export interface ServedResource {
  def: ResourceDef;
  hooks: ResourceHooks<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each module's own input type
  /** The table comes from a migration (server/db/migrations), not from the definition's fields. */
  tableFromMigration?: boolean;
}

export const serve = <I, D extends ResourceDef = ResourceDef, S extends Row = Row>(def: D, hooks: ResourceHooks<I, D, S>, options: { tableFromMigration?: boolean } = {}): ServedResource => ({
  def,
  hooks,
  ...options,
});

