// The history's entries: what one committed write leaves (docs/api.md "History and audit"). The listener of
// `app.writes` (server/resources/writes.ts) writes one entry per record written, in the write's own transaction, so
// an entry commits or rolls back with its write: a 409 or a 400 leaves none, and a save that changed no field none.
import type { FastifyRequest } from 'fastify';
import type { CompiledQuery } from 'kysely';
import type { ResourceDef } from '../../shared/resources/define';
import { parseTranslations } from '../../shared/resources/translations';
import { dialectOf, iso } from '../db/dialect';
import type { ResourceEngine, WriteActor, WriteEvent, WriteListener } from '../resources/index';
import type { Db } from '../db/schema';
import { sealEntry } from '../privacy/index';

declare module '../db/schema' {
  interface Database {
    history_entries: HistoryEntriesTable;
  }
}

export interface HistoryEntriesTable {
  id: import('kysely').Generated<number>;
  time: string;
  websiteId: number | null;
  resource: string;
  recordId: string;
  operation: string;
  actorKind: WriteActor['kind'];
  actorId: number | null;
  actorName: string | null;
  clientAddress: string | null;
  changes: string;
  state: string | null;
}

export const HISTORY_TABLE = 'history_entries';

/** buildApp({ history }): the history module's option. */
export interface HistoryOptions {
  /**
   * Write no entries (the listener is not registered). Only for the save-cost bench (tests/bench/save-cost.ts, via
   * SITEDESK_BENCH_HISTORY_OFF=1), which compares a save with and without the history in the same run.
   */
  benchOff?: boolean;
}

/** One changed field; each language of a per-language field on its own (`language` null for the others). */
export interface Change {
  field: string;
  language: string | null;
  before: unknown;
  after: unknown;
}

type Row = Record<string, unknown>;

/** Not a change of the record: its identity, the write's own bookkeeping, what the history keeps elsewhere. */
const BOOKKEEPING = new Set(['id', 'websiteId', 'concurrencyStamp', 'createdAt', 'updatedAt', 'createTime', 'updateTime', 'statusHistory', 'searchText', 'createdBy']);

/** Never kept, in the changes or the state: signing secrets and key or password hashes (their change is, masked). */
const SECRET = /^(secret|keyHash|passwordHash|securityStamp|totpSecret|codeHash)$/;
/** What a secret shows in the changes and the state (a restore never writes it back). */
export const MASK = '••••••';

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const plain = (v: unknown) => (blank(v) ? null : v);
/** Equal values: texts, numbers and flags compared as they are, objects and lists by their JSON (a save compares every field). */
const same = (a: unknown, b: unknown) => {
  const [x, y] = [plain(a), plain(b)];
  if (x === y) return true;
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
  return JSON.stringify(x) === JSON.stringify(y);
};

/** A definition's fields by name, made once per definition (not once per save). */
const fieldMaps = new WeakMap<ResourceDef, Map<string, ResourceDef['fields'][number]>>();
function fieldsOf(def: ResourceDef | undefined): Map<string, ResourceDef['fields'][number]> {
  if (!def) return new Map();
  let map = fieldMaps.get(def);
  if (!map) fieldMaps.set(def, (map = new Map(def.fields.map((f) => [f.name, f]))));
  return map;
}

/** Per-language text stored as rows, one per language (news: `newsTranslations: [{ languageId, title, … }]`). */
function translationRows(v: unknown): v is Row[] {
  return Array.isArray(v) && v.length > 0 && v.every((r) => r && typeof r === 'object' && typeof (r as Row).languageId === 'string');
}

function perLanguage(field: string, a: Record<string, unknown>, b: Record<string, unknown>, out: Change[]): void {
  for (const language of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (!same(a[language], b[language])) out.push({ field, language, before: plain(a[language]), after: plain(b[language]) });
  }
}

/**
 * What changed between two wire records (`undefined`: none, a create's before or a delete's after): each field whose
 * value differs; a per-language field (JSON text keyed by language, or translation rows) language by language; rich
 * text and lists whole. `only`: the keys compared (an update: what its `before` holds, which a hand-written writer
 * may keep to the fields it wrote).
 */
