// GET /api/Search/{website}?q=&limit=: the records the user may read in the website, across every definition with
// searchable text (./sources.ts), for the console's command palette. Each definition is searched as its list's keyword
// searches it (the engine's `foundQuery`: folded text, the phone form, the search index; all of them in one statement, ./statement.ts), under the same gates as its list:
// the definition's access rule, the user's role on the website (`none` finds nothing, `own` only their records) and
// the fields the role hides (a keyword matching only a hidden field finds nothing, and no hidden field is shown).
// Files are found by name as well (server/files/find.ts), as the file manager shows them to every signed-in user.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { check, ruleOf } from '../../shared/resources/access';
import { textIn } from '../../shared/resources/translations';
import { httpError } from '../errors';
import { queryInt } from '../http/query';
import { messageLang } from '../i18n';
import { M } from '../messages';
import { dynamic, gateOf, hiddenOf, hookContext, requireWebsite, type AnyQuery, type HookContext, type Scope } from '../resources/index';
import { searchFields } from '../resources/search';
import type { FieldDef } from '../../shared/resources/define';
import { runFound, standIn, VALUES } from './statement';
import { hasWebsiteId } from '../resources/schema';
import { CREATED_BY } from '../resources/permissions';
import { ranked, type Found } from './rank';
import { routeOf, searchSources, type SearchSource } from './sources';
import { fileManagerRoute, filesNamed } from '../files/find';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
/** Longer than any name or phone number staff type; a longer `q` is a 400, not a slow scan. */
const MAX_QUERY = 100;
/** How many records each definition offers for ranking, beyond the answer's limit: an exact title found late still ranks first. */
const CANDIDATES = (limit: number) => Math.min(MAX_LIMIT, limit * 2);
/**
 * SQLite: the matches of each definition's search index looked at, newest first (every website's, before the website
 * and the role's restriction): a common word's tens of thousands are not all read to keep forty. A record older than
 * that many newer matches of its area is found by a longer keyword.
 */
const NEWEST_MATCHES = 2000;

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
    const candidates = CANDIDATES(limit);
    // Files by name (the file catalogue, not a definition), read while the definitions are searched.
    const files = filesNamed(app, q, candidates);
    // Awaited at the end; a failure before then must not leave its refusal unhandled.
    files.catch(() => undefined);
    const plans = (await Promise.all(sources.map((source) => planOf(request, source, websiteId)))).filter((p): p is Plan => p !== undefined);
    // Where the role hides a searchable field, the keyword is matched against what it sees, record by record (the
    // engine's `keywordIdsWithout`, as its list does): those definitions are asked one by one; the rest in one statement.
    const apart = plans.filter((p) => p.hidesSearched);
    const together = plans.filter((p) => !p.hidesSearched);
    const ids = new Map<Plan, number[]>();
    const key = [request.user.id, websiteId, candidates, ...together.map((p) => `${p.source.def.name}:${p.reach}:${p.hidden.join(',')}`)].join('\u0000');
    const rows = await runFound(dynamic(app.db), key, q, () =>
      together.map((p) => ({ query: engine.foundQuery(p.ctx, p.source.def, p.scope, standIn(q), candidates, p.mine, NEWEST_MATCHES), values: p.direct ? p.shown.map((f) => f.name) : undefined })),
    );
    const found: Found[] = [];
    for (const row of rows) {
      const plan = together[row.source];
      // Its texts read with its id where they are columns of its table; else read below, as its list shapes them.
      if (plan.direct) found.push(resultOf(plan, row.id, row.values));
      else ids.set(plan, [...(ids.get(plan) ?? []), row.id]);
    }
    for (const p of apart) {
      p.ctx.keywordIds = await engine.keywordIdsWithout(p.ctx, p.source.def, p.scope, { keyword: q }, p.hidden, p.mine);
      const hits = (await engine.foundQuery(p.ctx, p.source.def, p.scope, q, candidates, p.mine).execute()) as { id: number }[];
      if (hits.length) ids.set(p, hits.map((r) => r.id));
    }
    for (const p of plans) if (ids.has(p)) found.push(...(await resultsOf(p, ids.get(p)!)));
    for (const file of await files) found.push({ resource: 'files', id: file.id, title: file.name, subtitle: file.folderPath, route: fileManagerRoute(file) });
    return { data: ranked(found, q, limit) };
  });

  /** How one definition is searched for this user: undefined where the user may not list it or sees none of its texts. */
  async function planOf(request: FastifyRequest, source: SearchSource, websiteId: number): Promise<Plan | undefined> {
    const { def } = source;
    if (!check(ruleOf(def.access, 'list'), { ...request.user, canReview: true }).allowed) return undefined;
    const scope: Scope = { websiteId: hasWebsiteId(def) ? websiteId : undefined, keys: {} };
    const gate = await gateOf(app.db, request, def, scope);
    const reach = gate ? gate.grant.list : 'all';
    if (reach === 'none') return undefined;
    const hidden = hiddenOf(gate);
    const shown = source.shown.filter((f) => !hidden.includes(f.name)).slice(0, VALUES);
    if (!shown.length) return undefined;
    const mine = reach === 'own' ? (qb: AnyQuery) => qb.where(CREATED_BY, '=', request.user.id) : undefined;
    // `lang`: the language a list shaped per language (news, diseases) is read in: the interface's.
    const language = messageLang(request) === 'en' ? 'en-US' : 'vi-VN';
    const ctx = hookContext(app, request, scope, { website: String(websiteId), lang: language });
    const hidesSearched = searchFields(def).some((f) => hidden.includes(f.name));
    const table = (await columnsOf()).get(def.table);
    const direct = shown.every((f) => table?.has(f.name));
    return { source, scope, reach, hidden, shown, mine, ctx, language, hidesSearched, direct };
  }

  /** The records found of one definition as the list shows them (its module's shaping: a news' title is in its translations), as results. */
  async function resultsOf(p: Plan, ids: number[]): Promise<Found[]> {
    const { def } = p.source;
    const rows = new Map((await engine.all(p.ctx, def, p.scope, {}, (qb) => (p.mine ? p.mine(qb) : qb).where(`${def.table}.id`, 'in', ids))).map((row) => [row.id as number, row]));
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [resultOf(p, id, p.shown.map((f) => row[f.name]))] : [];
    });
  }

  /** A result from the record's shown texts (title first), in the plan's language. */
  function resultOf(p: Plan, id: number, values: unknown[]): Found {
    const [title, ...rest] = values.map((value) => textIn(value, p.language).replace(/\s+/g, ' ').trim());
    const subtitle = rest.filter(Boolean).slice(0, 2).join(' · ');
    return { resource: p.source.def.name, id, title: title || `#${id}`, subtitle, route: routeOf(p.source, id) };
  }

  /** The columns of every table, read once (the definitions' tables are complete once the app has started). */
  let columns: Promise<Map<string, Set<string>>> | undefined;
  function columnsOf(): Promise<Map<string, Set<string>>> {
    columns ??= dynamic(app.db)
      .introspection.getTables()
      .then((tables) => new Map(tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))])));
    return columns;
  }
};

interface Plan {
  source: SearchSource;
  scope: Scope;
  reach: 'own' | 'all';
  hidden: string[];
  shown: FieldDef[];
  mine?: (q: AnyQuery) => AnyQuery;
  ctx: HookContext;
  language: string;
  /** The role hides a field the keyword would be matched in. */
  hidesSearched: boolean;
  /** Its shown texts are columns of its table (read with its ids): no second read to shape them. */
  direct: boolean;
}
