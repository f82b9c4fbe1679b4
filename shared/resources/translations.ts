/**
 * Per-language text: JSON text keyed by language id on the wire (`{"vi-VN":"…","en-US":"…"}`),
 * flattened to `name-{languageId}` fields in forms (spec part 1, section 1).
 */
import type { FieldDef, ResourceDef } from './define';

export type TranslationMap = Record<string, string>;

/** Parse per-language JSON text; plain (non-JSON) text counts as the text of every language asked for. */
export function parseTranslations(value: unknown): TranslationMap {
  if (value === null || value === undefined || value === '') return {};
  if (typeof value === 'object' && !Array.isArray(value)) return stringValues(value as Record<string, unknown>);
  if (typeof value !== 'string') return {};
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return stringValues(parsed as Record<string, unknown>);
    } catch {
      // not JSON: fall through to plain text
    }
  }
  return { '*': value };
}

/**
 * Whether a value is acceptable as per-language text: nothing, plain text (counts for every language), or a
 * map (object or JSON text) whose values are all strings. Text that starts like JSON but does not parse, or
 * a map holding numbers or objects, is a client bug to refuse rather than store.
 */
export function isTranslationValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  let map: unknown = value;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{')) return true;
    try {
      map = JSON.parse(text);
    } catch {
      return false;
    }
  }
  if (!map || typeof map !== 'object' || Array.isArray(map)) return false;
  return Object.values(map as Record<string, unknown>).every((v) => typeof v === 'string');
}

function stringValues(map: Record<string, unknown>): TranslationMap {
  const out: TranslationMap = {};
  for (const [k, v] of Object.entries(map)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * The text in `language`, else in `fallback` (the website's default language), else — rather than nothing — the
 * first non-empty one. Plain (non-JSON) text is the text of every language.
 */
export function textIn(value: unknown, language: string, fallback?: string): string {
  const map = parseTranslations(value);
  if (map[language]) return map[language];
  if (map['*']) return map['*'];
  if (fallback && map[fallback]) return map[fallback];
  return Object.values(map).find((v) => v.length > 0) ?? '';
}

/** Whether a value is per-language text (a JSON map keyed by language id), which no screen shows raw. */
export function isTranslationMap(value: unknown): boolean {
  if (typeof value !== 'string' || !value.trim().startsWith('{')) return false;
  const map = parseTranslations(value);
  return !('*' in map) && Object.keys(map).length > 0 && Object.keys(map).every((k) => LANGUAGE_ID.test(k));
}
const LANGUAGE_ID = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** Serialise to the wire form, dropping nothing (empty strings stay, so "still empty" is visible). */
export function stringifyTranslations(map: TranslationMap): string {
  return JSON.stringify(map);
}

/** Which of `languages` have no text yet (for the missing-translation markers). */
export function missingLanguages(value: unknown, languages: readonly string[]): string[] {
  const map = parseTranslations(value);
  return languages.filter((lang) => !(map[lang] ?? map['*'] ?? '').trim());
}

const plainText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Rich text (HTML) as the one line of plain text a list cell or an export shows: no tags, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/(p|div|li|h[1-6]|tr|td|th|blockquote))\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? entity;
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a value counts as empty for "required" (rich text with only markup is empty). */
export function isBlank(value: unknown, field?: Pick<FieldDef, 'type'>): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return (field?.type === 'richText' ? plainText(value) : value.trim()) === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export const flatName = (field: string, languageId: string) => `${field}-${languageId}`;

/**
 * Record (wire form) → form values: per-language fields become `name-{languageId}` for each language.
 * Other fields are copied as they are.
 */
export function flattenRecord(def: Pick<ResourceDef, 'fields'>, record: Record<string, unknown>, languages: readonly string[]) {
  const values: Record<string, unknown> = { ...record };
  for (const field of def.fields) {
    if (!field.perLanguage) continue;
    const map = parseTranslations(record[field.name]);
    for (const lang of languages) values[flatName(field.name, lang)] = map[lang] ?? map['*'] ?? '';
    delete values[field.name];
  }
  return values;
}

/**
 * Form values → record (wire form): `name-{languageId}` fields are gathered back into JSON text.
 * A `sameInEveryLanguage` field takes the value edited in `editedLanguage` for every language
 * (spec part 2: work time and hard-content description are applied to every language on save).
 */
export function unflattenValues(
  def: Pick<ResourceDef, 'fields'>,
  values: Record<string, unknown>,
  languages: readonly string[],
  editedLanguage?: string,
) {
  const flatKeys = new Set(
    def.fields.filter((f) => f.perLanguage).flatMap((f) => languages.map((lang) => flatName(f.name, lang))),
  );
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) if (!flatKeys.has(key)) record[key] = value;
  for (const field of def.fields) {
    if (!field.perLanguage) continue;
    const map: TranslationMap = {};
    const shared = field.sameInEveryLanguage && editedLanguage ? values[flatName(field.name, editedLanguage)] : undefined;
    for (const lang of languages) {
      const v = shared !== undefined ? shared : values[flatName(field.name, lang)];
      map[lang] = typeof v === 'string' ? v : '';
    }
    record[field.name] = stringifyTranslations(map);
  }
  return record;
}
