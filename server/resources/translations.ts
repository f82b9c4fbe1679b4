// What is left to translate (issue 42, docs/api.md "Translations"): per list of the website and per language of the
// website, how many records lack a translation of a required per-language field.
//
//   GET /api/Translations/{website}                    → { data: [ { resource, total, missing: { "<lang>": n } } ] }
//   GET /api/Translations/{website}/{resource}/{lang}  → { data: [id, …] }  the records missing that language, by id
//                                                        (the console's "translate next" walks them)
//
// Only the lists the user may list on that website (the definition's rule, the role's grant; `own`: their own records)
// and the fields the role sees count. Per-language text is JSON keyed by language id in the record's columns; news and
// disease categories keep theirs as rows of a table of their own (`ROW_TRANSLATIONS`).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { check, ruleOf } from '../../shared/resources/access';
import { isBulkable } from '../../shared/resources/bulk';
import type { ResourceDef } from '../../shared/resources/define';
import { httpError } from '../errors';
import { M } from '../messages';
import { requireWebsite, websiteLanguages } from './access';
import { dynamic, type DynamicDb } from './dynamic';
import { CREATED_BY, gateOf, hiddenOf, type Gate } from './permissions';
import { hasCreator } from './schema';

/** Definitions whose per-language texts are rows of their own table: the table, its key, the required columns. */
const ROW_TRANSLATIONS: Record<string, { table: string; key: string; required: string[] }> = {
  news: { table: 'news_translations', key: 'newsId', required: ['title', 'content', 'seoLink'] },
  sick: { table: 'sick_translations', key: 'sickId', required: ['alphabet', 'seoLink'] },
};

export interface TranslationCount {
  resource: string;
  total: number;
  missing: Record<string, number>;
}

/** The required per-language fields of a list (none: nothing to translate), less what the role hides. */
function requiredTexts(def: ResourceDef, hidden: readonly string[]): string[] {
  const rows = ROW_TRANSLATIONS[def.name];
  if (rows) return rows.required.filter((f) => !hidden.includes(f));
  return def.fields.filter((f) => f.perLanguage && f.required && !f.computed && !f.hidden && !hidden.includes(f.name)).map((f) => f.name);
}

/** A text with something in it (rich text: more than empty markup). */
const filled = (v: unknown) => typeof v === 'string' && v.replace(/<(?!img|iframe|video)[^>]*>|&nbsp;/gi, '').trim() !== '';

/** Per-language JSON text as a map (a plain string: the default language's, as older rows hold it). */
function languagesOf(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string') return {};
  try {
    const parsed = JSON.parse(raw) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Which records of `def` in the website (the role's reach) miss each language: record id → languages missing. */
async function missingOf(db: DynamicDb, def: ResourceDef, websiteId: number, languages: string[], fields: string[], own?: number): Promise<{ total: number; missing: Map<number, string[]> }> {
  let q = db.selectFrom(def.table).where('websiteId', '=', websiteId);
  if (own !== undefined) q = q.where(CREATED_BY, '=', own);
  const rows = ROW_TRANSLATIONS[def.name];
  const missing = new Map<number, string[]>();
  if (rows) {
    const ids = (await q.select('id').orderBy('id').execute()).map((r) => r.id as number);
    const complete = new Set<string>();
    const done = await db
      .selectFrom(rows.table)
      .select([rows.key, 'languageId', ...fields])
      .where('websiteId', '=', websiteId)
      .execute();
    for (const r of done) if (fields.every((f) => filled(r[f]))) complete.add(`${r[rows.key]}\u0000${r.languageId}`);
    for (const id of ids) {
      const lacking = languages.filter((lang) => !complete.has(`${id}\u0000${lang}`));
      if (lacking.length) missing.set(id, lacking);
    }
    return { total: ids.length, missing };
  }
  const records = await q.select(['id', ...fields]).orderBy('id').execute();
  for (const r of records) {
    const texts = fields.map((f) => languagesOf(r[f]));
    const lacking = languages.filter((lang) => texts.some((t) => !filled(t[lang])));
    if (lacking.length) missing.set(r.id as number, lacking);
  }
  return { total: records.length, missing };
}

/** The lists of the website this user may list, with what counts in each (its fields, whose records). */
async function listsOf(request: FastifyRequest, defs: Record<string, ResourceDef>, websiteId: number) {
  const out: { def: ResourceDef; fields: string[]; own?: number }[] = [];
  for (const def of Object.values(defs)) {
    if (def.scope !== 'website' || !isBulkable(def) || !requiredTexts(def, []).length) continue;
    if (!check(ruleOf(def.access, 'list'), request.user && { ...request.user, canReview: true }).allowed) continue;
    const gate: Gate | undefined = await gateOf(request.server.db, request, def, { websiteId, keys: {} });
    const reach = gate ? (gate.grant.list ?? 'none') : 'all';
    if (reach === 'none') continue;
    const fields = requiredTexts(def, hiddenOf(gate));
    if (!fields.length) continue;
    out.push({ def, fields, own: reach === 'own' && hasCreator(def) ? request.user.id : undefined });
  }
  return out;
}

export const translationRoutes: FastifyPluginAsync = async (app) => {
  const { defs } = app.resources;

  app.get('/Translations/:website', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { website: string }).website);
    const languages = (await websiteLanguages(app.db, websiteId)).map((l) => l.languageId);
    const data: TranslationCount[] = [];
    for (const { def, fields, own } of await listsOf(request, defs, websiteId)) {
      const { total, missing } = await missingOf(dynamic(app.db), def, websiteId, languages, fields, own);
      const counts = Object.fromEntries(languages.map((lang) => [lang, 0]));
      for (const lacking of missing.values()) for (const lang of lacking) counts[lang] += 1;
      data.push({ resource: def.name, total, missing: counts });
    }
    return { data };
  });

  app.get('/Translations/:website/:resource/:lang', async (request) => {
    const params = request.params as { website: string; resource: string; lang: string };
    const websiteId = await requireWebsite(app.db, request, params.website);
    const languages = (await websiteLanguages(app.db, websiteId)).map((l) => l.languageId);
    if (!languages.includes(params.lang)) throw httpError(400, M.badQuery('lang'), { field: 'lang' });
    const list = (await listsOf(request, defs, websiteId)).find((l) => l.def.name === params.resource);
    if (!list) throw httpError(404, M.recordNotFound);
    const { missing } = await missingOf(dynamic(app.db), list.def, websiteId, languages, list.fields, list.own);
    return { data: [...missing].filter(([, lacking]) => lacking.includes(params.lang)).map(([id]) => id) };
  });
};
