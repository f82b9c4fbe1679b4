// A news body → checked values. Fields the client leaves out keep their stored value on update (a partial
// body never wipes data); the required rules and messages are the shared ones (shared/editorial.ts newsDef).
import { NEWS_TRANSLATION_FIELDS, newsDef, rowsToMaps, slugify } from '../../shared/editorial';
import { newsCategory } from '../../shared/resources/news-category';
import { validateRecord, type FieldError, type UiLang } from '../../shared/resources/validate';
import { httpError } from '../errors';
import { validationError, websiteLanguages } from '../resources/index';
import { idList, languageNames, parseTranslationRows, type Body, type Db } from '../editorial/common';
import { parseTagNames } from '../editorial/tags';
import type { NewsTable } from '../editorial/tables';
import { NEWS_TOP_FIELDS, type NewsTopField } from './store';
import { M } from '../messages';

export type NewsTranslation = { languageId: string } & Record<(typeof NEWS_TRANSLATION_FIELDS)[number], string>;

export interface NewsInput {
  /** checked by validateRecord: the stored types */
  top: Pick<NewsTable, NewsTopField>;
  translations: NewsTranslation[];
  categoryIds: number[];
  tags: string[];
  /** in order; exactly one isDefault (the flagged one, else the first) */
  sicks: { sickId: number; isDefault: boolean }[];
  /** Draft translations whose SEO link the server made from the title (made again if another save takes it first). */
  generatedLinks: NewsTranslation[];
}

/** Translation fields holding the editor's HTML (cleaned when saved). */
const RICH_FIELDS = newsDef.fields.filter((f) => f.type === 'richText').map((f) => f.name);

const BOOLEAN_DEFAULTS: Partial<Record<NewsTopField, boolean>> = { isMobile: false, isHomePage: false, isHot: false, isActive: true };

/** The console may send numbers as text ("0"). */
const numberish = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v);

/**
 * What a draft must have: the title in the website's default language, nothing more (every other field is
 * still checked for its format). What asks for review must have everything the spec requires to publish.
 */
const DRAFT_DEF = { fields: newsDef.fields.map((f) => ({ ...f, required: undefined })) };
const DRAFT_TITLE_DEF = { fields: newsDef.fields.filter((f) => f.name === 'title') };

/** The website's default language (the one a draft's title must be in). */
async function defaultLanguage(db: Db, websiteId: number): Promise<string | undefined> {
  const row = await db.selectFrom('website_languages').select('languageId').where('websiteId', '=', websiteId).where('isDefault', '=', true).executeTakeFirst();
  return row?.languageId;
}

/** A link free in the website and language: the slug of `title`, with "-2", "-3"… while taken. */
export async function freeSeoLink(db: Db, websiteId: number, title: string, languageId?: string, exceptId?: number): Promise<string> {
  const base = slugify(title) || 'tin-tuc';
  const taken = async (link: string) => {
    let q = db.selectFrom('news_translations').select('newsId').where('websiteId', '=', websiteId).where('seoLink', '=', link);
    if (languageId) q = q.where('languageId', '=', languageId);
    if (exceptId !== undefined) q = q.where('newsId', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  let link = base;
  for (let n = 2; await taken(link); n++) link = `${base}-${n}`;
  return link;
}

export async function readNewsInput(
  db: Db,
  websiteId: number,
  body: Body,
  ui: UiLang,
  current?: Record<string, unknown>,
  mode: 'draft' | 'review' = 'review',
): Promise<NewsInput> {
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
  const translations = parseTranslationRows(pick('newsTranslations') ?? [], 'newsTranslations', NEWS_TRANSLATION_FIELDS, known, RICH_FIELDS) as NewsTranslation[];

  const maps = rowsToMaps(translations, NEWS_TRANSLATION_FIELDS);
  const languages = await websiteLanguages(db, websiteId);
  const generatedLinks: NewsTranslation[] = [];
  if (mode === 'draft') {
    const main = await defaultLanguage(db, websiteId);
    const errors = [
      ...validateRecord(DRAFT_TITLE_DEF, maps, languages.filter((l) => l.languageId === main), ui),
      ...validateRecord(DRAFT_DEF, { ...top, ...maps }, languages, ui),
    ];
    if (errors.length) throw validationError(errors);
    // A titled translation is kept with a link made from its title when it has none yet (links are unique).
    for (const t of translations) {
      if (t.seoLink || !t.title.trim()) continue;
      t.seoLink = await freeSeoLink(db, websiteId, t.title, t.languageId, current?.id as number | undefined);
      generatedLinks.push(t);
    }
    if (top.type === null || top.type === undefined) top.type = 0;
  }
  const errors: FieldError[] = mode === 'draft' ? [] : validateRecord(newsDef, { ...top, ...maps }, languages, ui);
  // Languages the website does not require are optional, but a title given there still needs its content and link.
  for (const t of mode === 'draft' ? [] : translations.filter((x) => !languages.some((l) => l.languageId === x.languageId))) {
    if (!t.title.trim() && !t.seoLink && !t.content.trim()) continue;
    const one = validateRecord(newsDef, { ...top, ...rowsToMaps([t], NEWS_TRANSLATION_FIELDS) }, [{ languageId: t.languageId, name: known.get(t.languageId)! }], ui);
    errors.push(...one.filter((e) => e.languageId));
  }
  if (errors.length) throw validationError(errors);

  const categoryIds = has('categorys') ? idList(body.categorys, 'categorys') : has('categoriesNews') ? idList(body.categoriesNews, 'categoriesNews', 'categoryId') : ((current?.categorys as number[]) ?? []);
  if (categoryIds.length) {
    const found = (await db.selectFrom(newsCategory.table).select('id').where('websiteId', '=', websiteId).where('id', 'in', categoryIds).execute()) as { id: number }[];
    const missing = categoryIds.find((id) => !found.some((r) => r.id === id));
    if (missing !== undefined) throw httpError(400, M.categoryUnknown(missing), { field: 'categorys' });
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
    if (missing) throw httpError(400, M.sickUnknown(missing.sickId), { field: 'sickNews' });
  }

  return { top: top as Pick<NewsTable, NewsTopField>, translations, categoryIds, tags, sicks, generatedLinks };
}

/** 409 when one of the SEO links is used by another news of the website in the same language. */
export async function checkSeoLinks(db: Db, websiteId: number, translations: NewsTranslation[], exceptId?: number) {
  const known = await languageNames(db);
  for (const t of translations) {
    if (!t.seoLink) continue;
    let q = db.selectFrom('news_translations').select('newsId').where('websiteId', '=', websiteId).where('languageId', '=', t.languageId).where('seoLink', '=', t.seoLink);
    if (exceptId !== undefined) q = q.where('newsId', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      throw httpError(409, M.seoTaken(t.seoLink, known.get(t.languageId) ?? t.languageId), { field: 'seoLink', languageId: t.languageId });
    }
  }
}
