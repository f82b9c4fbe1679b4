// Preview before approval (docs/api.md "Preview"):
//   - the preview addresses, an engine resource (shared/resources/website-preview.ts) with the rule a definition
//     cannot say: the address is a whole http(s) URL once its placeholders are filled;
//   - POST /api/Preview/{website} { area, id, lang } → { token, url, expiresAt }: for whoever may read that record
//     (the same checks as the record's own GET: staff of the website, the definition's rule, the role's reach);
//   - `previewAnswer`: what the delivery API answers when a request carries a token (./routes.ts).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ruleOf } from '../../shared/resources/access';
import { PREVIEW_AREAS, websitePreview } from '../../shared/resources/website-preview';
import { httpError } from '../errors';
import { M } from '../messages';
import { dynamic, enforce, gateOf, requireOperation, requireWebsite, serve, type ContentArea, type ContentContext, type PreviewVersion } from '../resources/index';
import { areas as registeredAreas } from './areas';
import { issueToken, previewKey, previewUrl, PREVIEW_TTL_MS, type PreviewClaim } from './preview-token';

type Row = Record<string, unknown>;


/** The template filled with sample values parses as an http(s) URL, and names no other placeholder. */
function checkTemplate(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  const placeholders = text.match(/\{[^}]*\}/g) ?? [];
  if (placeholders.some((p) => !['{seoLink}', '{id}', '{lang}'].includes(p))) throw httpError(400, M.previewTemplate, { field: 'template' });
  try {
    const url = new URL(text.replace(/\{seoLink\}/g, 'a').replace(/\{id\}/g, '1').replace(/\{lang\}/g, 'vi-VN'));
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) throw new Error('not http(s)');
  } catch {
    throw httpError(400, M.previewTemplate, { field: 'template' });
  }
  return text;
}

export const websitePreviewResource = serve(websitePreview, {
  async prepare(_ctx, _body, _current, values) {
    return { values: { ...values, template: checkTemplate(values.template) }, input: undefined };
  },
});

const previewable = (areas: ContentArea[]) => new Map(areas.filter((a) => a.preview).map((a) => [a.path, a]));

/** The website's active languages by id, and its default one. */
async function languagesOf(app: FastifyInstance, websiteId: number) {
  const rows = await app.db.selectFrom('website_languages').select(['languageId', 'isActive', 'isDefault']).where('websiteId', '=', websiteId).execute();
  return { active: rows.filter((r) => r.isActive).map((r) => r.languageId), defaultLang: rows.find((r) => r.isDefault)?.languageId };
}

export const previewRoutes: FastifyPluginAsync = async (app) => {
  const byPath = previewable([...registeredAreas, ...(app.moduleOptions.delivery?.extraAreas ?? [])]);

  app.post('/Preview/:website', async (request: FastifyRequest) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { website: string }).website);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as { area?: unknown; id?: unknown; lang?: unknown };
    const area = typeof body.area === 'string' ? byPath.get(body.area) : undefined;
    if (!area) throw httpError(400, M.previewArea(String(body.area ?? '')), { field: 'area' });
    const id = Number(body.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw httpError(400, M.previewId, { field: 'id' });
    const { active, defaultLang } = await languagesOf(app, websiteId);
    const lang = active.find((l) => typeof body.lang === 'string' && l.toLowerCase() === body.lang.toLowerCase());
    if (!lang) throw httpError(400, M.previewLanguage, { field: 'lang' });

    // Who may read the record may preview it: the checks of its GET (server/resources/routes.ts), in that order.
    const { engine } = app.resources;
    const def = engine.def(area.preview!.resource);
    const scope = { websiteId, keys: {} };
    const rule = ruleOf(def.access, 'read');
    enforce(request, rule);
    const reach = requireOperation(await gateOf(app.db, request, def, scope), 'read');
    if (reach === 'own') await engine.requireOwn(dynamic(app.db), def, scope, id, request.user.id);
    enforce(request, rule, await engine.readOrThrow(dynamic(app.db), def, scope, id));

    const template = await app.db.selectFrom('website_previews').select('template').where('websiteId', '=', websiteId).where('area', '=', area.path as (typeof PREVIEW_AREAS)[number]).executeTakeFirst();
    if (!template) throw httpError(400, M.previewNoAddress(area.path), { field: 'area' });
    const now = app.now();
    const ctx: ContentContext = { db: app.db, websiteId, lang, defaultLang: defaultLang ?? lang, now, query: {} };
    const version = await area.preview!.version(ctx, id);
    if (!version) throw httpError(400, M.previewNoText, { field: 'lang' });
    const expires = now.getTime() + PREVIEW_TTL_MS;
    const token = issueToken(await previewKey(app.db, now), { websiteId, area: area.path, recordId: id, lang, expires });
    return { token, url: previewUrl(template.template, { seoLink: version.key, id, lang }, token), expiresAt: new Date(expires).toISOString() };
  });
};

