// The news of the delivery API (docs/api.md "Delivery API"): /content/{website}/{lang}/news and news/{seoLink}, read
// from the published versions (server/editorial/published.ts): approved, active, started; newest first.
//
// Scheduled publishing needs no job: a news item approved with a later start time is stored with it and left out
// until the request's clock passes it; `epoch` (the latest start that has passed) is part of the ETag, so the
// answers change when that time comes although nothing was written.
import { paging } from '../http/query';
import { latestStart, listPublished, onePublished, previewOf } from '../editorial/published';
import { imageUrl, type ContentArea, type ContentContext, type JsonSchema } from '../resources/index';
import { newsVersions, PUBLISHED_NEWS } from './publish';

const text = { type: 'string' } as const;
const category: JsonSchema = { type: 'object', properties: { name: text, seoLink: text }, required: ['name', 'seoLink'] };
const item: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: text,
    description: text,
    seoLink: { ...text, description: "the link in the asked language (news/{seoLink})" },
    featureImage: imageUrl(text, 'altFeatureImage'),
    featureImageMobile: imageUrl(text, 'altFeatureImage'),
    altFeatureImage: { ...text, description: "the news item's own alt text for its feature image (featureImageInfo.alt falls back to it)" },
    startTime: { type: 'string', format: 'date-time' },
    categories: { type: 'array', items: category, description: 'its active categories, names in the asked language' },
  },
  required: ['id', 'title', 'description', 'seoLink', 'featureImage', 'featureImageMobile', 'startTime', 'categories'],
};
const detail: JsonSchema = {
  ...item,
  properties: {
    ...(item.properties as Record<string, unknown>),
    content: { ...text, description: 'HTML' },
    metaTitle: text,
    metaDescription: text,
    metaKeyword: text,
    tags: { type: 'array', items: text },
    bannerImages: imageUrl(text),
    bannerImagesMobile: imageUrl(text),
    altImages: text,
    type: { type: 'integer', description: '0 news, 1 event' },
    isHot: { type: 'boolean' },
    isHomePage: { type: 'boolean' },
  },
};

const scope = (ctx: ContentContext) => ({ db: ctx.db, websiteId: ctx.websiteId, lang: ctx.lang, defaultLang: ctx.defaultLang, now: ctx.now });

export const newsArea: ContentArea = {
  path: 'news',
  summary: 'Published news of the website, newest first (approved, active, started)',
  sources: ['news'],
  async list(ctx) {
    const { offset, pageSize } = paging(ctx.query, 10, 100);
    const keyword = ctx.query.keyword?.trim() || undefined;
    const category = ctx.query.category?.trim() || undefined;
    return listPublished(scope(ctx), PUBLISHED_NEWS, { byStart: true, offset, limit: pageSize, keyword, category, categories: true });
  },
  one: (ctx, seoLink) => onePublished(scope(ctx), PUBLISHED_NEWS, { byStart: true, seoLink, categories: true }),
  epoch: (ctx) => latestStart(scope(ctx), PUBLISHED_NEWS),
  preview: {
    resource: 'news',
    async version(ctx, id) {
      const [record] = await newsVersions(ctx.db, [id]);
      if (record?.websiteId !== ctx.websiteId) return undefined;
      return previewOf(scope(ctx), record, { categories: true, keyword: ctx.query.keyword?.trim() || undefined, category: ctx.query.category?.trim() || undefined });
    },
    // Newest first, as the list.
    before: (a, b) => String(a.startTime) > String(b.startTime) || (a.startTime === b.startTime && Number(a.id) > Number(b.id)),
  },
  schema: {
    item,
    detail,
    paged: true,
    key: 'seoLink',
    query: [
      { name: 'category', type: 'string', description: "a category's SEO link: only its news" },
      { name: 'keyword', type: 'string', description: 'words of the title or description in the asked language (accents ignored)' },
    ],
  },
};
