// /api/Sicks: sick (disease) categories with nested translations (shared/resources/sick.ts).
//   - alphabet and seoLink required in each of the website's languages; the letter one of the language's
//     alphabet (29 Vietnamese letters for vi…, A–Z otherwise: shared/editorial.ts);
//   - sickNews [{ newsId, isDefault }]: news of the same website; the flagged one (else the first) is the
//     sick's default news;
//   - lists sorted by the letter's place in the language's alphabet, then by name.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { alphabetIndex, alphabetOf, rowsToMaps } from '../../shared/editorial';
import type { Label } from '../../shared/resources/define';
import { sick as def, sickTranslationFields } from '../../shared/resources/sick';
import { validateRecord, writableFields, type UiLang } from '../../shared/resources/validate';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { MSG, messageLang } from '../i18n';
import { bodyObject, parseId, requireStamp, requireWebsite, stale, validationError, websiteLanguages } from '../resources/index';
import { ok } from '../http/envelope';
import { EMSG, idList, linkWords, languageNames, parseTranslationRows, searchTextOf, type Body, type Db } from './common';
import { keywordMatch, keywordOf, paging, queryBool } from '../http/query';

const T_FIELDS = ['alphabet', 'name', 'description', 'seoLink', 'content'] as const;
type SickTranslation = { languageId: string } & Record<(typeof T_FIELDS)[number], string>;

const letterMessage = (languageName: string, letters: readonly string[]): Label => ({
  vi: `Chữ cái (${languageName}) phải là một trong ${letters.join(', ')}`,
  en: `Letter (${languageName}) must be one of ${letters.join(', ')}`,
});

type Params = Record<string, string>;

async function translationsOf(db: Db, ids: number[]) {
  const out = new Map<number, SickTranslation[]>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('sick_translations as t')
    .innerJoin('languages as l', 'l.id', 't.languageId')
    .select(['t.sickId', 't.languageId', 't.alphabet', 't.name', 't.description', 't.seoLink', 't.content'])
    .where('t.sickId', 'in', ids)
    .orderBy('l.sortOrder')
    .execute();
  for (const { sickId, ...t } of rows) out.set(sickId, [...(out.get(sickId) ?? []), t]);
  return out;
}

async function loadSick(db: Db, websiteId: number, id: number) {
  const row = await db.selectFrom('sicks').selectAll().where('id', '=', id).where('websiteId', '=', websiteId).executeTakeFirst();
  if (!row) return undefined;
  const translations = (await translationsOf(db, [id])).get(id) ?? [];
  const links = await db
    .selectFrom('sick_news as sn')
    .innerJoin('news_translations as t', 't.newsId', 'sn.newsId')
    .select(['sn.newsId', 'sn.sickDefault', 't.languageId', 't.title'])
    .where('sn.sickId', '=', id)
    .orderBy('sn.newsId')
    .execute();
  const sickNews: { newsId: number; isDefault: boolean; title: Record<string, string> }[] = [];
  for (const l of links) {
    let item = sickNews.find((s) => s.newsId === l.newsId);
    if (!item) sickNews.push((item = { newsId: l.newsId, isDefault: l.sickDefault, title: {} }));
    item.title[l.languageId] = l.title;
  }
  const { searchText: _s, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    createTime: createdAt,
    updateTime: updatedAt,
    sickTranslations: translations,
    sickNews: sickNews.sort((a, b) => Number(b.isDefault) - Number(a.isDefault)).map((s) => ({ ...s, title: JSON.stringify(s.title) })),
  };
}

interface SickInput {
  top: { image: string | null; url: string | null; seoLink: string | null; isActive: boolean; isPrioritize: boolean };
  translations: SickTranslation[];
  news?: { newsId: number; isDefault: boolean }[];
}

