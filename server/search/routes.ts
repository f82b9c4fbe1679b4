// GET /api/Search/{website}?q=&limit=: the records the user may read in the website, across every definition with
// searchable text (./sources.ts), for the console's command palette. Each definition is searched as its list's keyword
// searches it (the engine's `found`: folded text, the phone form, the search index), under the same gates as its list:
// the definition's access rule, the user's role on the website (`none` finds nothing, `own` only their records) and
// the fields the role hides (a keyword matching only a hidden field finds nothing, and no hidden field is shown).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { check, ruleOf } from '../../shared/resources/access';
import { textIn } from '../../shared/resources/translations';
import { httpError } from '../errors';
import { queryInt } from '../http/query';
import { messageLang } from '../i18n';
import { M } from '../messages';
import { gateOf, hiddenOf, hookContext, requireWebsite, type AnyQuery, type Scope } from '../resources/index';
import { hasWebsiteId } from '../resources/schema';
import { CREATED_BY } from '../resources/permissions';
import { ranked, type Found } from './rank';
import { routeOf, searchSources, type SearchSource } from './sources';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
/** Longer than any name or phone number staff type; a longer `q` is a 400, not a slow scan. */
const MAX_QUERY = 100;
/** How many records each definition offers for ranking, beyond the answer's limit: an exact title found late still ranks first. */
const CANDIDATES = (limit: number) => Math.min(MAX_LIMIT, limit * 2);

export const searchRoutes: FastifyPluginAsync = async (app) => {
  const { engine, defs } = app.resources;
  const sources = searchSources(defs);

  app.get('/Search/:website', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { website: string }).website);
    const query = request.query as Record<string, unknown>;
    if (query.q !== undefined && typeof query.q !== 'string') throw httpError(400, M.badQuery('q'), { field: 'q' });
    const q = typeof query.q === 'string' ? query.q.trim() : '';
    if (q.length > MAX_QUERY) throw httpError(400, M.badQuery('q'), { field: 'q' });
    const limit = queryInt(query.limit, 'limit', 1, MAX_LIMIT) ?? DEFAULT_LIMIT;
    if (!q) return { data: [] };
    const found: Found[] = [];
    for (const source of sources) found.push(...(await searchOne(request, source, websiteId, q, CANDIDATES(limit))));
    return { data: ranked(found, q, limit) };
  });

  /** The records of one definition the keyword finds for this user, as results (none where the user may not list it). */
  async function searchOne(request: FastifyRequest, source: SearchSource, websiteId: number, q: string, candidates: number): Promise<Found[]> {
    const { def } = source;
    if (!check(ruleOf(def.access, 'list'), { ...request.user, canReview: true }).allowed) return [];
    const scope: Scope = { websiteId: hasWebsiteId(def) ? websiteId : undefined, keys: {} };
    const gate = await gateOf(app.db, request, def, scope);
    const reach = gate ? gate.grant.list : 'all';
    if (reach === 'none') return [];
    const hidden = hiddenOf(gate);
    const shown = source.shown.filter((f) => !hidden.includes(f.name));
    if (!shown.length) return [];
    const mine = reach === 'own' ? (qb: AnyQuery) => qb.where(CREATED_BY, '=', request.user.id) : undefined;
    // `lang`: the language a list shaped per language (news, diseases) is read in: the interface's.
    const language = messageLang(request) === 'en' ? 'en-US' : 'vi-VN';
    const ctx = hookContext(app, request, scope, { website: String(websiteId), lang: language });
    if (hidden.length) ctx.keywordIds = await engine.keywordIdsWithout(ctx, def, scope, { keyword: q }, hidden, mine);
    // The ids first (one indexed statement, mostly finding nothing), then those records as the list shows them (its
    // module's shaping: a news' title is in its translations, a disease's in its own), in the interface's language.
    const ids = (await engine.found(ctx, def, scope, q, candidates, mine)).map((row) => row.id as number);
    if (!ids.length) return [];
    const rows = new Map((await engine.all(ctx, def, scope, {}, (qb) => (mine ? mine(qb) : qb).where(`${def.table}.id`, 'in', ids))).map((row) => [row.id as number, row]));
    const text = (value: unknown) => textIn(value, language).replace(/\s+/g, ' ').trim();
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      const [title, ...rest] = shown.map((f) => text(row[f.name]));
      const subtitle = rest.filter(Boolean).slice(0, 2).join(' · ');
      return [{ resource: def.name, id, title: title || `#${id}`, subtitle, route: routeOf(source, id) }];
    });
  }
};
