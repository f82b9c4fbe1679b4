// History and audit (docs/api.md "History and audit"):
//   GET /api/History/{website}/{resource}/{id}?page&pageSize   one record's entries, newest first (staff of the website)
//   GET /api/Audit?userId&website&resource&operation&from&to&page&pageSize   every entry, newest first, each with its
//     record's title and screen (administrators)
// and, at start, the listener that writes the entries (./entries.ts) in every committed write's transaction.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ADMINS, ruleOf } from '../../shared/resources/access';
import type { ResourceDef } from '../../shared/resources/define';
import { isIsoDay, isIsoDayOrTime } from '../../shared/input';
import { httpError } from '../errors';
import { paging, queryInt } from '../http/query';
import { M } from '../messages';
import { dynamic, enforce, gateOf, hiddenOf, parseId, recordKey, requireOperation, requireWebsite, type AnyQuery } from '../resources/index';
import { sql, type Kysely } from 'kysely';
import { HISTORY_TABLE, historyListener } from './entries';
import { withRecords } from './audit-records';
import { messageLang } from '../i18n';
import { Opener } from '../privacy/index';
import { isAdmin } from '../../shared/roles';

/** The entries of a person's data read (server/resources/personal-reads.ts): administrators' only. */
const READ_OPERATIONS = ['view', 'export'];

/** The audit's operations of the sign-in records. */
const SIGN_IN_OPERATIONS = new Set(['signIn', 'signInFailed']);

/** The first segment of an API path template ('PUT News/{website}/{id}' → 'News'). */
function segmentOf(template: string | undefined): string | undefined {
  if (!template) return undefined;
  const path = template.replace(/^[A-Z]+\s+/, '').replace(/^[a-z]+:/, '');
  return path.split(/[/?]/)[0] || undefined;
}

/**
 * `{resource}` of the History path → the definition's name: the first segment of its API paths (`News`, `Banners`,
 * `FAQs` and `Faqs`), case-insensitive, the top-level resource first (`Banners` is the banner, not its item); a
 * definition's own name too (`bannerItem`, `career`), and any other name as it is (a hand-written writer's: `folder`).
 */
export function resourceNames(defs: Record<string, ResourceDef>): (segment: string) => string {
  const map = new Map<string, string>();
  const ordered = Object.values(defs).sort((a, b) => Number(!!a.parent && a.parent.resource !== 'website') - Number(!!b.parent && b.parent.resource !== 'website'));
  for (const def of ordered) {
    const api = def.api;
    for (const t of [api.get, api.update, api.remove, api.list?.path, api.create]) {
      const s = segmentOf(t)?.toLowerCase();
      if (s && !map.has(s)) map.set(s, def.name);
    }
  }
  for (const def of Object.values(defs)) map.set(def.name.toLowerCase(), def.name);
  return (segment) => map.get(segment.toLowerCase()) ?? segment;
}

interface EntryRow {
  id: number;
  time: string;
  websiteId: number | null;
  resource: string;
  recordId: string;
  operation: string;
  actorKind: string;
  actorId: number | null;
  actorName: string | null;
  clientAddress: string | null;
  changes: string;
}

const COLUMNS = ['id', 'time', 'websiteId', 'resource', 'recordId', 'operation', 'actorKind', 'actorId', 'actorName', 'clientAddress', 'changes'] as const;

/** An entry on the wire: who (a user, the public intake, an integration key, the system), what, when, the changes. */
const wire = (r: EntryRow) => ({
  id: r.id,
  time: r.time,
  websiteId: r.websiteId,
  resource: r.resource,
  recordId: r.recordId,
  actor: { id: r.actorId, fullName: r.actorName, kind: r.actorKind, clientAddress: r.clientAddress },
  operation: r.operation,
  changes: JSON.parse(r.changes) as unknown[],
});

type WireEntry = ReturnType<typeof wire>;

/**
 * The entries as their reader reads them (server/privacy): personal values opened (ERASED where the record was
 * erased), the client address opened for an administrator only (others get null; a forgotten month: null).
 */
async function opened(db: Kysely<any>, request: FastifyRequest, entries: WireEntry[]): Promise<WireEntry[]> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const opener = new Opener(db);
  const admin = isAdmin(request.user);
  return Promise.all(
    entries.map(async (e) => ({
      ...e,
      actor: { ...e.actor, clientAddress: admin ? await opener.address(e.actor.clientAddress) : null },
      changes: await opener.changes(e.resource, e.recordId, e.changes as never),
    })),
  );
}

