import { resources } from '../../../../shared/resources';
import type { FieldDef, ResourceDef } from '../../../../shared/resources/define';
import type { LanguageRef } from '../../../../shared/resources/validate';
import { isTranslationMap } from '../../../../shared/resources/translations';
import { formatDong } from '../../../../shared/money';
import { nameFromUrl } from '../../../../shared/fileNames';
import { i18next } from '../../core/i18n';
import { formatDate, formatDateTime } from '../../core/dates';
import { localized } from '../../core/workspace/localized';
import { ERASED_LABEL, isErased } from '../erased';
import { currentUi, fieldLabel, optionLabel } from '../labels';
import { otherFieldLabel } from './labels';
import { groupChanges, isLongText, plainText, type HistoryChange } from './model';

/**
 * ONE view of an entry's changes (issue 42), for the record's History panel, the audit log's rows and entry drawer, and
 * the audit's exports: what the record's form shows — its fields by their labels (each language of a per-language field
 * on its own line), status words for status codes, yes/no for booleans, names for ids, file names and thumbnails for
 * images, long and rich text as words (never HTML) — and nothing the form does not show (who submitted it, its view
 * count, its creator, its parent's key). Pure but for the interface language's words: unit-tested (changeView.test.ts).
 */
const defs = resources as Record<string, ResourceDef>;

/** A side of a change as a person reads it. */
export interface ShownValue {
  /** The words (an export's cell, a row's summary; on screen beside a thumbnail). Empty when there is no value. */
  text: string;
  /** A stored image: its address (the screen shows its thumbnail). */
  image?: string;
}

/** One line of the view: a field (in one language when it has several) before and after. */
export interface ChangeLine {
  /** Unique within the entry. */
  key: string;
  field: string;
  language: string | null;
  /** The field's label in the interface language (the form's). */
  label: string;
  /** The language's name, for a per-language field. */
  languageName?: string;
  /** Shown as a word diff of `diff.before` / `diff.after` (rich text as its plain words). */
  diff?: { before: string; after: string };
  before: ShownValue;
  after: ShownValue;
}

/**
 * What a screen's form shows beyond its definition's fields (its own pickers: a news item's categories, tags and
 * diseases), and computed fields a custom screen edits (a role's permissions): their words are
 * `history:screenFields.<resource>.<field>`, else the definition's label.
 */
export const SCREEN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  news: ['categorys', 'subjectTags', 'sickNews'],
  qaExpert: ['subjectTags'],
  role: ['grants'],
  // Placed on the floor plan rather than typed in the form.
  advertisementFile: ['floor', 'area'],
};

/** The operations that save the record (its fields are the changes); the others say what they did (a payment, a read). */
const SAVES = new Set(['create', 'update', 'delete', 'restore', 'move']);
const isSave = (operation: string, def: ResourceDef) => SAVES.has(operation) || (def.machines ?? []).some((m) => m.moves.some((move) => move.name === operation));

/**
 * Whether the record's screen shows `field` (a save's change of any other is the server's bookkeeping): a field of its
 * form; the status its buttons move; what the server sets as the outcome of a decision (a reason, the active state, a
 * code it made — not a person or record named by number, like who submitted it); a choice made by a picker of its own
 * (a staff member's role); the screen's own fields. Never a hidden field or the parent's key.
 */
export function formShows(def: ResourceDef, field: string): boolean {
  if (SCREEN_FIELDS[def.name]?.includes(field)) return true;
  const f = def.fields.find((x) => x.name === field);
  if (!f || f.hidden || field === def.parent?.keyField) return false;
  if ((def.machines ?? []).some((m) => m.field === field)) return true;
  if (f.serverSet) return f.type !== 'number' || Boolean(f.money);
  if (f.type === 'reference') return true;
  return f.form !== false;
}

/** A field's label: the definition's, the screen's own words, a hand-written writer's (`history:fields`), its wire name. */
export function lineLabel(def: ResourceDef | undefined, field: string): string {
  const f = def?.fields.find((x) => x.name === field);
  if (def && SCREEN_FIELDS[def.name]?.includes(field) && i18next.exists(`history:screenFields.${def.name}.${field}`)) return i18next.t(`history:screenFields.${def.name}.${field}`);
  if (def && f) return fieldLabel(def, f);
  return otherFieldLabel(field);
}

/**
 * A reference's id shown by the name its version holds beside it (a FAQ's `faqGroupId` by its `faqGroupName`, one
 * change per language; a staff member's `roleId` by its `roleName`): one line, under the reference, with the name in
 * the content `language`.
 */
function nameReferences(changes: readonly HistoryChange[], def: ResourceDef | undefined, language: string): HistoryChange[] {
  if (!def) return [...changes];
  const used = new Set<HistoryChange>();
  const out = changes.map((c) => {
    const f = def.fields.find((x) => x.name === c.field);
    if (f?.type !== 'reference' || !c.field.endsWith('Id') || c.language !== null) return c;
    const siblings = changes.filter((s) => s.field === `${c.field.slice(0, -2)}Name`);
    const sibling = siblings.find((s) => s.language === null) ?? siblings.find((s) => s.language === language) ?? siblings[0];
    if (!sibling) return c;
    for (const s of siblings) used.add(s);
    const named = (id: unknown, name: unknown) => (id === null || id === undefined || name === null || name === undefined || name === '' ? id : name);
    return { ...c, before: named(c.before, sibling.before), after: named(c.after, sibling.after) };
  });
  return out.filter((c) => !used.has(c));
}

