// GET /content/{website}/{lang}/{area}[/{key}] and /content/openapi.json (./areas.ts lists the areas).
//
// One request, cheapest first:
//   1. the area by its path (unknown → 404, no database read);
//   2. the database's change number (server/db/changes.ts): any committed write moves it;
//   3. the website and its languages, kept per change number (keptAt): unknown, inactive website or a language it
//      does not have (or has inactive) → 404;
//   4. the area's epoch (what changes an answer without a write: a scheduled start that has passed), kept for at most
//      EPOCH_MS of the app's clock per change number;
//   5. the tag: a hash of all the above with the key and the normalized query. `If-None-Match` with it → 304, no
//      area read at all; an answer built under the same tag → sent from memory (with its gzip/brotli forms, each
//      compressed once); else the area reads, and the answer is kept under its tag.
// The kept answers are keyed by the change number, so they stay right when another process writes the database.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Counter } from 'prom-client';
import { metric } from '../http/metrics';
import { COMPRESS_THRESHOLD, compressed, pickEncoding } from '../http/encoding';
import { limitStore } from '../http/rate-limit-store';
import { changeNumber } from '../db/changes';
import { errorBody, httpError } from '../errors';
import { localize } from '../i18n';
import { M } from '../messages';
import type { ContentArea, ContentContext } from '../resources/index';
import { areas as registeredAreas } from './areas';
import { addImageInfo, schemaRefs, withImageInfo } from './image-info';
import { openApiDocument } from './openapi';
import { siteOf, type DeliverySite } from './sites';
import { previewAnswer } from './preview';
import { previewKey, readToken } from './preview-token';

/** Where a website's page hands the delivery API its preview token (docs/api.md "Preview"). */
const PREVIEW_PARAM = 'sitedesk-preview';
const PREVIEW_HEADER = 'x-sitedesk-preview';

export interface DeliveryOptions {
  /** Cache-Control max-age in seconds (default 60; DELIVERY_MAX_AGE). */
  maxAge?: number;
  /** Cache-Control stale-while-revalidate in seconds (default 600; DELIVERY_STALE_WHILE_REVALIDATE). */
  staleWhileRevalidate?: number;
  /** Requests per client address per window (default 600 a minute; DELIVERY_MAX_PER_MINUTE). */
  max?: number;
  timeWindow?: number | string;
  /** Answers kept in memory (default 2000 answers, 64 MB). */
  keptAnswers?: number;
  keptBytes?: number;
  /** Areas besides ./areas.ts (tests: an area with an epoch). */
  extraAreas?: ContentArea[];
}

export const DELIVERY_DEFAULTS = { maxAge: 60, staleWhileRevalidate: 600, max: 600, timeWindow: '1 minute', keptAnswers: 2000, keptBytes: 64 * 1024 * 1024 };

/** How long an area's epoch is trusted (app clock): a scheduled item shows up at most this late. */
const EPOCH_MS = 1000;

interface Answer {
  tag: string;
  status: number;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** Counted in the kept bytes (false once evicted). */
  kept?: boolean;
}

/** The query parameters an area reads (page and pageSize when paged, its declared ones), in a fixed order. */
function queryNames(area: ContentArea): string[] {
  const names = [...(area.schema.paged ? ['page', 'pageSize'] : []), ...(area.schema.query ?? []).map((q) => q.name)];
  return [...new Set(names)].sort();
}

/**
 * `If-None-Match: W/"a", "b"` against our tag, by weak comparison. `*` matches only a representation that exists
 * (RFC 9110 §13.1.2): it is checked once the answer is known (`anyTag`), so a key that does not exist is a 404.
 */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = tag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/** `If-None-Match: *`: any current representation matches. */
const anyTag = (header: string | undefined) => !!header && header.split(',').some((t) => t.trim() === '*');

