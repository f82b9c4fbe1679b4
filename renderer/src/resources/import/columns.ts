import { sheetDay } from '../../core/dates';
import type { FieldDef, ResourceDef } from '../../../../shared/resources/define';
import { writableFields } from '../../../../shared/resources/validate';
import { foldText } from '../../../../shared/text';
import type { Row } from '../dataProvider';

/**
 * What a column of a file may fill (issue 42, "Bring data in"): a field the form writes, a per-language field once per
 * language of the website. Mapping a column and turning its cells into the wire form are here; whether a value is
 * right is the server's to say (the engine's own validation in the dry run), so nothing is checked here.
 */
export interface ImportTarget {
  /** `field`, or `field:languageId` for a per-language field. */
  key: string;
  field: FieldDef;
  languageId?: string;
}

export interface ImportLanguage {
  languageId: string;
  name?: string;
}

/** A spreadsheet cell as read (./readSheet.ts): text, a number, a boolean, a date, or nothing. */
export type Cell = string | number | boolean | Date | null;

/** The fields a file may fill: what the form writes, less the parent's key (the list's), the role's hidden fields. */
export function importTargets(def: ResourceDef, languages: readonly ImportLanguage[], hidden: ReadonlySet<string> = new Set()): ImportTarget[] {
  const only = typeof def.import === 'object' && def.import.fields ? def.import.fields : undefined;
  const fields = writableFields(def).filter((f) => f.form !== false && f.name !== def.parent?.keyField && !hidden.has(f.name) && (!only || only.includes(f.name)));
  if (only) fields.sort((a, b) => only.indexOf(a.name) - only.indexOf(b.name));
  return fields.flatMap((field) =>
    field.perLanguage ? languages.map((lang) => ({ key: `${field.name}:${lang.languageId}`, field, languageId: lang.languageId })) : [{ key: field.name, field }],
  );
}

const norm = (text: string) => foldText(text).replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The names a column may have to fill a target: the field's name, its label in either language, and for a
 * per-language field those followed by the language's id or name ("Câu hỏi (English)", "question.en-US",
 * "Question [vi-VN]"). A per-language field's bare name or label fills the default language.
 */
function namesOf(target: ImportTarget, languages: readonly ImportLanguage[], defaultLanguage: string): string[] {
  const bare = [target.field.name, target.field.label.vi, target.field.label.en];
  if (!target.languageId) return bare.map(norm);
  const lang = languages.find((l) => l.languageId === target.languageId);
  const suffixes = [target.languageId, target.languageId.split('-')[0], ...(lang?.name ? [lang.name] : [])];
  const named = bare.flatMap((b) => suffixes.map((s) => `${b} ${s}`));
  return [...named, ...(target.languageId === defaultLanguage ? bare : [])].map(norm);
}

/** Each column's target when its heading names one (each target once, the first column that names it). */
export function autoMap(headers: readonly string[], targets: readonly ImportTarget[], languages: readonly ImportLanguage[], defaultLanguage: string): (string | undefined)[] {
  const used = new Set<string>();
  return headers.map((header) => {
    const h = norm(header);
    if (!h) return undefined;
    const target = targets.find((t) => !used.has(t.key) && namesOf(t, languages, defaultLanguage).includes(h));
    if (target) used.add(target.key);
    return target?.key;
  });
}

/** A reference's choices by what a person types in a file (the label in any language, folded) → the id. */
export type Choices = ReadonlyMap<string, unknown>;

const YES = new Set(['1', 'true', 'yes', 'y', 'x', 'co', 'dung', 'bat', 'on']);
const NO = new Set(['0', 'false', 'no', 'n', 'khong', 'sai', 'tat', 'off']);


/**
 * A cell as the field's wire value: numbers from digits, yes/no words as booleans, an option or a reference by its
 * label, tags split on commas, dates as ISO. Anything that does not read as the type goes as the text it is, for the
 * server to refuse in its words.
 */
export function cellValue(field: FieldDef, cell: Cell, choices?: Choices): unknown {
  if (cell === null || (typeof cell === 'string' && !cell.trim())) return undefined;
  if (cell instanceof Date) return field.type === 'datetime' ? cell.toISOString() : sheetDay(cell);
  const text = String(cell).trim();
  switch (field.type) {
    case 'number':
      return typeof cell === 'number' ? cell : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case 'boolean': {
      if (typeof cell === 'boolean') return cell;
      const word = norm(text);
      return YES.has(word) ? true : NO.has(word) ? false : text;
    }
    case 'enum': {
      const option = field.options?.find((o) => String(o.value) === text || [o.label.vi, o.label.en].some((label) => norm(label) === norm(text)));
      return option ? option.value : text;
    }
    case 'reference': {
      const byLabel = choices?.get(norm(text));
      if (byLabel !== undefined) return byLabel;
      if (field.reference?.valueType === 'string') return text;
      return /^\d+$/.test(text) ? Number(text) : text;
    }
    case 'tags':
      return text
        .split(/[,;\n]/)
        .map((t) => t.trim())
        .filter(Boolean)
        .map((t) => (field.tagObjects ? { name: t } : field.ids && /^\d+$/.test(t) ? Number(t) : t));
    default:
      return text;
  }
}

/** The choices of a reference from its lookup's rows (their label field, per-language or not, in every language). */
export function choicesOf(field: FieldDef, rows: readonly Row[]): Choices {
  const ref = field.reference!;
  const map = new Map<string, unknown>();
  for (const row of rows) {
    const raw = row[ref.labelField];
    let labels: string[] = [];
    if (typeof raw === 'string' && raw.trimStart().startsWith('{')) {
      try {
        labels = Object.values(JSON.parse(raw) as Record<string, unknown>).filter((v): v is string => typeof v === 'string');
      } catch {
        labels = [raw];
      }
    } else if (raw !== null && raw !== undefined) labels = [String(raw)];
    for (const label of labels) if (norm(label) && !map.has(norm(label))) map.set(norm(label), row[ref.valueField]);
  }
  return map;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rich-text cell: HTML as it is; plain text as paragraphs (one per line), as the editor would have written it. */
export function asHtml(text: string): string {
  if (!text.trim() || /^\s*</.test(text)) return text;
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line.trim())}</p>`)
    .join('');
}

/** One row of the file as a create's body: per-language fields as their JSON text, each mapped column's value. */
export function rowBody(cells: readonly Cell[], mapping: readonly (string | undefined)[], targets: readonly ImportTarget[], choices: Record<string, Choices> = {}): Row {
  const body: Row = {};
  const texts: Record<string, Record<string, string>> = {};
  mapping.forEach((key, column) => {
    const target = key === undefined ? undefined : targets.find((t) => t.key === key);
    if (!target) return;
    const cell = cells[column] ?? null;
    if (target.languageId) {
      const text = cell === null ? '' : cell instanceof Date ? sheetDay(cell) : String(cell);
      (texts[target.field.name] ??= {})[target.languageId] = target.field.type === 'richText' ? asHtml(text) : text;
      return;
    }
    const value = cellValue(target.field, cell, choices[target.field.name]);
    if (value !== undefined) body[target.field.name] = value;
  });
  for (const [name, map] of Object.entries(texts)) body[name] = JSON.stringify(map);
  return body;
}