/** A definition whose records carry no website (the organisation's team, a global lookup). */
const ofNoWebsiteDef = (def: ResourceDef) => def.scope !== 'website' && def.name !== 'website' && def.parent?.resource !== 'website';

export const historyRoutes: FastifyPluginAsync = async (app) => {
  const { engine, defs } = app.resources;
  if (!app.moduleOptions.history?.benchOff) {
    const stopListening = app.writes.listen(historyListener(engine, defs, () => app.now()));
    app.addHook('onClose', async () => stopListening());
  }
  const nameOf = resourceNames(defs);
  const db = app.db;

  /**
   * `{ data, totalRows }` of the entries `where` selects, newest first. `byTime`: a time range's, by time then id (read
   * from history_entries_time backwards; by id alone PostgreSQL reads every later entry, migration 0023).
   */
  async function pageOf(request: FastifyRequest, where: (q: AnyQuery) => AnyQuery, byTime = false) {
    const { pageSize, offset } = paging(request.query as Record<string, unknown>, 20, 1000);
    const page = where(db.selectFrom(HISTORY_TABLE)).select([...COLUMNS]);
    const [rows, total] = await Promise.all([
      (byTime ? page.orderBy('time', 'desc') : page).orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      where(db.selectFrom(HISTORY_TABLE)).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { data: await opened(db, request, (rows as EntryRow[]).map(wire)), totalRows: Number((total as { count: unknown }).count) };
  }

  /**
   * The audit's page over both the history's entries and the sign-in records, newest first (by time, then id): one
   * UNION ALL, each side read from its (time, id) index. A sign-in record's id is answered negative (another table's
   * ids: never one a restore could take).
   */
  async function auditWithSignIns(request: FastifyRequest, historyWhere: (q: AnyQuery) => AnyQuery, signInWhere: (q: AnyQuery) => AnyQuery) {
    const { pageSize, offset } = paging(request.query as Record<string, unknown>, 20, 1000);
    const any = db as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const entries = historyWhere(any.selectFrom(HISTORY_TABLE)).select([...COLUMNS]);
    const signInRows = signInWhere(any.selectFrom('sign_ins as s').leftJoin('users as u', 'u.id', 's.userId')).select([
      sql<number>`-s.id`.as('id'),
      's.time as time',
      sql<null>`null`.as('websiteId'),
      sql<string>`'user'`.as('resource'),
      sql<string>`case when s.outcome = 'success' then cast(s."userId" as text) else lower(s."userName") end`.as('recordId'),
      sql<string>`case when s.outcome = 'success' then 'signIn' else 'signInFailed' end`.as('operation'),
      sql<string>`case when s.outcome = 'success' then 'user' else 'public' end`.as('actorKind'),
      sql<number | null>`case when s.outcome = 'success' then s."userId" else null end`.as('actorId'),
      sql<string>`case when s.outcome = 'success' then coalesce(nullif(u."fullName", ''), u."userName", s."userName") else s."userName" end`.as('actorName'),
      's.clientAddress as clientAddress',
      sql<string>`case when s.outcome = 'success' then '[]' else '[{"field":"reason","language":null,"before":null,"after":"' || s.outcome || '"}]' end`.as('changes'),
    ]);
    const [rows, entryCount, signInCount] = await Promise.all([
      entries.unionAll(signInRows).orderBy('time', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      historyWhere(any.selectFrom(HISTORY_TABLE)).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
      signInWhere(any.selectFrom('sign_ins as s')).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    ]);
    return { data: await opened(db, request, (rows as EntryRow[]).map(wire)), totalRows: Number(entryCount.count) + Number(signInCount.count) };
  }

  app.get('/History/:website/:resource/:id', async (request) => {
    const params = request.params as { website: string; resource: string; id: string };
    const websiteId = await requireWebsite(app.db, request, params.website);
    const resource = nameOf(params.resource);
    const def = defs[resource];
    // Who may read the record may read its history (a team member's: an administrator), as the role lets them read
    // it (server/resources/permissions.ts): no `read`, 403; `own`, only their records' (another's: 404); the fields it
    // hides are left out of the changes.
    if (def) enforce(request, ruleOf(def.access, 'read'));
    const recordId = params.id.trim();
    if (!recordId || recordId.length > 200) throw httpError(400, M.badId('id'), { field: 'id' });
    const gate = def ? await gateOf(app.db, request, def, { websiteId, keys: {} }) : undefined;
    const reach = requireOperation(gate, 'read');
    const hidden = hiddenOf(gate);
    // A child's entries (a banner's item) follow its own creator too; its parent keys are not in this path, so only a
    // record of the website's own lists is looked up here (a deleted one: not found, nobody's own any more).
    if (reach === 'own' && def) {
      const key = recordKey(def, recordId);
      if (key === undefined || (def.parent && def.parent.resource !== 'website')) throw httpError(404, M.recordNotFound);
      await engine.requireOwn(dynamic(app.db), def, { websiteId: ofNoWebsiteDef(def) ? undefined : websiteId, keys: {} }, key, request.user.id);
    }
    // A record of no website (the organisation's: a team member; a global lookup) has entries of no website: asked
    // through any website its reader is staff of. A website's own record and its children carry the website.
    const ofNoWebsite = def && ofNoWebsiteDef(def);
    // Who read a person's data (`view`, `export` entries, issue 40) is the administrators' to see: others never get them.
    const readers = request.user.role === 'admin';
    const entries = await pageOf(request, (q) => {
      q = (ofNoWebsite ? q.where('websiteId', 'is', null) : q.where('websiteId', '=', websiteId)).where('resource', '=', resource).where('recordId', '=', recordId);
      return readers ? q : q.where('operation', 'not in', READ_OPERATIONS);
    });
    if (!hidden.length) return entries;
    return { ...entries, data: entries.data.map((e) => ({ ...e, changes: e.changes.filter((c) => !hidden.includes((c as { field?: string }).field ?? '')) })) };
  });

  app.get('/Audit', async (request) => {
    enforce(request, ADMINS);
    const query = request.query as Record<string, unknown>;
    const userId = queryInt(query.userId, 'userId', 1, 2_147_483_647);
    const websiteId = query.website === undefined || query.website === '' ? undefined : parseId(query.website, 'website');
    const text = (name: string) => {
      const v = query[name];
      if (v === undefined || v === '') return undefined;
      if (typeof v !== 'string' || v.length > 200) throw httpError(400, M.badQuery(name), { field: name });
      return v;
    };
    const resource = text('resource');
    const operation = text('operation');
    const day = (name: 'from' | 'to') => {
      const v = text(name);
      if (v !== undefined && !isIsoDayOrTime(v)) throw httpError(400, M.badQuery(name), { field: name });
      return v;
    };
    const from = day('from');
    const to = day('to');
    const resourceName = resource === undefined ? undefined : nameOf(resource);
    const historyWhere = (q: AnyQuery) => {
      // A user's id (an integration key's id is another number space).
      if (userId !== undefined) q = q.where('actorId', '=', userId).where('actorKind', '=', 'user');
      if (websiteId !== undefined) q = q.where('websiteId', '=', websiteId);
      if (resourceName !== undefined) q = q.where('resource', '=', resourceName);
      if (operation !== undefined) q = q.where('operation', '=', operation);
      return timeRange(q);
    };
    const timeRange = (q: AnyQuery) => {
      if (from !== undefined) q = q.where('time', '>=', isIsoDay(from) ? from : new Date(from).toISOString());
      // A day as the end means the whole day: everything before the next one.
      if (to !== undefined) q = q.where('time', isIsoDay(to) ? '<' : '<=', isIsoDay(to) ? new Date(Date.parse(to) + 86_400_000).toISOString().slice(0, 10) : new Date(to).toISOString());
      return q;
    };
    // The sign-in records (server/auth/sign-ins.ts, their own table since issue 39) are in the audit as entries of the
    // account ('user'), of no website: `signIn`, or `signInFailed` with why. When the filters can match them.
    const signIns = websiteId === undefined && (resourceName === undefined || resourceName === 'user') && (operation === undefined || SIGN_IN_OPERATIONS.has(operation));
    const page = !signIns
      ? await pageOf(request, historyWhere, from !== undefined || to !== undefined)
      : await auditWithSignIns(request, historyWhere, (q) => {
          if (userId !== undefined) q = q.where('s.userId', '=', userId);
          if (operation === 'signIn') q = q.where('s.outcome', '=', 'success');
          if (operation === 'signInFailed') q = q.where('s.outcome', '<>', 'success');
          return timeRange(q);
        });
    // Each record by its title, in the interface language, and the screen that shows it (./audit-records.ts).
    return { ...page, data: await withRecords(app.db, defs, page.data, messageLang(request) === 'en' ? 'en-US' : 'vi-VN') };
  });
};