async function readInput(db: Db, websiteId: number, body: Body, ui: UiLang, current?: Awaited<ReturnType<typeof loadSick>>): Promise<SickInput> {
  const has = (k: string) => k in body && body[k] !== undefined;
  const top: Body = {};
  for (const f of writableFields(def)) {
    let v = has(f.name) ? body[f.name] : current ? (current as Body)[f.name] : f.default;
    if (typeof v === 'string') v = v.trim();
    top[f.name] = v === '' ? null : v;
  }
  const known = await languageNames(db);
  const translations = parseTranslationRows(has('sickTranslations') ? body.sickTranslations : (current?.sickTranslations ?? []), 'sickTranslations', T_FIELDS, known) as SickTranslation[];
  const languages = await websiteLanguages(db, websiteId);
  const errors = [
    ...validateRecord(def, top, languages, ui),
    ...validateRecord({ fields: sickTranslationFields }, rowsToMaps(translations, T_FIELDS), languages, ui),
  ];
  if (errors.length) throw validationError(errors);
  for (const t of translations) {
    if (!t.alphabet && !t.seoLink && !languages.some((l) => l.languageId === t.languageId)) continue;
    const letters = alphabetOf(t.languageId);
    if (!letters.includes(t.alphabet)) throw httpError(400, letterMessage(known.get(t.languageId) ?? t.languageId, letters), { field: 'alphabet', languageId: t.languageId });
    if (!t.seoLink) throw validationError(validateRecord({ fields: sickTranslationFields }, rowsToMaps([t], T_FIELDS), [{ languageId: t.languageId, name: known.get(t.languageId)! }], ui));
  }
  let news: SickInput['news'];
  if (has('sickNews')) {
    const raw = body.sickNews;
    const ids = idList(raw, 'sickNews', 'newsId');
    const flagged = Array.isArray(raw) ? raw.find((s) => s && typeof s === 'object' && (s as Body).isDefault === true) : undefined;
    const defaultId = flagged ? Number((flagged as Body).newsId) : ids[0];
    news = ids.map((newsId) => ({ newsId, isDefault: newsId === defaultId }));
    if (ids.length) {
      const found = await db.selectFrom('news').select('id').where('websiteId', '=', websiteId).where('id', 'in', ids).execute();
      const missing = ids.find((id) => !found.some((r) => r.id === id));
      if (missing !== undefined) throw httpError(400, EMSG.newsUnknown(missing), { field: 'sickNews' });
    }
  }
  return { top: top as SickInput['top'], translations: translations.filter((t) => t.alphabet), news };
}

async function writeChildren(db: Db, websiteId: number, id: number, input: SickInput) {
  await db.deleteFrom('sick_translations').where('sickId', '=', id).execute();
  if (input.translations.length) await db.insertInto('sick_translations').values(input.translations.map((t) => ({ ...t, sickId: id, websiteId }))).execute();
  if (!input.news) return;
  const before = await db.selectFrom('sick_news').select(['newsId', 'newsDefault', 'sortOrder']).where('sickId', '=', id).execute();
  await db.deleteFrom('sick_news').where('sickId', '=', id).execute();
  if (input.news.length) {
    await db
      .insertInto('sick_news')
      .values(
        input.news.map((n) => {
          const was = before.find((b) => b.newsId === n.newsId);
          return { sickId: id, newsId: n.newsId, websiteId, sickDefault: n.isDefault, newsDefault: was?.newsDefault ?? false, sortOrder: was?.sortOrder ?? 99 };
        }),
      )
      .execute();
  }
}

const searchText = (input: SickInput) => searchTextOf([...input.translations.flatMap((t) => [t.name, t.description, linkWords(t.seoLink)]), linkWords(input.top.seoLink), input.top.url]);

/** Rows in one language (its text, else the first language's), sorted by letter then name. */
async function rowsIn(db: Db, websiteId: number, lang: string, filter: { keyword?: string; isActive?: boolean }) {
  let q = db.selectFrom('sicks').selectAll().where('websiteId', '=', websiteId);
  if (filter.isActive !== undefined) q = q.where('isActive', '=', filter.isActive);
  if (filter.keyword) q = q.where(keywordMatch(filter.keyword));
  const rows = await q.execute();
  const translations = await translationsOf(db, rows.map((r) => r.id));
  const out = rows.map(({ searchText: _s, createdAt, updatedAt, ...row }) => {
    const list = translations.get(row.id) ?? [];
    const t = list.find((x) => x.languageId === lang) ?? list[0];
    return {
      ...row,
      languageId: t?.languageId ?? lang,
      alphabet: t?.alphabet ?? '',
      name: t?.name ?? '',
      description: t?.description ?? '',
      content: t?.content ?? '',
      seoLink: t?.seoLink || row.seoLink || '',
      createTime: createdAt,
      updateTime: updatedAt,
    };
  });
  return out.sort((a, b) => alphabetIndex(a.languageId, a.alphabet) - alphabetIndex(b.languageId, b.alphabet) || a.name.localeCompare(b.name, lang) || a.id - b.id);
}

