// A news body → checked values. Fields the client leaves out keep their stored value on update (a partial
// body never wipes data); the required rules and messages are the shared ones (shared/editorial.ts newsDef).
import { NEWS_TRANSLATION_FIELDS, newsDef, rowsToMaps } from '../../shared/editorial';
import { newsCategory } from '../../shared/resources/news-category';
import { validateRecord, type FieldError, type UiLang } from '../../shared/resources/validate';
import { httpError } from '../errors';
import { dynamic, validationError, websiteLanguages } from '../resources/index';
import { EMSG, idList, languageNames, parseTranslationRows, type Body, type Db } from '../editorial/common';
import { parseTagNames } from '../editorial/tags';
import type { NewsTable } from '../editorial/tables';
import { NEWS_TOP_FIELDS, type NewsTopField } from './store';

export type NewsTranslation = { languageId: string } & Record<(typeof NEWS_TRANSLATION_FIELDS)[number], string>;

export interface NewsInput {
  /** checked by validateRecord: the stored types */
  top: Pick<NewsTable, NewsTopField>;
  translations: NewsTranslation[];
  categoryIds: number[];
  tags: string[];
  /** in order; exactly one isDefault (the flagged one, else the first) */
  sicks: { sickId: number; isDefault: boolean }[];
}

const BOOLEAN_DEFAULTS: Partial<Record<NewsTopField, boolean>> = { isMobile: false, isHomePage: false, isHot: false, isActive: true };

/** The console may send numbers as text ("0"). */
const numberish = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

export async function readNewsInput(db: Db, websiteId: number, body: Body, ui: UiLang, current?: Record<string, unknown>): Promise<NewsInput> {
  const has = (k: string) => k in body && body[k] !== undefined;
  const pick = (k: string) => (has(k) ? body[k] : current?.[k]);

  const top = {} as Record<NewsTopField, unknown>;
  for (const f of NEWS_TOP_FIELDS) {
    let v = pick(f);
    if (f === 'type') v = numberish(v);
    if (v === undefined && !current && f in BOOLEAN_DEFAULTS) v = BOOLEAN_DEFAULTS[f];
    if (typeof v === 'string' && !['startTime'].includes(f)) v = v.trim();
    top[f] = v === '' ? null : v;
  }

  const known = await languageNames(db);
  const translations = parseTranslationRows(pick('newsTranslations') ?? [], 'newsTranslations', NEWS_TRANSLATION_FIELDS, known) as NewsTranslation[];

  const maps = rowsToMaps(translations, NEWS_TRANSLATION_FIELDS);
  const languages = await websiteLanguages(db, websiteId);
  const errors: FieldError[] = validateRecord(newsDef, { ...top, ...maps }, languages, ui);
  // Languages the website does not require are optional, but a title given there still needs its content and link.
  for (const t of translations.filter((x) => !languages.some((l) => l.languageId === x.languageId))) {
    if (!t.title.trim() && !t.seoLink && !t.content.trim()) continue;
    const one = validateRecord(newsDef, { ...top, ...rowsToMaps([t], NEWS_TRANSLATION_FIELDS) }, [{ languageId: t.languageId, name: known.get(t.languageId)! }], ui);
    errors.push(...one.filter((e) => e.languageId));
  }
  if (errors.length) throw validationError(errors);

  const categoryIds = has('categorys') ? idList(body.categorys, 'categorys') : has('categoriesNews') ? idList(body.categoriesNews, 'categoriesNews', 'categoryId') : ((current?.categorys as number[]) ?? []);
  if (categoryIds.length) {
    const found = (await dynamic(db).selectFrom(newsCategory.table).select('id').where('websiteId', '=', websiteId).where('id', 'in', categoryIds).execute()) as { id: number }[];
    const missing = categoryIds.find((id) => !found.some((r) => r.id === id));
    if (missing !== undefined) throw httpError(400, EMSG.categoryUnknown(missing), { field: 'categorys' });
  }

  const tags = has('subjectTags') ? parseTagNames(body.subjectTags) : ((current?.subjectTags as { name: string }[] | undefined)?.map((t) => t.name) ?? []);

  let sicks: NewsInput['sicks'];
  if (has('sickNews')) {
    const raw = body.sickNews;
    const ids = idList(raw, 'sickNews', 'sickId');
    const flagged = Array.isArray(raw) ? raw.find((s) => s && typeof s === 'object' && (s as Body).isDefault === true) : undefined;
    const defaultId = flagged ? Number((flagged as Body).sickId) : ids[0];
    sicks = ids.map((sickId) => ({ sickId, isDefault: sickId === defaultId }));
  } else {
    sicks = ((current?.sickNews as { sickId: number; isDefault: boolean }[]) ?? []).map((s) => ({ sickId: s.sickId, isDefault: s.isDefault }));
  }
  if (sicks.length) {
    const found = await db.selectFrom('sicks').select('id').where('websiteId', '=', websiteId).where('id', 'in', sicks.map((s) => s.sickId)).execute();
    const missing = sicks.find((s) => !found.some((r) => r.id === s.sickId));
    if (missing) throw httpError(400, EMSG.sickUnknown(missing.sickId), { field: 'sickNews' });
  }

  return { top: top as Pick<NewsTable, NewsTopField>, translations, categoryIds, tags, sicks };
}

/** 409 when one of the SEO links is used by another news of the website in the same language. */
export async function checkSeoLinks(db: Db, websiteId: number, translations: NewsTranslation[], exceptId?: number) {
  const known = await languageNames(db);
  for (const t of translations) {
    if (!t.seoLink) continue;
    let q = db.selectFrom('news_translations').select('newsId').where('websiteId', '=', websiteId).where('languageId', '=', t.languageId).where('seoLink', '=', t.seoLink);
    if (exceptId !== undefined) q = q.where('newsId', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      throw httpError(409, EMSG.seoTaken(t.seoLink, known.get(t.languageId) ?? t.languageId), { field: 'seoLink', languageId: t.languageId });
    }
  }
}
