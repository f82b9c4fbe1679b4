// The services of the delivery API (docs/api.md "Delivery API"): /content/{website}/{lang}/services and
// services/{seoLink}, read from the published versions (server/editorial/published.ts): approved and active, not in a
// switched-off group, in their order, each with its titles (and their items) and FAQs as approved.
import { queryInt } from '../http/query';
import { listPublished, onePublished, previewOf } from '../editorial/published';
import { imageUrl, type ContentArea, type ContentContext, type JsonSchema } from '../resources/index';
import { PUBLISHED_SERVICES, serviceVersions } from './publish';

const text = { type: 'string' } as const;
const image = { image: imageUrl(text), alt: text, url: text };
const item: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'integer', description: '0 specialization, 1 service' },
    title: text,
    subTitle: text,
    description: text,
    seoLink: text,
    image: imageUrl(text),
    thumbnail: imageUrl(text),
    alt: text,
    unitPrice: { type: ['number', 'null'] },
    serviceGroupId: { type: ['integer', 'null'] },
    videoUrl: text,
    isHomePage: { type: 'boolean' },
    isHot: { type: 'boolean' },
    order: { type: 'number' },
    titles: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          title: text,
          description: text,
          content: text,
          unitPrice: { type: ['number', 'null'] },
          ...image,
          items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: text, description: text, ...image } } },
        },
      },
    },
    faqs: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, question: text, answer: { ...text, description: 'HTML' }, ...image } } },
  },
  required: ['id', 'type', 'title', 'seoLink', 'titles', 'faqs'],
};
const detail: JsonSchema = {
  ...item,
  properties: { ...(item.properties as Record<string, unknown>), content: { ...text, description: 'HTML' }, metaTitle: text, metaDescription: text, metaKeyword: text, tags: { type: 'array', items: text } },
};

const scope = (ctx: ContentContext) => ({ db: ctx.db, websiteId: ctx.websiteId, lang: ctx.lang, defaultLang: ctx.defaultLang, now: ctx.now });

export const servicesArea: ContentArea = {
  path: 'services',
  summary: 'Published services and specializations of the website, in their order, with their titles and FAQs',
  // A service group switched off or on takes its services off the site or brings them back (server/editorial/published.ts).
  sources: ['service', 'serviceFaq', 'serviceTitle', 'serviceTitleItem', 'serviceTitleImage', 'serviceGroup'],
  async list(ctx) {
    const type = queryInt(ctx.query.type, 'type', 0, 1);
    const { data } = await listPublished(scope(ctx), PUBLISHED_SERVICES, { byStart: false, offset: 0, limit: 1000, type });
    return { data };
  },
  one: (ctx, seoLink) => onePublished(scope(ctx), PUBLISHED_SERVICES, { byStart: false, seoLink }),
  preview: {
    resource: 'service',
    async version(ctx, id) {
      const [record] = await serviceVersions(ctx.db, [id]);
      if (record?.websiteId !== ctx.websiteId) return undefined;
      return previewOf(scope(ctx), record, { type: queryInt(ctx.query.type, 'type', 0, 1) });
    },
    // In their order, as the list.
    before: (a, b) => Number(a.order) < Number(b.order) || (Number(a.order) === Number(b.order) && Number(a.id) < Number(b.id)),
  },
  schema: {
    item,
    detail,
    key: 'seoLink',
    query: [{ name: 'type', type: 'integer', description: '1 services, 0 specializations (default: both)' }],
  },
};
