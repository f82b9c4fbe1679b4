/**
 * The editorial area (news and its review workflow, expert Q&A, sick categories, menus): enumerations,
 * alphabets, slug folding and nested translations. The definitions of news and expert questions are in the
 * resource registry (./resources/news.ts, ./resources/qa.ts) like every other; their words are re-exported here for
 * the modules that read them with the rest of the editorial area.
 *
 * Runtime-free: read by the server and the console.
 */
import { type EnumOption, type Label, l } from './resources/define';
import { foldText } from './text';

export { EDITORIAL_MESSAGES, NEWS_STATUS, NEWS_STATUS_OPTIONS, NEWS_TRANSLATION_FIELDS, NEWS_TYPE, NEWS_TYPE_OPTIONS, newsDef, statusAfterSave, type NewsStatus } from './resources/news';
export { qaDef } from './resources/qa';

// ---- Alphabets of sick categories (spec part 1, section 9) ------------------------------------------

/** 29 letters of the Vietnamese alphabet, in dictionary order. */
export const VI_ALPHABET = ['A', 'Ă', 'Â', 'B', 'C', 'D', 'Đ', 'E', 'Ê', 'G', 'H', 'I', 'K', 'L', 'M', 'N', 'O', 'Ô', 'Ơ', 'P', 'Q', 'R', 'S', 'T', 'U', 'Ư', 'V', 'X', 'Y'] as const;
/** 26 letters A–Z. */
export const EN_ALPHABET = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));

/** The letters offered for a language: Vietnamese for `vi…`, A–Z for every other language. */
export function alphabetOf(languageId: string): readonly string[] {
  return languageId.toLowerCase().startsWith('vi') ? VI_ALPHABET : EN_ALPHABET;
}

/** Sort key of a letter in its language's alphabet (unknown letters last). */
export function alphabetIndex(languageId: string, letter: string): number {
  const i = alphabetOf(languageId).indexOf(letter);
  return i < 0 ? 999 : i;
}

// ---- Menus -------------------------------------------------------------------------------------------

export const MENU_POSITION_OPTIONS: EnumOption[] = [
  { value: 0, label: l('Trên', 'Top') },
  { value: 1, label: l('Dưới', 'Bottom') },
  { value: 2, label: l('Trái', 'Left') },
  { value: 3, label: l('Phải', 'Right') },
  { value: 4, label: l('Giữa', 'Center') },
  { value: 5, label: l('Popup', 'Popup') },
];

export const MENU_OBJECT_TYPE = { custom: 0, category: 1, news: 2, service: 5, album: 8 } as const;
/** The types the spec names (MENU_OBJECT_TYPE's). */
const MENU_OBJECT_TYPE_NAMES: Record<number, Label> = {
  [MENU_OBJECT_TYPE.custom]: l('Tuỳ chỉnh (URL)', 'Custom URL'),
  [MENU_OBJECT_TYPE.category]: l('Danh mục tin', 'Category'),
  [MENU_OBJECT_TYPE.news]: l('Tin tức', 'News'),
  [MENU_OBJECT_TYPE.service]: l('Dịch vụ', 'Service'),
  [MENU_OBJECT_TYPE.album]: l('Album', 'Album'),
};
/** The lookup runs 0–8; the spec names 0, 1, 2, 5 and 8 only, the others keep a neutral name ("Loại 3"). */
export const MENU_OBJECT_TYPE_OPTIONS: EnumOption[] = Array.from({ length: 9 }, (_, value) => ({
  value,
  label: MENU_OBJECT_TYPE_NAMES[value] ?? l(`Loại ${value}`, `Type ${value}`),
}));

// ---- SEO links ---------------------------------------------------------------------------------------

/**
 * Slug from a title: Vietnamese diacritics folded (`đ` → `d`, `ế` → `e`), lower case, every run of other
 * characters one hyphen. "Khám sức khoẻ định kỳ" → "kham-suc-khoe-dinh-ky".
 */
export function slugify(title: string): string {
  return foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/g, '');
}

// ---- Nested translations ↔ per-language maps -----------------------------------------------------------

export type TranslationRow = { languageId: string } & Record<string, unknown>;

/**
 * `[{ languageId, title, … }]` (the wire form of news, sick categories) → `{ title: { vi-VN: … }, … }` for the
 * named fields, so the shared per-language validation and form flattening apply unchanged.
 */
export function rowsToMaps(rows: readonly TranslationRow[], fields: readonly string[]): Record<string, Record<string, string>> {
  const maps: Record<string, Record<string, string>> = {};
  for (const f of fields) maps[f] = {};
  for (const row of rows) {
    for (const f of fields) {
      const v = row[f];
      if (typeof v === 'string') maps[f][row.languageId] = v;
    }
  }
  return maps;
}

/** The reverse of `rowsToMaps`: one row per language present in any map (absent texts are ''). */
export function mapsToRows(maps: Record<string, Record<string, string> | undefined>, fields: readonly string[], languages?: readonly string[]): TranslationRow[] {
  const ids = languages ?? [...new Set(fields.flatMap((f) => Object.keys(maps[f] ?? {})))];
  return ids.map((languageId) => {
    const row: TranslationRow = { languageId };
    for (const f of fields) row[f] = maps[f]?.[languageId] ?? '';
    return row;
  });
}
