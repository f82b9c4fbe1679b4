// Sealing personal values where the server keeps them beyond the record itself, and opening them for whoever reads
// them. Sealed: a history entry's changes of personal fields (before/after, each language), the personal fields of
// its `state` (the record, and its children's rows), its client address (with the month's key); a trash or live
// event title made of a personal field. Opened: by the History panel, the audit and its export, a restore, the trash,
// the live events. A value whose key is gone (the record erased) opens as ERASED (a restore: ERASED for text, null
// for a date, a number or a file), a title as `#id`, a client address as null.
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { ERASED, isPersonal, personalFields } from '../../shared/resources/personal';
import type { Db } from '../db/schema';
import { ADDRESS_KEYS, findKey, isSealed, keyFor, monthOf, openValue, sealValue, type Sealed } from './keys';

/** One changed field of a history entry (server/history/entries.ts `Change`, the same shape). */
export interface Change {
  field: string;
  language: string | null;
  before: unknown;
  after: unknown;
}

type Row = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A personal field's value once its key is gone: ERASED where text was, null where a date, a number or a file was. */
export function erasedValueOf(field: FieldDef | undefined): unknown {
  return !field || field.type === 'text' || field.type === 'textarea' || field.type === 'richText' ? ERASED : null;
}

/** Seals an entry's parts: the key of the record is taken (made in the caller's transaction) only when needed. */
export async function sealEntry(
  db: Db,
  defs: Record<string, ResourceDef>,
  entry: { resource: string; recordId: string; time: Date; changes: Change[]; state: unknown; address: string | null },
): Promise<{ changes: Change[]; state: unknown; address: string | null }> {
  const { resource, recordId, time } = entry;
  const def = defs[resource];
  let key: Buffer | undefined;
  // A value sealed already stays as it is (the upgrade of earlier entries, ./upgrade.ts, seals what was not).
  const seal = async (v: unknown) => (blank(v) || isSealed(v) ? v : sealValue((key ??= await keyFor(db, resource, recordId, time)), resource, recordId, v));
  const changes: Change[] = [];
  for (const c of entry.changes) {
    changes.push(isPersonal(def, c.field) ? { ...c, before: await seal(c.before), after: await seal(c.after) } : c);
  }
  let state = entry.state;
  if (state && typeof state === 'object' && (personalFields(def).length || childDefsWithPersonal(defs, state as Row).length)) {
    const s = state as { record?: Row | null; children?: Record<string, Row[]> };
    const sealRow = async (d: ResourceDef | undefined, row: Row) => {
      const out = { ...row };
      for (const f of personalFields(d)) if (f.name in out) out[f.name] = await seal(out[f.name]);
      return out;
    };
    const record = s.record ? await sealRow(def, s.record) : s.record;
    let children = s.children;
    if (children) {
      children = Object.fromEntries(await Promise.all(Object.entries(children).map(async ([name, rows]) => [name, await sealAll(defs[name], rows, sealRow)] as const)));
    }
    state = { ...s, record, ...(children ? { children } : {}) };
  }
  return { changes, state, address: await sealAddress(db, entry.address, time) };
}

async function sealAll(def: ResourceDef | undefined, rows: Row[], sealRow: (d: ResourceDef | undefined, row: Row) => Promise<Row>): Promise<Row[]> {
  if (!personalFields(def).length) return rows;
  const out: Row[] = [];
  for (const row of rows) out.push(await sealRow(def, row));
  return out;
}

function childDefsWithPersonal(defs: Record<string, ResourceDef>, state: Row): string[] {
  const children = state.children as Record<string, unknown> | undefined;
  return children ? Object.keys(children).filter((name) => personalFields(defs[name]).length) : [];
}

/** A client address sealed with its month's key (made in the caller's transaction), as the text column keeps it. */
export async function sealAddress(db: Db, address: string | null, time: Date): Promise<string | null> {
  if (!address || sealedText(address)) return address;
  const month = monthOf(time);
  const key = await keyFor(db, ADDRESS_KEYS, month, time);
  return JSON.stringify({ ...sealValue(key, ADDRESS_KEYS, month, address), month });
}

