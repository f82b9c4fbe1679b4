// /api/Sicks: sick (disease) categories with nested translations (shared/resources/sick.ts), the engine's
// resource with hooks (the translations and news links are child tables):
//   - alphabet and seoLink required in each of the website's languages; the letter one of the language's
//     alphabet (29 Vietnamese letters for vi…, A–Z otherwise: shared/editorial.ts);
//   - sickNews [{ newsId, isDefault }]: news of the same website; the flagged one (else the first) is the
//     sick's default news;
//   - lists sorted by the letter's place in the language's alphabet, then by name.
import { alphabetIndex, alphabetOf, rowsToMaps } from '../../shared/editorial';
import type { Label } from '../../shared/resources/define';
import { sick as def, sickTranslationFields } from '../../shared/resources/sick';
import { validateRecord, writableFields, type UiLang } from '../../shared/resources/validate';
import { httpError } from '../errors';
import { serve, validationError, websiteLanguages } from '../resources/index';
import { idList, linkWords, languageNames, parseTranslationRows, searchTextOf, type Body, type Db } from './common';
import type { SicksTable } from './tables';
import { M } from '../messages';

const T_FIELDS = ['alphabet', 'name', 'description', 'seoLink', 'content'] as const;
type SickTranslation = { languageId: string } & Record<(typeof T_FIELDS)[number], string>;

const letterMessage = (languageName: string, letters: readonly string[]): Label => ({
  vi: `Chữ cái (${languageName}) phải là một trong ${letters.join(', ')}`,
  en: `Letter (${languageName}) must be one of ${letters.join(', ')}`,
});

const RICH_FIELDS = sickTranslationFields.filter((f) => f.type === 'richText').map((f) => f.name);
type SickRow = Omit<SicksTable, 'id'> & { id: number };

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

/** The whole record in wire form, from its stored row: translations and linked news with their titles. */
async function detailOf(db: Db, row: SickRow) {
  const translations = (await translationsOf(db, [row.id])).get(row.id) ?? [];
  const links = await db
    .selectFrom('sick_news as sn')
    .innerJoin('news_translations as t', 't.newsId', 'sn.newsId')
    .select(['sn.newsId', 'sn.sickDefault', 't.languageId', 't.title'])
    .where('sn.sickId', '=', row.id)
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

async function readInput(db: Db, websiteId: number, body: Body, ui: UiLang, current?: Body): Promise<SickInput> {
  const has = (k: string) => k in body && body[k] !== undefined;
  const top: Body = {};
  for (const f of writableFields(def)) {
    let v = has(f.name) ? body[f.name] : current ? current[f.name] : f.default;
    if (typeof v === 'string') v = v.trim();
    // An empty text is no value; an empty string given for a flag is a wrong type, which validation refuses by name.
    top[f.name] = v === '' && f.type !== 'boolean' ? null : v;
  }
  const known = await languageNames(db);
  const translations = parseTranslationRows(has('sickTranslations') ? body.sickTranslations : ((current?.sickTranslations as unknown[] | undefined) ?? []), 'sickTranslations', T_FIELDS, known, RICH_FIELDS) as SickTranslation[];
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
      if (missing !== undefined) throw httpError(400, M.newsUnknown(missing), { field: 'sickNews' });
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

/** List rows in one language (its text, else the first language's). */
async function rowsIn(db: Db, rows: SickRow[], lang: string) {
  const translations = await translationsOf(db, rows.map((r) => r.id));
  return rows.map(({ searchText: _s, createdAt, updatedAt, ...row }) => {
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
}

type ListRow = Awaited<ReturnType<typeof rowsIn>>[number];

/** The content language of a list: `{lang}` of the path, `?languageId=` of the list (Vietnamese when absent). */
const langOf = (params: Record<string, string | undefined>) => params.lang || 'vi-VN';

export const sickResource = serve<SickInput, typeof def, SickRow>(
  def,
  {
    filters: [{ name: 'isActive', kind: 'bool' }],
    listRows: (ctx, rows) => rowsIn(ctx.db, rows, langOf(ctx.params)),
    /** By the letter's place in the language's alphabet, then by name. */
    sortRows: (ctx, rows) =>
      (rows as ListRow[]).sort((a, b) => alphabetIndex(a.languageId, a.alphabet) - alphabetIndex(b.languageId, b.alphabet) || a.name.localeCompare(b.name, langOf(ctx.params)) || a.id - b.id),
    /** The pickers' lookup: `[{ id, alphabet, name, seoLink, isActive, isPrioritize }]`. */
    lookup: (rows) => (rows as ListRow[]).map((r) => ({ id: r.id, alphabet: r.alphabet, name: r.name, seoLink: r.seoLink, isActive: r.isActive, isPrioritize: r.isPrioritize })),
    detail: (db, row) => detailOf(db, row),
    // The body carries its translations as rows: readInput checks them by the definition's fields.
    ownInput: true,
    /** Fields left out keep their value (the list's image picker sends `{ image, concurrencyStamp }`). */
    async prepare(ctx, body, current) {
      const input = await readInput(ctx.db, ctx.scope.websiteId, body, ctx.ui, current);
      return { values: { ...input.top, searchText: searchText(input) }, input };
    },
    afterWrite: (ctx, { id, input }) => writeChildren(ctx.db, ctx.scope.websiteId, id, input),
    // Translations and news links go with the row (ON DELETE CASCADE).
  },
  { tableFromMigration: true },
);
