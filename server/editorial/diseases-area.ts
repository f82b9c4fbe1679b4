// GET /content/{website}/{lang}/diseases and /diseases/{seoLink} (the delivery API, server/resources/area.ts): the
// website's active disease ("sick") categories. docs/api.md "Delivery API", diseases.
//
// Diseases are a flat list (no parent), their texts in rows of sick_translations, one per language (server/editorial/
// sicks.ts), each with its own letter and SEO link:
//   - listed in {lang} when active and with a name in {lang}; description and content fall back to the website's
//     default language's row;
//   - in the order of the A–Z index the console shows: the letter's place in {lang}'s alphabet, then the name;
//     `?alphabet=` keeps one letter;
//   - one disease by its SEO link in {lang}; with it, the news linked to it that are published in {lang} (the default
//     one first), each by its title and SEO link there.
import { alphabetIndex } from '../../shared/editorial';
import { hasText } from '../../shared/resources/delivery';
import { imageUrl, type ContentArea, type ContentContext, type JsonSchema } from '../resources/index';
import type { SickTranslationsTable } from './tables';
import { latestPassed, publishedNews } from './published-links';

type Translation = Omit<SickTranslationsTable, 'websiteId'>;

export interface PublicDisease {
  id: number;
  alphabet: string;
  name: string;
  description: string;
  seoLink: string;
  image: string | null;
  url: string | null;
  isPrioritize: boolean;
}

/** The active diseases with a name in {lang} (one, when `seoLink` is given), with their texts, in index order. */
async function diseases(ctx: ContentContext, seoLink?: string): Promise<(PublicDisease & { content: string })[]> {
  const db = ctx.db;
  let query = db
    .selectFrom('sicks as s')
    .innerJoin('sick_translations as t', (j) => j.onRef('t.sickId', '=', 's.id').on('t.languageId', '=', ctx.lang))
    .select(['s.id', 's.image', 's.url', 's.isPrioritize', 't.alphabet', 't.name', 't.description', 't.seoLink', 't.content'])
    .where('s.websiteId', '=', ctx.websiteId)
    .where('s.isActive', '=', true);
  if (seoLink !== undefined) query = query.where('t.seoLink', '=', seoLink);
  const alphabet = ctx.query.alphabet;
  if (alphabet) query = query.where('t.alphabet', '=', alphabet);
  const rows = (await query.execute()).filter((r) => hasText(r.name, ctx.lang));
  // Texts missing in {lang} fall back to the default language's row.
  const fallback = new Map<number, Translation>();
  if (ctx.defaultLang !== ctx.lang && rows.some((r) => !r.description.trim() || !r.content.trim())) {
    const found = await db.selectFrom('sick_translations').selectAll().where('websiteId', '=', ctx.websiteId).where('languageId', '=', ctx.defaultLang).where('sickId', 'in', rows.map((r) => r.id)).execute();
    for (const t of found) fallback.set(t.sickId, t);
  }
  const text = (own: string, id: number, field: 'description' | 'content') => (own.trim() ? own : (fallback.get(id)?.[field] ?? ''));
  return rows
    .map((r) => ({
      id: r.id,
      alphabet: r.alphabet,
      name: r.name,
      description: text(r.description, r.id, 'description'),
      seoLink: r.seoLink,
      image: r.image || null,
      url: r.url || null,
      isPrioritize: r.isPrioritize,
      content: text(r.content, r.id, 'content'),
    }))
    .sort((a, b) => alphabetIndex(ctx.lang, a.alphabet) - alphabetIndex(ctx.lang, b.alphabet) || a.name.localeCompare(b.name, ctx.lang) || a.id - b.id);
}

/** The news linked to a disease that are published in {lang}: the disease's default news first, then by id. */
async function linkedNews(ctx: ContentContext, sickId: number) {
  const links = await ctx.db.selectFrom('sick_news').select(['newsId', 'sickDefault']).where('sickId', '=', sickId).where('websiteId', '=', ctx.websiteId).execute();
  links.sort((a, b) => Number(b.sickDefault) - Number(a.sickDefault) || a.newsId - b.newsId);
  const published = await publishedNews(ctx, links.map((l) => l.newsId));
  return links.flatMap((l) => {
    const news = published.get(l.newsId);
    return news ? [{ id: l.newsId, title: news.title, seoLink: news.seoLink, isDefault: l.sickDefault }] : [];
  });
}

const listProperties = {
  id: { type: 'integer' },
  alphabet: { type: 'string', description: "The disease's letter in the asked language's alphabet (its place in the A–Z index)." },
  name: { type: 'string', description: 'In the asked language (never empty: a disease without a name there is not listed).' },
  description: { type: 'string' },
  seoLink: { type: 'string', description: 'Its SEO link in the asked language: /diseases/{seoLink}.' },
  image: imageUrl({ type: ['string', 'null'] }),
  url: { type: ['string', 'null'] },
  isPrioritize: { type: 'boolean', description: 'Shown first or highlighted by the site.' },
} as const;

const itemSchema: JsonSchema = { type: 'object', additionalProperties: false, required: Object.keys(listProperties), properties: listProperties };

const detailSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [...Object.keys(listProperties), 'content', 'news'],
  properties: {
    ...listProperties,
    content: { type: 'string', description: 'HTML.' },
    news: {
      type: 'array',
      description: 'The news about the disease published in the asked language, its default one first: /news/{seoLink}.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'title', 'seoLink', 'isDefault'],
        properties: { id: { type: 'integer' }, title: { type: 'string' }, seoLink: { type: 'string' }, isDefault: { type: 'boolean' } },
      },
    },
  },
};

export const diseasesArea: ContentArea = {
  path: 'diseases',
  summary: "The website's active disease categories in A–Z order; one by its SEO link, with its published news.",
  // What the publish webhooks hear about (server/webhooks/feeds.ts); its texts and news links are written with it.
  sources: ['sick'],
  async list(ctx) {
    return { data: (await diseases(ctx)).map(({ content: _content, ...item }) => item) };
  },
  async one(ctx, key) {
    const found = (await diseases(ctx, key))[0];
    return found && { ...found, news: await linkedNews(ctx, found.id) };
  },
  /** A linked news item's start time: a disease page gains the news when it starts, without a write. */
  async epoch(ctx) {
    const rows = await ctx.db
      .selectFrom('published_content as p')
      .innerJoin('sick_news as sn', 'sn.newsId', 'p.recordId')
      .select('p.startTime')
      .where('p.websiteId', '=', ctx.websiteId)
      .where('p.resource', '=', 'news')
      .where('p.languageId', '=', ctx.lang)
      .where('sn.websiteId', '=', ctx.websiteId)
      .execute();
    return latestPassed(rows.map((r) => r.startTime), ctx.now);
  },
  schema: {
    item: itemSchema,
    detail: detailSchema,
    key: 'seoLink',
    query: [{ name: 'alphabet', type: 'string', description: "Only the diseases of this letter (of the asked language's alphabet)." }],
  },
};