const FILE_TYPES = new Set(['image', 'file', 'media']);
const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif|bmp|svg)(\?.*)?$/i;
/** Characters of long text an export or a row keeps (the drawer shows it all, as a word diff). */
export const SHORT_TEXT = 200;
const shortened = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A value of `field` as the form reads it, in the content `language`. */
export function shownValue(def: ResourceDef | undefined, field: FieldDef | undefined, value: unknown, language: string): ShownValue {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length)) return { text: '' };
  // An erased personal value (issue 40), or one sealed with a key since destroyed.
  if (isErased(value)) return { text: ERASED_LABEL[currentUi()] };
  if (field?.type === 'boolean' || typeof value === 'boolean') return { text: i18next.t(value ? 'history:yes' : 'history:no') };
  if (def && field?.options) {
    const label = (v: unknown) => {
      const option = field.options!.find((o) => String(o.value) === String(v && typeof v === 'object' ? (v as { name?: unknown }).name : v));
      return option ? optionLabel(def, field, option) : String(v);
    };
    if (Array.isArray(value)) return { text: value.map(label).join(', ') };
    return { text: label(value) };
  }
  if (field?.type === 'date') return { text: formatDate(value) };
  if (field?.type === 'datetime') return { text: formatDateTime(value) };
  if (typeof value === 'string' && field && FILE_TYPES.has(field.type)) {
    const image = field.type === 'image' || IMAGE_NAME.test(value);
    return image ? { text: nameFromUrl(value), image: value } : { text: nameFromUrl(value) };
  }
  if (field?.money && typeof value === 'number') return { text: formatDong(value) };
  // A list of records (a news item's categories, diseases, tags) by their names, in the content language.
  if (Array.isArray(value)) {
    return { text: value.map((v) => (v && typeof v === 'object' ? localized((v as Record<string, unknown>).name ?? (v as Record<string, unknown>).title ?? JSON.stringify(v), language) : String(v))).join(', ') };
  }
  // Per-language text (JSON text, or a map as a joined name is kept: a staff member's role) in the content language.
  if (isTranslationMap(value) || isTranslationMap(typeof value === 'object' ? JSON.stringify(value) : undefined)) return { text: plainIfHtml(localized(value, language)) };
  if (typeof value === 'string') return { text: plainIfHtml(value) };
  if (typeof value === 'object') return { text: JSON.stringify(value) };
  return { text: String(value) };
}

const plainIfHtml = (text: string) => (/<\/?[a-z][^>]*>/i.test(text) ? plainText(text) : text);

export interface ChangeViewInput {
  /** The entry's resource (a definition's name, or a hand-written writer's: `file`, `folder`, `user`…). */
  resource: string;
  /** The definition when the screen has its own view of one (else the resource's). */
  def?: ResourceDef;
  operation: string;
  changes: readonly HistoryChange[];
  /** The languages of the record's website, default first, with their names. */
  languages: readonly LanguageRef[];
  /** The content language values of per-language lists are read in. */
  language: string;
}

/** The lines of one entry, in the form's order. */
export function changeLines({ resource, def = defs[resource], operation, changes, languages, language }: ChangeViewInput): ChangeLine[] {
  const save = def ? isSave(operation, def) : false;
  const named = nameReferences(changes, def, language);
  // A save's changes are the record's fields: only those the form shows. An action's or a read's say what it did.
  const rows = groupChanges(named, def?.fields ?? [], languages.map((l) => l.languageId)).filter((row) => !def || !save || formShows(def, row.field));
  return rows.map((row) => {
    const long = isLongText(row.def, row.before, row.after) && (typeof row.before === 'string' || typeof row.after === 'string');
    const asText = (v: unknown) => (v === null || v === undefined ? '' : row.def?.type === 'richText' || /<\/?[a-z][^>]*>/i.test(String(v)) ? plainText(String(v)) : String(v));
    const line: ChangeLine = {
      key: row.key,
      field: row.field,
      language: row.language,
      label: lineLabel(def, row.field),
      before: shownValue(def, row.def, row.before, row.language ?? language),
      after: shownValue(def, row.def, row.after, row.language ?? language),
    };
    if (row.language) line.languageName = languages.find((l) => l.languageId === row.language)?.name ?? row.language;
    if (long && !isErased(row.before) && !isErased(row.after)) line.diff = { before: asText(row.before), after: asText(row.after) };
    return line;
  });
}

/** A line's field as a person names it: "Tiêu đề (Tiếng Việt)". */
export const lineName = (line: ChangeLine): string => (line.languageName ? `${line.label} (${line.languageName})` : line.label);

/** A line as one sentence of text: "Trạng thái: Chờ duyệt → Đã duyệt" (long text shortened to its first words). */
export function lineText(line: ChangeLine, max = SHORT_TEXT): string {
  const side = (v: ShownValue) => shortened(v.text.replace(/\s+/g, ' ').trim(), max) || '∅';
  return `${lineName(line)}: ${side(line.before)} → ${side(line.after)}`;
}
