// /content/openapi.json: the OpenAPI 3.1 document of the delivery API, generated from its areas (./areas.ts), so a
// website's developer can generate a client. Each area's item (and detail) is a component schema named after its
// path (`banners`, `news.detail`); every path has the website and language parameters, the caching headers and the
// 304/404/429 answers. Image fields carry `x-image` and their `<field>Info` sibling (./image-info.ts).
import type { ContentArea, JsonSchema } from '../resources/index';

type Doc = Record<string, unknown>;

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** `waiting-screens` → `WaitingScreens` (operation ids). */
const pascal = (path: string) => path.split(/[^a-zA-Z0-9]+/).filter(Boolean).map((p) => p[0].toUpperCase() + p.slice(1)).join('');

const CACHE_HEADERS = { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'Cache-Control'), 'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin') };

function answer(description: string, data: JsonSchema, paged: boolean): Doc {
  const properties: Record<string, JsonSchema> = { data };
  if (paged) properties.totalRows = { type: 'integer', minimum: 0, description: 'How many records match, over all pages' };
  return {
    description,
    headers: CACHE_HEADERS,
    content: { 'application/json': { schema: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false } } },
  };
}

const failures = {
  '304': ref('responses', 'NotModified'),
  '404': ref('responses', 'NotFound'),
  '429': ref('responses', 'TooManyRequests'),
};

export function openApiDocument(areas: ContentArea[]): Doc {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: 'object',
      description: 'A failure: `code` is the HTTP status, `Message` and `message` the same text (in the language of Accept-Language).',
      properties: { code: { type: 'integer' }, Message: { type: 'string' }, message: { type: 'string' } },
      required: ['code', 'Message', 'message'],
    },
  };
  const paths: Record<string, Doc> = {};
  for (const area of areas) {
    const { schema } = area;
    schemas[area.path] = schema.item;
    if (schema.detail) schemas[`${area.path}.detail`] = schema.detail;
    const query = [
      ...(schema.paged
        ? [
            { name: 'page', in: 'query', required: false, description: 'The page, from 1 (default 1)', schema: { type: 'integer', minimum: 1 } },
            { name: 'pageSize', in: 'query', required: false, description: 'Records a page', schema: { type: 'integer', minimum: 1 } },
          ]
        : []),
      ...(schema.query ?? []).map((q) => ({ name: q.name, in: 'query', required: false, description: q.description, schema: { type: q.type } })),
    ];
    const common = [ref('parameters', 'website'), ref('parameters', 'lang'), ref('parameters', 'If-None-Match')];
    const name = pascal(area.path);
    paths[`/content/{website}/{lang}/${area.path}`] = {
      get: {
        operationId: `list${name}`,
        summary: area.summary,
        tags: [area.path],
        parameters: [...common, ...query],
        responses: {
          '200': answer(area.summary, schema.single ? ref('schemas', area.path) : { type: 'array', items: ref('schemas', area.path) }, Boolean(schema.paged)),
          ...failures,
        },
      },
    };
    if (area.one) {
      const key = schema.key ?? 'key';
      paths[`/content/{website}/{lang}/${area.path}/{${key}}`] = {
        get: {
          operationId: `get${name}`,
          summary: `One of: ${area.summary} (by ${key}; 404 when it is not published)`,
          tags: [area.path],
          parameters: [...common, { name: key, in: 'path', required: true, description: `The record's ${key}`, schema: { type: 'string' } }],
          responses: { '200': answer('The record', ref('schemas', schema.detail ? `${area.path}.detail` : area.path), false), ...failures },
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sitedesk delivery API',
      version: '1',
      description:
        'What the public websites read: published content only (active, approved where reviewed, started), per website and ' +
        'language, per-language fields as plain text in {lang} (falling back to the website\'s default language; a record ' +
        'without a title in {lang} is not listed). No sign-in, GET only. Every answer has an ETag: send it back as ' +
        'If-None-Match to get 304 when nothing changed. Every image field (marked `x-image` in the schemas) keeps its URL ' +
        'and has a sibling `<field>Info`: { width, height, alt, placeholder, srcset } — the size in pixels, the alt text ' +
        'in {lang} (else the default language), a ThumbHash placeholder and a srcset over the allowed widths up to the ' +
        'original\'s — or null when the URL is not one of the stored images. Sized images: GET /files/{uuid}/{name}' +
        '?w=&h=&fit=&format=&q= or ?preset=. See docs/api.md "Delivery API" and "Images".',
    },
    paths,
    components: {
      schemas,
      parameters: {
        website: { name: 'website', in: 'path', required: true, description: 'The website id', schema: { type: 'integer' } },
        lang: { name: 'lang', in: 'path', required: true, description: 'A language id the website has, active (vi-VN, en-US)', schema: { type: 'string' } },
        'If-None-Match': { name: 'If-None-Match', in: 'header', required: false, description: 'The ETag of an answer held: 304 while it is current', schema: { type: 'string' } },
      },
      headers: {
        ETag: { description: 'The answer\'s version (weak): changes when a save, a decision or a scheduled start changes it', schema: { type: 'string' } },
        'Cache-Control': { description: 'public, max-age=…, stale-while-revalidate=…', schema: { type: 'string' } },
        'Access-Control-Allow-Origin': { description: '* until the website lists its origins; then the request\'s Origin when listed', schema: { type: 'string' } },
      },
      responses: {
        NotModified: { description: 'Not modified: the If-None-Match tag is current (no body)', headers: { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'Cache-Control') } },
        NotFound: { description: 'Unknown or inactive website, a language it does not have, an unknown area or an unpublished record', content: { 'application/json': { schema: ref('schemas', 'Error') } } },
        TooManyRequests: {
          description: 'Too many requests from this client address: wait Retry-After seconds',
          headers: { 'Retry-After': { schema: { type: 'integer' } } },
          content: { 'application/json': { schema: ref('schemas', 'Error') } },
        },
      },
    },
  };
}