export const deliveryRoutes: FastifyPluginAsync = async (app) => {
  const given = app.moduleOptions.delivery ?? {};
  const options = { ...DELIVERY_DEFAULTS, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as typeof DELIVERY_DEFAULTS & DeliveryOptions;
  const areas = [...registeredAreas, ...(options.extraAreas ?? []).map(withImageInfo)];
  const refs = schemaRefs(areas);
  const byPath = new Map(areas.map((a) => [a.path.toLowerCase(), a]));
  const names = new Map(areas.map((a) => [a, queryNames(a)]));
  const cacheControl = `public, max-age=${options.maxAge}, stale-while-revalidate=${options.staleWhileRevalidate}`;

  // Per client address, like the intake, counted where every instance sees it (http/rate-limit-store.ts).
  await app.register(rateLimit, {
    ...limitStore(app.limits, 'delivery'),
    max: options.max,
    timeWindow: options.timeWindow,
    errorResponseBuilder: (_request, context) =>
      httpError(429, M.tooManyRequests(Math.ceil(context.ttl / 1000)), {}, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });

  // The answers built, by URL (website, language, area, key, normalized query), least recently used first.
  // The kept answers' use (docs/operations.md): a hit is an answer sent from memory or a 304, a miss one built from the
  // database (a request that waited for another's build counts as a miss too: it was not kept yet).
  const hits = metric(app, Counter, { name: 'sitedesk_delivery_cache_hits_total', help: 'Delivery API answers sent from memory or as 304 Not Modified' });
  const misses = metric(app, Counter, { name: 'sitedesk_delivery_cache_misses_total', help: 'Delivery API answers built from the database' });
  const answers = new Map<string, Answer>();
  let answerBytes = 0;
  const size = (a: Answer) => a.body.length + (a.gzip?.length ?? 0) + (a.br?.length ?? 0);
  const drop = (url: string, a: Answer) => {
    answers.delete(url);
    a.kept = false;
    answerBytes -= size(a);
  };
  const keep = (url: string, answer: Answer) => {
    const old = answers.get(url);
    if (old) drop(url, old);
    answers.set(url, answer);
    answer.kept = true;
    answerBytes += size(answer);
    for (const [oldest, a] of answers) {
      if (answers.size <= options.keptAnswers && answerBytes <= options.keptBytes) break;
      drop(oldest, a);
    }
  };
  // Epochs by website, language and area: { change number, when read (app clock), value }.
  const epochs = new Map<string, { n: string; at: number; value: string | null }>();

  /** CORS: the website's own origins when it lists them (the request's origin echoed if listed), else any. */
  const corsHeaders = (request: FastifyRequest, reply: FastifyReply, site: DeliverySite | undefined) => {
    reply.header('access-control-expose-headers', 'ETag');
    if (!site || site.origins.length === 0) {
      reply.header('access-control-allow-origin', '*');
      return;
    }
    const origin = request.headers.origin;
    if (origin && site.origins.includes(origin.toLowerCase())) reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Accept-Encoding, Origin');
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').send(errorBody(localize(request, M.notFound), 404));

  const send = (request: FastifyRequest, reply: FastifyReply, answer: Answer) => {
    reply.code(answer.status).header('content-type', 'application/json; charset=utf-8');
    if (answer.body.length < COMPRESS_THRESHOLD) return reply.send(answer.body);
    const encoding = pickEncoding(request.headers['accept-encoding'] as string | undefined);
    if (!encoding) return reply.send(answer.body);
    let bytes = answer[encoding];
    if (!bytes) {
      bytes = answer[encoding] = compressed(answer.body, encoding);
      if (answer.kept) answerBytes += bytes.length;
    }
    return reply.header('content-encoding', encoding).send(bytes);
  };

  const inFlight = new Map<string, Promise<Answer | undefined>>();
  /** The answer of `area` (one record when `key` is given: undefined when it is not published). */
  const build = async (area: ContentArea, ctx: ContentContext, key: string | undefined, tag: string): Promise<Answer | undefined> => {
    let result: unknown;
    if (key !== undefined) {
      const data = await area.one!(ctx, key);
      if (data === undefined) return undefined;
      await addImageInfo(ctx, data, area.schema.detail ?? area.schema.item, refs);
      result = { data };
    } else {
      const list = await area.list(ctx);
      await addImageInfo(ctx, list.data, area.schema.single ? area.schema.item : { type: 'array', items: area.schema.item }, refs);
      result = list;
    }
    return { tag, status: 200, body: Buffer.from(JSON.stringify(result)) };
  };

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { website: string; lang: string; area: string; key?: string };
    const area = byPath.get(params.area.toLowerCase());
    // Same answer as an unknown address, before any read: asking costs nothing.
    if (!area || (params.key !== undefined && !area.one)) {
      corsHeaders(request, reply, undefined);
      return notFound(request, reply);
    }
    const db = app.db;
    const n = await changeNumber(db);
    const site = await siteOf(db, n, params.website);
    const lang = site?.languages.get(params.lang.toLowerCase());
    corsHeaders(request, reply, site);
    if (!site || !lang) return notFound(request, reply);

    const raw = request.query as Record<string, string | string[] | undefined>;
    const query: Record<string, string | undefined> = {};
    for (const name of names.get(area)!) {
      const v = raw[name];
      const first = Array.isArray(v) ? v[0] : v;
      if (first !== undefined && first !== '') query[name] = first;
    }
    let now = app.now();
    const ctx: ContentContext = { db, websiteId: site.id, lang, defaultLang: site.defaultLang ?? lang, now, query };

    // A preview (a token in the query or the header): built for this request alone, never kept, never shared with
    // the public answers (no ETag; private, no-store). A token that is not ours, has expired or names another
    // website or language is refused (403): the page asked for a preview and would otherwise show the public
    // version as if it were one. A good token names one record of one area: every other record stays as published.
    const rawToken = raw[PREVIEW_PARAM] ?? request.headers[PREVIEW_HEADER];
    const token = Array.isArray(rawToken) ? rawToken[0] : rawToken;
    if (token !== undefined && token !== '') {
      reply.header('cache-control', 'private, no-store');
      const claim = readToken(await previewKey(db, now), token, now);
      if (!claim || claim.websiteId !== site.id || claim.lang !== lang) {
        return reply.code(403).send(errorBody(localize(request, M.previewToken), 403));
      }
      const result = await previewAnswer(area, ctx, params.key, claim);
      if (result === undefined) return notFound(request, reply);
      return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result));
    }

    let epoch: string | null = null;
    if (area.epoch) {
      const epochKey = `${site.id}\n${lang}\n${area.path}`;
      const keptEpoch = epochs.get(epochKey);
      const age = keptEpoch ? now.getTime() - keptEpoch.at : -1;
      if (keptEpoch && keptEpoch.n === n && age >= 0 && age < EPOCH_MS) {
        epoch = keptEpoch.value;
        // Read as of the epoch's time, so the answer is the one the epoch describes.
        ctx.now = now = new Date(keptEpoch.at);
      } else {
        epoch = await area.epoch(ctx);
        if (epochs.size > 10_000) epochs.clear();
        epochs.set(epochKey, { n, at: now.getTime(), value: epoch });
      }
    }

    const url = [site.id, lang, area.path, params.key ?? '', ...Object.entries(query).map(([k, v]) => `${k}=${v}`)].join('\n');
    const tag = `W/"${createHash('sha1').update(`${n}\n${epoch ?? ''}\n${url}`).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', tag).header('cache-control', cacheControl);
    if (!site.origins.length) reply.header('vary', 'Accept-Encoding');
    if (matches(request.headers['if-none-match'], tag)) {
      hits.inc();
      return reply.code(304).send();
    }

    const kept = answers.get(url);
    if (kept && kept.tag === tag) {
      hits.inc();
      // Most recently used last.
      answers.delete(url);
      answers.set(url, kept);
      if (anyTag(request.headers['if-none-match'])) return reply.code(304).send();
      return send(request, reply, kept);
    }
    // Requests that miss the same answer at once (many readers right after a save) wait for one build.
    misses.inc();
    const flightKey = `${tag}\n${url}`;
    let building = inFlight.get(flightKey);
    if (!building) {
      building = build(area, ctx, params.key, tag)
        .then((built) => {
          if (built) keep(url, built);
          return built;
        })
        .finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, building);
    }
    const answer = await building;
    if (!answer) {
      reply.removeHeader('etag');
      return notFound(request, reply);
    }
    if (anyTag(request.headers['if-none-match'])) return reply.code(304).send();
    return send(request, reply, answer);
  };

  // The stored bytes are already compressed where the client accepts it: the app-wide compression stays out.
  const routeOptions = { compress: false as const };
  app.get('/:website/:lang/:area', routeOptions, serve);
  app.get('/:website/:lang/:area/:key', routeOptions, serve);

  // A website's scripts may send If-None-Match themselves: it is not a simple header, so the browser asks first.
  // The same origins as the GET it precedes (corsHeaders): a website listing its origins is asked only from them.
  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { website: string };
    corsHeaders(request, reply, await siteOf(app.db, await changeNumber(app.db), params.website));
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'If-None-Match, Accept-Language, X-Sitedesk-Preview')
      .header('access-control-max-age', '86400')
      .send();
  };
  app.options('/:website/:lang/:area', preflight);
  app.options('/:website/:lang/:area/:key', preflight);

  let openApi: { body: string; tag: string } | undefined;
  app.get('/openapi.json', async (request, reply) => {
    if (!openApi) {
      const body = JSON.stringify(openApiDocument(areas));
      openApi = { body, tag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
    }
    reply.header('etag', openApi.tag).header('cache-control', cacheControl).header('access-control-allow-origin', '*');
    if (matches(request.headers['if-none-match'], openApi.tag) || anyTag(request.headers['if-none-match'])) return reply.code(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(openApi.body);
  });

};