export const sickRoutes: FastifyPluginAsync = async (app) => {
  const websiteOf = (request: FastifyRequest) => requireWebsite(app.db, request, (request.params as Params).website);
  const ui = (request: FastifyRequest) => messageLang(request);

  async function detailOrThrow(db: Db, websiteId: number, id: number) {
    const record = await loadSick(db, websiteId, id);
    if (!record) throw httpError(404, MSG.recordNotFound);
    return record;
  }

  /** Lookup for pickers: `[{ id, alphabet, name, seoLink, isActive, isPrioritize }]` in `lang`. */
  app.get('/Sicks/get-all/:website/:lang', async (request) => {
    const websiteId = await websiteOf(request);
    const rows = await rowsIn(app.db, websiteId, (request.params as Params).lang, {});
    return rows.map((r) => ({ id: r.id, alphabet: r.alphabet, name: r.name, seoLink: r.seoLink, isActive: r.isActive, isPrioritize: r.isPrioritize }));
  });

  /** `?languageId=&keyword=&isActive=&page=&pageSize=` → `{ data, totalRows }` (page size 20 by default, up to 1000). */
  app.get('/Sicks/:website', async (request) => {
    const websiteId = await websiteOf(request);
    const query = request.query as Body;
    const lang = typeof query.languageId === 'string' && query.languageId ? query.languageId : 'vi-VN';
    const { pageSize, offset } = paging(query, 20, 1000);
    const rows = await rowsIn(app.db, websiteId, lang, { keyword: keywordOf(query), isActive: queryBool(query.isActive, 'isActive') });
    return { data: rows.slice(offset, offset + pageSize), totalRows: rows.length };
  });

  app.get('/Sicks/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    return ok(request, MSG.success, await detailOrThrow(app.db, websiteId, parseId((request.params as Params).id)));
  });

  app.post('/Sicks/:website', async (request) => {
    const websiteId = await websiteOf(request);
    const input = await readInput(app.db, websiteId, bodyObject(request.body), ui(request));
    const at = iso(app.now());
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('sicks')
        .values({ ...input.top, websiteId, searchText: searchText(input), concurrencyStamp: randomUUID(), createdAt: at, updatedAt: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeChildren(trx, websiteId, row.id, input);
      return row.id;
    });
    return ok(request, MSG.added, await detailOrThrow(app.db, websiteId, id));
  });

  /** Fields left out keep their value (the list's image picker sends `{ image, concurrencyStamp }`). */
  app.put('/Sicks/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    const body = bodyObject(request.body);
    const stamp = requireStamp(body);
    const current = await detailOrThrow(app.db, websiteId, id);
    if (current.concurrencyStamp !== stamp) throw stale(current);
    const input = await readInput(app.db, websiteId, body, ui(request), current);
    await app.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('sicks')
        .set({ ...input.top, searchText: searchText(input), concurrencyStamp: randomUUID(), updatedAt: iso(app.now()) })
        .where('id', '=', id)
        .where('websiteId', '=', websiteId)
        .where('concurrencyStamp', '=', stamp)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw stale((await loadSick(trx, websiteId, id)) ?? current);
      await writeChildren(trx, websiteId, id, input);
    });
    return ok(request, MSG.updated, await detailOrThrow(app.db, websiteId, id));
  });

  /** Translations and news links go with the row (ON DELETE CASCADE). */
  app.delete('/Sicks/:website/:id', async (request) => {
    const websiteId = await websiteOf(request);
    const id = parseId((request.params as Params).id);
    const result = await app.db.deleteFrom('sicks').where('id', '=', id).where('websiteId', '=', websiteId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw httpError(404, MSG.recordNotFound);
    return ok(request, MSG.deleted);
  });
};
