// Records between the wire and the table: checking input with the shared validation (so the server and the
// console say the same words), converting to column values, and back.
import type { FieldDef, ResourceDef } from '../../shared/resources/define';
import { isBlank, parseTranslations, stringifyTranslations } from '../../shared/resources/translations';
import { validateRecord, writableFields, type FieldError, type LanguageRef, type UiLang } from '../../shared/resources/validate';
import { httpError } from '../errors';
import { hasIdColumn, hasStamp, hasWebsiteId, storageType, storedFields } from './schema';
import { searchFields, searchTextOf } from './search';
import { M } from '../messages';
import { cleanHtml } from './html';
import { normalizePhone } from '../../shared/input';
import { ERASED } from '../../shared/resources/personal';

export type Row = Record<string, unknown>;

/** The body as an object (unknown fields are ignored later); anything else is a 400. */
export function bodyObject(body: unknown): Row {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw httpError(400, M.bodyNotObject);
  return body as Row;
}

/** The editor's HTML of a field cleaned (server/resources/html.ts), in every language; anything else as it came. */
function cleanRich(f: FieldDef, value: unknown): unknown {
  if (typeof value === 'string' && (!f.perLanguage || !value.trimStart().startsWith('{'))) return cleanHtml(value);
  if (!f.perLanguage || value === null || value === undefined || value === '') return value;
  let map: unknown = value;
  if (typeof value === 'string') {
    try {
      map = JSON.parse(value);
    } catch {
      return value; // not a translation map: validation says so
    }
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return value;
  const cleaned = Object.entries(map as Record<string, unknown>).map(([lang, html]) => [lang, typeof html === 'string' ? cleanHtml(html) : html]);
  return typeof value === 'string' ? JSON.stringify(Object.fromEntries(cleaned)) : Object.fromEntries(cleaned);
}

/** 400 with every message (joined for the notice) and the list for forms: `{ field, errors: [...] }`. */
export function validationError(errors: FieldError[]) {
  return httpError(400, errors.map((e) => e.message).join('; '), { field: errors[0].field, errors });
}

/**
 * Validate `input` (wire form) and convert it to column values. `current` (an update: the stored record in
 * wire form, as `toWire` gives it) supplies fields the client left out, so a partial form never wipes data; fields read-only on update keep their stored value.
 */
export function checkAndConvert(
  def: ResourceDef,
  input: Row,
  languages: LanguageRef[],
  ui: UiLang,
  current?: Row,
): Row {
  const merged: Row = {};
  for (const f of writableFields(def)) {
    if (current && (f.readOnlyOnUpdate || !(f.name in input))) merged[f.name] = current[f.name];
    else if (f.name in input) merged[f.name] = f.type === 'richText' ? cleanRich(f, input[f.name]) : input[f.name];
  }
  const errors = validateRecord(def, merged, languages, ui);
  if (errors.length) throw validationError(errors);
  // Per-language texts arrive as JSON text: a NUL escaped inside it got past the request's own check.
  for (const f of writableFields(def)) {
    if (f.perLanguage && Object.values(parseTranslations(merged[f.name])).some((t) => t.includes('\u0000'))) {
      throw httpError(400, M.nulCharacter(f.name), { field: f.name });
    }
  }
  const values: Row = {};
  // A new record starts with the defaults of what the server sets (a status).
  if (!current) for (const f of def.fields) if (f.serverSet) values[f.name] = defaultValue(f);
  for (const f of writableFields(def)) {
    if (!current && !(f.name in merged)) values[f.name] = defaultValue(f);
    else values[f.name] = toColumn(f, merged[f.name], languages);
  }
  const searchable = searchFields(def);
  if (hasIdColumn(def) && searchable.length) values.searchText = searchTextOf(searchable, values);
  return values;
}

/**
 * The fields only an administrator may change (`editableBy: 'admin'`) that these column values would change, from
 * the stored record (wire form) or, for a new one, from the defaults. Blank and absent are the same value.
 */
export function adminFieldsChanged(def: ResourceDef, values: Row, current?: Row): FieldDef[] {
  return writableFields(def).filter((f) => f.editableBy === 'admin' && f.name in values && comparable(f, values[f.name]) !== comparable(f, current ? current[f.name] : defaultValue(f)));
}

function comparable(f: FieldDef, value: unknown): string {
  if (f.perLanguage) return JSON.stringify(Object.entries(parseTranslations(value)).filter(([, text]) => !isBlank(text, f)).sort());
  return isBlank(value, f) ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

function defaultValue(f: FieldDef): unknown {
  if (storageType(f) === 'boolean') return f.default === true;
  if (f.perLanguage) return '{}';
  if (f.default === undefined || f.default === null) return null;
  return f.type === 'tags' ? JSON.stringify(f.default) : f.default;
}

/** One validated wire value → its column value. */
function toColumn(f: FieldDef, value: unknown, languages: LanguageRef[]): unknown {
  if (f.perLanguage) {
    const map = parseTranslations(value);
    // Plain text (not a JSON map) counts for every language of the website.
    if ('*' in map) {
      const text = map['*'];
      delete map['*'];
      for (const l of languages) map[l.languageId] ??= text;
    }
    return stringifyTranslations(map);
  }
  const type = storageType(f);
  if (type === 'boolean') return value === undefined || value === null ? f.default === true : value;
  if (isBlank(value, f)) return null;
  if (type === 'integer' || type === 'double precision') return Number(value);
  if (f.type === 'tags') return JSON.stringify((value as unknown[]).map((t) => (typeof t === 'string' ? t : (t as { name: string }).name)));
  // A phone number is stored as it is compared (shared/input.ts): its digits and a leading +.
  // An erased phone (shared/resources/personal.ts ERASED) stays the marker, not the digits of it (none).
  if (f.format === 'phone' && typeof value === 'string' && !(f.personal && value === ERASED)) return normalizePhone(value);
  return typeof value === 'string' ? value : String(value);
}

/** A row → the wire record: system columns by name, per-language fields as JSON text, tags as lists. */
export function toWire(def: ResourceDef, row: Row): Row {
  const out: Row = {};
  if (hasIdColumn(def)) out.id = row.id;
  if (hasWebsiteId(def)) out.websiteId = row.websiteId;
  if (def.parent && def.parent.keyField !== 'websiteId') out[def.parent.keyField] = row[def.parent.keyField];
  for (const f of def.fields) {
    if (f.hidden || (f.computed && !(f.name in row))) continue;
    const value = row[f.name];
    if (f.perLanguage) out[f.name] = value ?? '{}';
    else if (f.type === 'tags') out[f.name] = parseTags(value, f.tagObjects);
    else out[f.name] = value ?? null;
  }
  if (hasStamp(def)) out.concurrencyStamp = row.concurrencyStamp ?? null;
  if ('createdAt' in row) out.createdAt = row.createdAt;
  if ('updatedAt' in row) out.updatedAt = row.updatedAt;
  return out;
}

function parseTags(value: unknown, asObjects?: boolean): unknown[] {
  let names: string[] = [];
  if (typeof value === 'string' && value) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) names = parsed.filter((t): t is string => typeof t === 'string');
    } catch {
      names = [];
    }
  }
  return asObjects ? names.map((name) => ({ name })) : names;
}

/** Columns to read for the wire record. */
export function selectColumns(def: ResourceDef): string[] {
  const cols = [
    ...(hasIdColumn(def) ? ['id'] : []),
    ...(hasWebsiteId(def) ? ['websiteId'] : []),
    ...(def.parent && def.parent.keyField !== 'websiteId' ? [def.parent.keyField] : []),
    ...storedFields(def).filter((f) => !f.hidden).map((f) => f.name),
    ...(hasStamp(def) ? ['concurrencyStamp'] : []),
    'createdAt',
    'updatedAt',
  ];
  return [...new Set(cols)];
}

/** An empty record with the definition's defaults (settings before the first save). */
export function emptyRecord(def: ResourceDef): Row {
  const row: Row = {};
  for (const f of storedFields(def)) row[f.name] = defaultValue(f);
  return toWire(def, row);
}