/** A title (a trash row's, a live event's) sealed with its record's key when it is made of a personal field. */
export async function sealTitle(db: Db, def: ResourceDef | undefined, recordId: string, title: string, fromField: string | undefined, now: Date): Promise<string> {
  if (!def || !fromField || !isPersonal(def, fromField) || blank(title) || sealedText(title)) return title;
  const key = await keyFor(db, def.name, recordId, now);
  return JSON.stringify(sealValue(key, def.name, recordId, title));
}

/** A text column's sealed value (JSON of a Sealed), or undefined for a plain text. */
function sealedText(text: string | null | undefined): (Sealed & { month?: string }) | undefined {
  if (!text || !text.startsWith('{"$sealed"')) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return isSealed(v) ? (v as Sealed & { month?: string }) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens what one reader reads (a page of entries, a trash list, an event stream's batch), each record's key read
 * once. Make one per read, never keep it: a key destroyed since must read as gone.
 */
export class Opener {
  private readonly keys = new Map<string, Promise<Buffer | undefined>>();

  constructor(private readonly db: Db) {}

  private key(resource: string, recordId: string): Promise<Buffer | undefined> {
    const name = `${resource}\u0000${recordId}`;
    let key = this.keys.get(name);
    if (!key) this.keys.set(name, (key = findKey(this.db, resource, recordId)));
    return key;
  }

  /** An entry's changes, personal values opened (ERASED once the key is gone). */
  async changes(resource: string, recordId: string, changes: Change[]): Promise<Change[]> {
    if (!changes.some((c) => isSealed(c.before) || isSealed(c.after))) return changes;
    const key = await this.key(resource, recordId);
    const open = (v: unknown) => (isSealed(v) ? openValue(key, resource, recordId, v, ERASED) : v);
    return changes.map((c) => ({ ...c, before: open(c.before), after: open(c.after) }));
  }

  /**
   * An entry's state (`{ record, children }`): personal fields opened, or ERASED / null once the key is gone (the
   * record's fields that could not be opened named in `erased`).
   */
  async state(defs: Record<string, ResourceDef>, resource: string, recordId: string, state: unknown, erased?: Set<string>): Promise<unknown> {
    if (!state || typeof state !== 'object') return state;
    const s = state as { record?: Row | null; children?: Record<string, Row[]> };
    const key = await this.key(resource, recordId);
    const GONE = Symbol('gone');
    const openRow = (def: ResourceDef | undefined, row: Row, gone?: Set<string>) => {
      const out = { ...row };
      for (const f of def?.fields ?? []) {
        if (!isSealed(out[f.name])) continue;
        const v = openValue(key, resource, recordId, out[f.name] as Sealed, GONE);
        if (v === GONE) gone?.add(f.name);
        out[f.name] = v === GONE ? erasedValueOf(f) : v;
      }
      return out;
    };
    const record = s.record ? openRow(defs[resource], s.record, erased) : s.record;
    const children = s.children && Object.fromEntries(Object.entries(s.children).map(([name, rows]) => [name, rows.map((r) => openRow(defs[name], r))]));
    return { ...s, record, ...(children ? { children } : {}) };
  }

  /** A title: opened, `#id` once the key is gone, a plain title as it is. */
  async title(resource: string, recordId: string, title: string): Promise<string> {
    const sealed = sealedText(title);
    if (!sealed) return title;
    const opened = openValue(await this.key(resource, recordId), resource, recordId, sealed, undefined);
    return typeof opened === 'string' ? opened : `#${recordId}`;
  }

  /** A client address: opened, null once its month is forgotten, a plain one (older entries) as it is. */
  async address(text: string | null): Promise<string | null> {
    const sealed = sealedText(text);
    if (!sealed || !sealed.month) return text;
    const opened = openValue(await this.key(ADDRESS_KEYS, sealed.month), ADDRESS_KEYS, sealed.month, sealed, null);
    return typeof opened === 'string' ? opened : null;
  }
}

export const openChangeList = (db: Db, resource: string, recordId: string, changes: Change[]) => new Opener(db).changes(resource, recordId, changes);
export const openState = (db: Db, defs: Record<string, ResourceDef>, resource: string, recordId: string, state: unknown) => new Opener(db).state(defs, resource, recordId, state);
export const openTitle = (db: Db, resource: string, recordId: string, title: string) => new Opener(db).title(resource, recordId, title);
export const openAddress = (db: Db, text: string | null) => new Opener(db).address(text);