export function changesBetween(def: ResourceDef | undefined, before: Row | undefined, after: Row | undefined, only?: readonly string[]): Change[] {
  const a = before ?? {};
  const b = after ?? {};
  const out: Change[] = [];
  const fields = fieldsOf(def);
  for (const key of only ?? [...new Set([...Object.keys(a), ...Object.keys(b)])]) {
    if (BOOKKEEPING.has(key) || fields.get(key)?.hidden) continue;
    const va = a[key];
    const vb = b[key];
    if (fields.get(key)?.perLanguage) {
      perLanguage(key, parseTranslations(va), parseTranslations(vb), out);
    } else if (translationRows(va) || translationRows(vb)) {
      const rowsA = new Map((translationRows(va) ? va : []).map((r) => [r.languageId as string, r]));
      const rowsB = new Map((translationRows(vb) ? vb : []).map((r) => [r.languageId as string, r]));
      const names = new Set([...rowsA.values(), ...rowsB.values()].flatMap((r) => Object.keys(r)).filter((k) => k !== 'id' && !k.endsWith('Id')));
      for (const name of names) {
        const pick = (rows: Map<string, Row>) => Object.fromEntries([...rows].map(([lang, r]) => [lang, r[name]]));
        perLanguage(name, pick(rowsA), pick(rowsB), out);
      }
    } else if (!same(va, vb)) {
      const shown = (v: unknown) => (SECRET.test(key) && !blank(v) ? MASK : plain(v));
      out.push({ field: key, language: null, before: shown(va), after: shown(vb) });
    }
  }
  return out;
}

/** Who wrote (writes.ts WriteActor), with the client address when a request made the write. */
export function actorOf(event: { actor?: WriteActor; request?: FastifyRequest }): WriteActor & { address: string | null } {
  const request = event.request;
  const address = request?.ip ?? null;
  if (event.actor) return { ...event.actor, address };
  if (request?.actor) return { ...request.actor, address };
  if (request?.user) return { kind: 'user', id: request.user.id, name: request.user.fullName || request.user.userName, address };
  // A request without a user or another caller: the public intake (a visitor); no request at all: the server itself.
  return request ? { kind: 'public', id: null, name: null, address } : { kind: 'system', id: null, name: null, address: null };
}

/** The entry's operation: create, update, delete, or the move's or the action's name (approve, pay, signIn). */
const operationOf = (event: WriteEvent) => (event.operation === 'move' ? (event.move?.name ?? 'move') : event.operation === 'action' ? (event.action ?? 'action') : event.operation);

export interface EntryInput {
  websiteId: number | null;
  resource: string;
  recordId: string;
  operation: string;
  actor: WriteActor & { address: string | null };
  changes: Change[];
  state: unknown;
  time: Date;
}

/**
 * The entry's INSERT, compiled once per dialect and then bound to each entry's values: every save writes one, and
 * building and compiling the query each time was about a fifth of what the history adds to a save
 * (tests/bench/save-cost.ts).
 */
const compiledInserts = new Map<string, CompiledQuery>();

/** The row as given (its personal values already sealed: `recordEntry` is the way in). */
async function insertEntry(db: Db, e: EntryInput): Promise<void> {
  // The columns in one fixed order: the compiled statement's parameters are in that order.
  const values = [
    iso(e.time),
    e.websiteId,
    e.resource,
    e.recordId,
    e.operation,
    e.actor.kind,
    e.actor.id ?? null,
    e.actor.name ?? null,
    e.actor.address,
    JSON.stringify(e.changes),
    e.state === undefined ? null : JSON.stringify(e.state),
  ].map((v) => v ?? null);
  const dialect = dialectOf(db);
  let query = compiledInserts.get(dialect);
  if (!query) {
    const columns = ['time', 'websiteId', 'resource', 'recordId', 'operation', 'actorKind', 'actorId', 'actorName', 'clientAddress', 'changes', 'state'] as const;
    query = db.insertInto(HISTORY_TABLE).values(Object.fromEntries(columns.map((c, i) => [c, values[i]])) as never).compile();
    if (query.parameters.length !== values.length) throw new Error('the history entry insert binds each column once');
    compiledInserts.set(dialect, query);
  }
  await db.executeQuery({ ...query, parameters: values });
}

