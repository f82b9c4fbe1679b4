/**
 * Text folded for search and links: Vietnamese diacritics removed (đ → d, ế → e), lower case. The server's
 * `searchText` columns, its keyword patterns and the SEO slugs all fold the same way, so "phong kham" finds
 * "Phòng khám" on SQLite and PostgreSQL alike.
 *
 * Runtime-free: read by the server and the console.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();
}

/** Texts (HTML already stripped where it is HTML) → one folded search text; blanks skipped. */
export const foldedText = (parts: readonly (string | null | undefined)[]): string =>
  foldText(parts.filter((p): p is string => !!p).join('\n').replace(/\s+/g, ' ').trim());

/** Lone UTF-16 surrogates (not text: JSON lets them in) as U+FFFD, which is what a UTF-8 database stores for them. */
export const wellFormed = (text: string): string => text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
