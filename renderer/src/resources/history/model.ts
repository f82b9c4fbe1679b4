import { diffWords } from 'diff';
import { check, ruleOf, type Actor } from '../../../../shared/resources/access';
import type { FieldDef, ResourceDef } from '../../../../shared/resources/define';

/**
 * The pure part of the History panel (docs/api.md "History and audit"): an entry as the server answers it, its
 * changes grouped field by field and language by language in the form's order, rich text read as plain text, and
 * the word-level diff of long texts. No React, no requests: unit-tested (model.test.ts).
 */
export interface HistoryActor {
  id: number | null;
  fullName: string | null;
  /** `user`, `public` (the public intake), `integration` (an integration key), `system` (the server itself). */
  kind: string;
  clientAddress?: string | null;
}

export interface HistoryChange {
  field: string;
  /** The language of a per-language field; null for the others. */
  language: string | null;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  id: number;
  time: string;
  actor: HistoryActor;
  /** `create`, `update`, `delete`, `restore`, or a move's or an action's name (`approve`, `decline`, `pay`…). */
  operation: string;
  changes: HistoryChange[];
}

/** One line of a version: a field (in one language when it has several) before and after. */
export interface ChangeRow extends HistoryChange {
  key: string;
  /** The definition's field, when the definition has it (its label, its type). */
  def?: FieldDef;
}

/**
 * The changes in the order the form shows them: the definition's fields first, in their order, then what the
 * definition does not name (a screen's own fields: news's categories); within a field its languages in the website's
 * order (the default first), unknown languages after. The server's order breaks the remaining ties.
 */
type NamedRecord = Record<string, unknown> & { name: unknown };
const idList = (v: unknown): v is (number | string)[] | null => v === null || (Array.isArray(v) && v.every((x) => typeof x === 'number' || typeof x === 'string'));
const namedList = (v: unknown): v is NamedRecord[] | null => v === null || (Array.isArray(v) && v.every((x) => x !== null && typeof x === 'object' && 'name' in x));
/** The named records hold exactly these ids (in one of their `…Id` keys). */
const names = (rows: NamedRecord[] | null, ids: (number | string)[] | null) =>
  (ids ?? []).length === (rows ?? []).length && (ids ?? []).every((id) => (rows ?? []).some((r) => Object.entries(r).some(([k, v]) => k.endsWith('Id') && String(v) === String(id))));

/**
 * A list of ids that another change of the same version names (news: `categorys` [3, 5] beside `categoriesNews`
 * [{ categoryId: 3, name }, …]) shows the names: one row, under the id list's field, with the named records (their
 * names as they were then, also of a category deleted since).
 */
export function nameIdLists(changes: readonly HistoryChange[]): HistoryChange[] {
  const used = new Set<HistoryChange>();
  const out = changes.map((c) => {
    if (c.language !== null || !idList(c.before) || !idList(c.after) || (c.before === null && c.after === null)) return c;
    const { before, after } = c;
    const sibling = changes.find((s) => s !== c && !used.has(s) && s.language === null && namedList(s.before) && namedList(s.after) && names(s.before, before) && names(s.after, after));
    if (!sibling) return c;
    used.add(sibling);
    return { ...c, before: sibling.before, after: sibling.after };
  });
  return out.filter((c) => !used.has(c));
}