/**
 * The answer of `area` under a valid preview token (`claim`, already checked against the website and language): the
 * public answer, with the claimed record's saved version in place of its published one — in its detail (by its key
 * as saved, or by a key the public answer gives it) and in the list it would appear in (where the list's order puts
 * it on the asked page; left out when the list's filters would not show it). Any other record stays as published.
 */
export async function previewAnswer(area: ContentArea, ctx: ContentContext, key: string | undefined, claim: PreviewClaim): Promise<unknown | undefined> {
  const mine = area.preview && claim.area === area.path;
  const version = mine ? await area.preview!.version(ctx, claim.recordId) : undefined;
  if (key !== undefined) {
    const published = (await area.one!(ctx, key)) as Row | undefined;
    if (version && (key === version.key || published?.id === claim.recordId)) {
      // A tree's record read alone comes with its published children: the saved version keeps them.
      const children = area.preview!.tree && published?.id === claim.recordId ? published.children : undefined;
      return { data: children ? { ...version.detail, children } : version.detail };
    }
    return published === undefined ? undefined : { data: published };
  }
  const answer = await area.list(ctx);
  if (!mine || !Array.isArray(answer.data)) return answer;
  if (area.preview!.tree) {
    return { ...answer, data: withVersionInTree(area, answer.data as Row[], claim.recordId, version) };
  }
  return withVersion(area, ctx, answer as { data: Row[]; totalRows?: number }, claim.recordId, version);
}

/**
 * A tree area's list (each record's `children`) with the saved version of `recordId`: taken out of where it is
 * published, then put under its parent as saved (at the top without one), among its siblings where the list's order
 * puts it, with the published children it had. Under a parent the list does not show (unpublished), it shows nowhere,
 * as a published record there would not.
 */
function withVersionInTree(area: ContentArea, roots: Row[], recordId: number, version: PreviewVersion | undefined): Row[] {
  const data = structuredClone(roots);
  const childrenOf = (row: Row) => (Array.isArray(row.children) ? (row.children as Row[]) : []);
  let published: Row | undefined;
  const takeOut = (list: Row[]): boolean => {
    const at = list.findIndex((r) => r.id === recordId);
    if (at >= 0) {
      [published] = list.splice(at, 1);
      return true;
    }
    return list.some((r) => takeOut(childrenOf(r)));
  };
  const find = (list: Row[], id: number): Row | undefined => {
    for (const r of list) {
      const found = r.id === id ? r : find(childrenOf(r), id);
      if (found) return found;
    }
    return undefined;
  };
  takeOut(data);
  if (!version?.inList) return data;
  const item = { ...version.item, children: published ? childrenOf(published) : [] };
  const parent = version.parent ? find(data, version.parent) : undefined;
  const siblings = version.parent ? (parent ? childrenOf(parent) : undefined) : data;
  if (parent && !Array.isArray(parent.children)) parent.children = siblings;
  if (siblings) {
    const before = siblings.findIndex((r) => area.preview!.before(item, r));
    siblings.splice(before < 0 ? siblings.length : before, 0, item);
  }
  return data;
}

function withVersion(area: ContentArea, ctx: ContentContext, answer: { data: Row[]; totalRows?: number }, recordId: number, version: PreviewVersion | undefined) {
  const data = [...answer.data];
  let totalRows = answer.totalRows;
  const at = data.findIndex((r) => r.id === recordId);
  if (at >= 0) {
    // Published and listed: its saved version instead, or not at all when the list's filters would not show that.
    if (version?.inList) data[at] = version.item;
    else {
      data.splice(at, 1);
      if (totalRows !== undefined) totalRows--;
    }
  } else if (version?.inList) {
    // Not listed yet (a draft, pending, declined, scheduled): where the list's order puts it, on this page.
    const page = Number(ctx.query.page ?? 1) || 1;
    const before = data.findIndex((r) => area.preview!.before(version.item, r));
    const pageSize = Number(ctx.query.pageSize) || undefined;
    // A paged list's page is full when it holds the page size (asked, or the area's default: more rows than shown).
    const paged = totalRows !== undefined;
    const full = paged && (pageSize !== undefined ? data.length >= pageSize : page > 1 || totalRows! > data.length);
    if (before > 0 || (before === 0 && page === 1)) data.splice(before, 0, version.item);
    else if (before < 0 && !full) data.push(version.item);
    if (data.length > answer.data.length) {
      if (paged) totalRows!++;
      // A full page keeps its size: its last record moves on to the next page.
      if (full) data.pop();
    }
  }
  return totalRows === undefined ? { ...answer, data } : { ...answer, data, totalRows };
}
