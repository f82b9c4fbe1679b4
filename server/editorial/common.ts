// Pieces shared by the editorial modules (news, Q&A, sick categories, categories, menus).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/schema';
import { httpError } from '../errors';
import { foldedText } from '../../shared/text';
import { cleanHtml } from '../resources/html';
import './tables';
import { M } from '../messages';
import { toId } from '../../shared/input';

export type { Db };
export type Body = Record<string, unknown>;


export { isUniqueViolation } from '../db/dialect';

/** An SEO link as words ("dau-da-day" → "dau da day"), so a keyword finds it. */
export const linkWords = (link: string | null | undefined) => (link ? link.replace(/[-_/]+/g, ' ') : link);

/** Folded text for the `searchText` column of texts that may hold HTML (the engine's folding, search.ts). */
export const searchTextOf = (parts: (string | null | undefined)[]) => foldedText(parts.map((p) => p?.replace(/<[^>]*>/g, ' ')));

/** Known language ids → names (for messages). */
export async function languageNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('languages').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * Nested translations `[{ languageId, … }]` from a body: each an object with a known languageId, each
 * language once. Strings only for text fields (null/absent → ''); anything else is a 400 naming the list.
 */
export function parseTranslationRows(raw: unknown, listName: string, fields: readonly string[], known: Map<string, string>, richFields: readonly string[] = []) {
  if (!Array.isArray(raw)) throw httpError(400, M.translationsInvalid(listName), { field: listName });
  const seen = new Set<string>();
  return raw.map((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw httpError(400, M.translationsInvalid(listName), { field: listName });
    const r = item as Body;
    const languageId = r.languageId;
    if (typeof languageId !== 'string' || seen.has(languageId)) throw httpError(400, M.translationsInvalid(listName), { field: listName });
    if (!known.has(languageId)) throw httpError(400, M.languageIdUnknown(languageId), { field: listName });
    seen.add(languageId);
    const row: { languageId: string } & Record<string, string> = { languageId };
    for (const f of fields) {
      const v = r[f];
      if (v !== undefined && v !== null && typeof v !== 'string') throw httpError(400, M.listInvalid(`${listName}.${f}`), { field: `${listName}.${f}` });
      row[f] = typeof v === 'string' ? (f === 'seoLink' || f === 'alphabet' ? v.trim() : richFields.includes(f) ? cleanHtml(v) : v) : '';
    }
    return row;
  });
}

/** A list of positive integer ids (or objects holding one under `key`); 400 naming `field` otherwise. Duplicates dropped. */
export function idList(raw: unknown, field: string, key?: string): number[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw httpError(400, M.listInvalid(field), { field });
  const ids: number[] = [];
  for (const item of raw) {
    const v = key && item && typeof item === 'object' ? (item as Body)[key] : item;
    const n = toId(v);
    if (n === undefined) throw httpError(400, M.listInvalid(field), { field });
    if (!ids.includes(n)) ids.push(n);
  }
  return ids;
}

/** Who is acting, for history rows. */
export const actor = (request: FastifyRequest) => ({ userId: request.user.id, userFullName: request.user.fullName });