export function groupChanges(changes: readonly HistoryChange[], fields: readonly FieldDef[], languages: readonly string[]): ChangeRow[] {
  const fieldIndex = new Map(fields.map((f, i) => [f.name, i]));
  const rank = (field: string) => fieldIndex.get(field) ?? fields.length;
  const langRank = (language: string | null) => (language === null ? -1 : languages.indexOf(language) === -1 ? languages.length : languages.indexOf(language));
  const firstSeen = new Map<string, number>();
  changes.forEach((c, i) => firstSeen.has(c.field) || firstSeen.set(c.field, i));
  return nameIdLists(changes)
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c.field) - rank(b.c.field) || firstSeen.get(a.c.field)! - firstSeen.get(b.c.field)! || langRank(a.c.language) - langRank(b.c.language) || a.i - b.i)
    .map(({ c }) => ({ ...c, key: `${c.field}\u0000${c.language ?? ''}`, def: fields.find((f) => f.name === c.field) }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Rich text (HTML) as the words a reader sees: tags dropped (a block or a line break is a space), entities decoded,
 * spaces collapsed. Text only: the stored HTML is never rendered, so nothing in it can run.
 */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export interface DiffPart {
  text: string;
  /** `same` on both sides, `removed` only before, `added` only after. */
  kind: 'same' | 'removed' | 'added';
}

/** Word by word, what a long text lost and gained (jsdiff's `diffWords`: words and punctuation, spaces ignored). */
export function wordDiff(before: string, after: string): DiffPart[] {
  return diffWords(before, after).map((part) => ({ text: part.value, kind: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}

/** Where a long text is shown as a word diff: rich text, multi-line text, or any text longer than a line. */
export const LONG_TEXT = 80;
export function isLongText(field: Pick<FieldDef, 'type'> | undefined, before: unknown, after: unknown): boolean {
  if (field?.type === 'richText' || field?.type === 'textarea') return true;
  return [before, after].some((v) => typeof v === 'string' && v.length > LONG_TEXT);
}

/** The text a long value is compared as: rich text without its markup. */
export const comparedText = (field: Pick<FieldDef, 'type'> | undefined, value: unknown): string =>
  value === null || value === undefined ? '' : field?.type === 'richText' ? plainText(String(value)) : String(value);

/** The first segment of a path template ('PUT News/{website}/{id}' → 'News'). */
export function segmentOf(template: string | undefined): string | undefined {
  if (!template) return undefined;
  const path = template.replace(/^[A-Z]+\s+/, '').replace(/^[a-z]+:/, '');
  return path.split(/[/?]/)[0] || undefined;
}

/**
 * `{resource}` of `GET /api/History/{website}/{resource}/{id}` for a definition: the API path segment its screen
 * already calls (`News`, `Services`, `FAQs`), which the server reads case-insensitively, top-level resources first.
 * Where several top-level definitions share a segment (`listCategorys`: service groups, careers, levels) or the
 * definition is a child, the segment would name another one: its definition's own name, which the server takes
 * too. A screen's own view of a definition (specializations: services of type 0) is the same table: its segment.
 * `registry`: the definitions the server knows.
 */
type Named = Pick<ResourceDef, 'name' | 'table' | 'api' | 'parent'>;
export function historyResource(def: Named, registry: readonly Named[]): string {
  const topLevel = (d: Pick<ResourceDef, 'parent'>) => !d.parent || d.parent.resource === 'website';
  const segmentOfDef = (d: Pick<ResourceDef, 'api'>) => segmentOf(d.api.update ?? d.api.get ?? d.api.remove ?? d.api.list?.path);
  const segment = segmentOfDef(def);
  if (!segment || !topLevel(def)) return def.name;
  const sharing = registry.filter((d) => topLevel(d) && segmentOfDef(d)?.toLowerCase() === segment.toLowerCase() && d.name !== def.name && d.table !== def.table);
  return sharing.length ? def.name : segment;
}

/**
 * A version can be restored when it left the record in a state to go back to — a save (create, update, restore) or a
 * status move of the definition, whose entry keeps the record as written (server/history/restore.ts) — and is not
 * the newest (that is the record as it is). Not a delete (the trash gives those back), not an action (a payment).
 */
export function restorable(entry: Pick<HistoryEntry, 'operation'>, newest: boolean, def: Pick<ResourceDef, 'machines'>): boolean {
  if (newest) return false;
  if (['create', 'update', 'restore', 'move'].includes(entry.operation)) return true;
  return (def.machines ?? []).some((m) => m.moves.some((move) => move.name === entry.operation));
}

/**
 * Who sees what: the History of a record to who may read it (the server's rule for the History route), "restore" to
 * who may update it (the restore is a save).
 */
export function historyAccess(def: Pick<ResourceDef, 'name' | 'access'>, user: Actor | null | undefined, record?: Record<string, unknown> | null): { read: boolean; restore: boolean } {
  return { read: check(ruleOf(def.access, 'read'), user, record).allowed, restore: check(ruleOf(def.access, 'update'), user, record).allowed };
}