/**
 * Writes an entry with its personal values (and its client address) sealed with the record's (the month's) key, made
 * in this transaction when there is none yet (server/privacy): erasing the record destroys the key, and the entry then
 * reads as erased. Every entry goes in through here.
 */
export async function recordEntry(db: Db, defs: Record<string, ResourceDef>, e: EntryInput): Promise<void> {
  const sealed = await sealEntry(db, defs, { resource: e.resource, recordId: e.recordId, time: e.time, changes: e.changes, state: e.state, address: e.actor.address });
  await insertEntry(db, { ...e, actor: { ...e.actor, address: sealed.address }, changes: sealed.changes as Change[], state: sealed.state });
}

/** The record without what the history does not keep (its status history is its own table; secrets, masked). */
function kept(record: Row | undefined): Row | undefined {
  if (!record) return undefined;
  const { statusHistory: _, ...rest } = record;
  for (const key of Object.keys(rest)) if (SECRET.test(key) && !blank(rest[key])) rest[key] = MASK;
  return rest;
}

/**
 * The write listener: one entry per record of the event. The state kept is the record in wire form (what a save
 * sends: a restore can send it back through the same pipeline) right after the write, or right before a delete with
 * the stored rows of its children (what the trash will put back).
 */
export function historyListener(engine: ResourceEngine, defs: Record<string, ResourceDef>, now: () => Date): WriteListener {
  return async (db, event) => {
    const def = defs[event.resource];
    const actor = actorOf(event);
    // A user named by id only (a writer without the request): their name, as the other entries carry it.
    if (actor.kind === 'user' && actor.id && !actor.name) {
      const user = (await db.selectFrom('users').select(['fullName', 'userName']).where('id', '=', actor.id).executeTakeFirst()) as { fullName: string; userName: string } | undefined;
      actor.name = user ? user.fullName || user.userName : null;
    }
    const operation = operationOf(event);
    for (const id of event.ids) {
      let changes: Change[];
      let state: unknown;
      if (event.operation === 'delete') {
        const before = kept(event.before);
        changes = changesBetween(def, before, undefined);
        state = { record: before ?? null, ...(event.children && Object.keys(event.children).length ? { children: event.children } : {}) };
      } else {
        // The record as written: the engine's (`after`), else read here in the transaction (a hand-written writer).
        let after = event.ids.length === 1 ? event.after : undefined;
        if (!after && def) after = await engine.read(db, def, { websiteId: event.websiteId, keys: event.keys ?? {} }, id);
        after = kept(after) ?? (event.values ? { ...event.before, ...event.values } : undefined);
        const before = event.ids.length === 1 ? kept(event.before) : undefined;
        if (event.operation === 'move' && event.move) {
          changes = [{ field: event.move.field, language: null, before: event.move.from, after: event.move.to }];
          for (const c of changesBetween(def, before, after, before && Object.keys(before))) if (c.field !== event.move.field) changes.push(c);
          // An idempotent repeat (the same state again) changed nothing.
          if (event.move.from === event.move.to) changes = changes.filter((c) => c.field !== event.move!.field);
        } else if (event.operation === 'action') {
          // An action says what it did in its values (a payment: its id, total and referrals), not the whole record.
          changes = event.values ? changesBetween(def, before, event.values, Object.keys(event.values)) : [];
        } else {
          changes = event.operation === 'update' && !before && !event.values ? [] : changesBetween(def, before, after, before && Object.keys(before));
        }
        // A save that changed no field leaves nothing (a hand-written writer that says neither before nor values: its
        // write is recorded as it says, without a diff).
        if (!changes.length && (event.operation === 'update' || event.operation === 'move') && (before || event.values)) continue;
        state = after === undefined ? null : { record: after };
      }
      await recordEntry(db, defs, {
        websiteId: event.websiteId ?? null,
        resource: event.resource,
        recordId: String(id),
        operation,
        actor,
        changes,
        state,
        time: now(),
      });
    }
  };
}
