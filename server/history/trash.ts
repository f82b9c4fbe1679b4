// The trash (docs/api.md "History and audit"): what was deleted comes back under its old id.
//   GET  /api/Trash/{website}?resource&page&pageSize   the website's deleted records (and the organisation's folders
//                                                      and files), newest first; staff, with the resource's read rule
//   POST /api/Trash/restore/{website}/{entryId}        the record back with its translations and children
//   GET  /api/Trash/settings  /  PUT /api/Trash/settings   { retentionDays } (staff read; administrators set, 1..3650;
//                                                      a change is an audit entry, a shorter one purges at once)
//   GET  /api/Trash/settings/purge?retentionDays=N     what that retention would purge now, per area (administrators)
// A delete's history entry keeps the record (wire form) and its children's stored rows; entries are append-only, so
// what is still in the trash is a row of its own table (`trash`, migration 0020), written by a write listener in the
// delete's transaction, removed in the restore's, and purged after the retention period (at start and hourly).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ExpressionBuilder } from 'kysely';
import { ADMINS, check, ruleOf } from '../../shared/resources/access';
import type { ResourceDef } from '../../shared/resources/define';
import { iso } from '../db/dialect';
import { every } from '../db/periodic';
import type { Db } from '../db/schema';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { paging } from '../http/query';
import { M } from '../messages';
import { dynamic, enforce, gateOf, operationContext, requireOperation, parseId, recordKey, requireWebsite, websiteLanguages, type AnyQuery, type HookContext, type Scope, type WriteListener } from '../resources/index';
import { hasWebsiteId } from '../resources/schema';
import { HISTORY_TABLE } from './entries';
import { resourceNames } from './routes';
import { titleAndField } from './titles';
import { keepDeletedFiles, removeKeptFiles, restoreDeleted } from '../files/trash';
import { forgetRecords, Opener, openState, sealTitle } from '../privacy/index';

declare module '../db/schema' {
  interface Database {
    trash: TrashTable;
    trash_settings: { id: number; retentionDays: number };
  }
}

export interface TrashTable {
  entryId: number;
  websiteId: number | null;
  resource: string;
  recordId: string;
  title: string;
  time: string;
  actorKind: string;
  actorId: number | null;
  actorName: string | null;
  keptFiles: string | null;
}

export const DEFAULT_RETENTION_DAYS = 90;

/** Hand-written deletes the trash can give back: the file manager's (organisation records, as team collaborators). */
const ORGANISATION_RESOURCES: ReadonlySet<string> = new Set(['folder', 'file']);
const HOUR = 3_600_000;
const MASKED = '••••••';

type Row = Record<string, unknown>;

/**
 * Whether a delete of `resource` goes to the trash: an engine definition (not a singleton; a website comes back with
 * its languages and staff, not its content), a folder or a file.
 */
function restorable(defs: Record<string, ResourceDef>, resource: string): boolean {
  if (ORGANISATION_RESOURCES.has(resource)) return true;
  const def = defs[resource];
  return !!def && !def.singleton;
}

/**
 * The write listener (registered after the history's, so the delete's entry is written): one trash row per deleted
 * record, in the delete's transaction, keyed by that entry.
 */
export function trashListener(defs: Record<string, ResourceDef>): WriteListener {
  return async (db, event) => {
    if (event.operation !== 'delete' || !restorable(defs, event.resource)) return;
    const websiteId = event.websiteId ?? null;
    // A deleted website is in no website's trash but in every one's (its own is gone): as an organisation's record.
    const trashOf = event.resource === 'website' ? null : websiteId;
    for (const id of event.ids) {
      const recordId = String(id);
      let q = db.selectFrom(HISTORY_TABLE).select(['id', 'time', 'actorKind', 'actorId', 'actorName']).where('resource', '=', event.resource).where('recordId', '=', recordId).where('operation', '=', 'delete');
      q = websiteId === null ? q.where('websiteId', 'is', null) : q.where('websiteId', '=', websiteId);
      const entry = (await q.orderBy('id', 'desc').limit(1).executeTakeFirst()) as { id: number; time: string; actorKind: string; actorId: number | null; actorName: string | null } | undefined;
      // The history listener writes the entry first (server/history/manifest.ts registers it first).
      if (!entry) throw new Error(`trash: no history entry for the delete of ${event.resource} ${recordId}`);
      const language = trashOf === null ? '' : ((await websiteLanguages(db, trashOf))[0]?.languageId ?? '');
      const before = event.ids.length === 1 ? event.before : undefined;
      const def = defs[event.resource];
      const made = titleAndField(def, before, language, recordId);
      await db
        .insertInto('trash')
        .values({
          entryId: entry.id,
          websiteId: trashOf,
          resource: event.resource,
          recordId,
          title: await sealTitle(db, def, recordId, made.title, made.field, new Date(entry.time)),
          time: entry.time,
          actorKind: entry.actorKind,
          actorId: entry.actorId,
          actorName: entry.actorName,
          // A file's bytes (a folder's files' too) stay on disk until the purge (server/files/trash.ts).
          keptFiles: keptFilesOf(event.resource, before, event.children),
        })
        .execute();
    }
  };
}

/** The stored names of the files a delete took: a file's own, a folder's files' (their stored rows). */
function keptFilesOf(resource: string, before: Row | undefined, children: Record<string, Row[]> | undefined): string | null {
  const names = resource === 'file' ? [before?.storedName] : resource === 'folder' ? (children?.file ?? []).map((f) => f.storedName) : [];
  const kept = names.filter((n): n is string => typeof n === 'string' && !!n);
  return kept.length ? JSON.stringify(kept) : null;
}

export async function retentionDays(db: Db): Promise<number> {
  const row = (await db.selectFrom('trash_settings').select('retentionDays').where('id', '=', 1).executeTakeFirst()) as { retentionDays: number } | undefined;
  return row ? Number(row.retentionDays) : DEFAULT_RETENTION_DAYS;
}

/**
 * Removes from the trash what was deleted longer ago than the retention period, with the kept bytes of deleted files.
 * The history's entries stay (append-only), their personal values forgotten: the purged records' keys are destroyed
 * (server/privacy), as an erase would. Answers how many records left the trash.
 */
export async function purgeTrash(app: FastifyInstance): Promise<number> {
  const db = app.db;
  const days = await retentionDays(db);
  const before = iso(app.now().getTime() - days * 86_400_000);
  const old = (await db.selectFrom('trash').select(['entryId', 'keptFiles', 'resource', 'recordId']).where('time', '<', before).execute()) as { entryId: number; keptFiles: string | null; resource: string; recordId: string }[];
  if (!old.length) return 0;
  // The rows first: a crash in between leaves bytes nothing points to (what the files' sweep removes), never a row
  // that would restore a file without its bytes.
  for (let i = 0; i < old.length; i += 500) {
    const slice = old.slice(i, i + 500);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('trash').where('entryId', 'in', slice.map((r) => r.entryId)).execute();
      await forgetRecords(trx, slice);
    });
  }
  await removeKeptFiles(app, old.flatMap((r) => (r.keptFiles ? (JSON.parse(r.keptFiles) as string[]) : [])));
  return old.length;
}

type TrashRow = TrashTable;

/** A website's trash: its records, and those of no website (folders, files, collaborators…: in every website's). */
const ofWebsite =
  (websiteId: number) =>
  (eb: ExpressionBuilder<any, any>) => // eslint-disable-line @typescript-eslint/no-explicit-any
    eb.or([eb('websiteId', '=', websiteId), eb('websiteId', 'is', null)]);

const wire = (r: TrashRow) => ({
  id: r.entryId,
  resource: r.resource,
  recordId: r.recordId,
  title: r.title,
  time: r.time,
  websiteId: r.websiteId,
  actor: { id: r.actorId, fullName: r.actorName, kind: r.actorKind },
});

/** The keys of a child record's ancestors (`{ bannerId: 4 }`, a grandchild's grandparent too), from its stored values. */
async function scopeOf(db: Db, defs: Record<string, ResourceDef>, def: ResourceDef, websiteId: number, record: Row): Promise<Scope> {
  const scope: Scope = { websiteId: hasWebsiteId(def) ? websiteId : undefined, keys: {} };
  let values: Row | undefined = record;
  for (let d = def; d.parent && d.parent.resource !== 'website'; d = defs[d.parent.resource]) {
    const key = d.parent.keyField;
    const parentId: number = Number(values?.[key]);
    const parent = defs[d.parent.resource];
    // A parent of any definition: its table is named at run time.
    values = Number.isInteger(parentId) ? ((await dynamic(db).selectFrom(parent.table).selectAll().where('id', '=', parentId).executeTakeFirst()) as Row | undefined) : undefined;
    // What it belonged to is gone (deleted since): restore that first.
    if (!values || (hasWebsiteId(parent) && values.websiteId !== websiteId)) throw httpError(409, M.trashParentGone, { field: key });
    scope.keys[key] = parentId;
  }
  return scope;
}

export const trashRoutes: FastifyPluginAsync = async (app) => {
  const { engine, defs } = app.resources;
  // Without the history (the save-cost bench's baseline) there is no delete entry to key a trash row by.
  const stopListening = app.moduleOptions.history?.benchOff ? () => {} : app.writes.listen(trashListener(defs));
  // A deleted file's bytes wait for the purge.
  keepDeletedFiles(app);
  const nameOf = resourceNames(defs);
  const db = app.db;

  // The purge at start and hourly, on one instance at a time; the clock is the app's (tests move it).
  every(app, 'trash-purge', HOUR, () => purgeTrash(app));
  app.addHook('onClose', async () => stopListening());

  app.get('/Trash/settings', async () => ({ retentionDays: await retentionDays(db) }));

  /** A retention sent by an administrator, else 400 with the message naming the field (0 is refused, never made 1). */
  const retentionOf = (value: unknown): number => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 3650) throw httpError(400, M.retentionDays, { field: 'retentionDays' });
    return value;
  };

  /**
   * What a retention of `days` would purge now, per area (counts, not titles: a title may be sealed personal data):
   * what the console's confirmation names before a shorter retention is saved.
   */
  const purgedBy = async (days: number) => {
    const before = iso(app.now().getTime() - days * 86_400_000);
    const rows = await db.selectFrom('trash').select(['resource', db.fn.countAll<number | string>().as('count')]).where('time', '<', before).groupBy('resource').orderBy('resource').execute();
    const areas = rows.map((r) => ({ resource: r.resource, count: Number(r.count) }));
    return { total: areas.reduce((sum, a) => sum + a.count, 0), areas };
  };

  // GET /api/Trash/settings/purge?retentionDays=N → { retentionDays, total, areas: [{ resource, count }] } (administrators).
  app.get('/Trash/settings/purge', async (request) => {
    enforce(request, ADMINS);
    const sent = (request.query as Row).retentionDays;
    const days = retentionOf(typeof sent === 'string' && /^\d{1,5}$/.test(sent) ? Number(sent) : sent);
    return { retentionDays: days, ...(await purgedBy(days)) };
  });

  app.put('/Trash/settings', async (request) => {
    enforce(request, ADMINS);
    const value = retentionOf((request.body as Row | undefined)?.retentionDays);
    // The change is an audit entry (resource `trashRetention`), in the transaction that writes it.
    const changed = await app.resources.engine.own(operationContext(app, request), 'trashRetention', async (trx) => {
      const was = await retentionDays(trx as unknown as Db);
      if (was === value) return { result: false };
      await (trx as unknown as Db)
        .insertInto('trash_settings')
        .values({ id: 1, retentionDays: value })
        .onConflict((oc) => oc.column('id').doUpdateSet({ retentionDays: value }))
        .execute();
      return { result: value < was, written: { websiteId: undefined, ids: [1], operation: 'update', before: { retentionDays: was }, values: { retentionDays: value }, after: { retentionDays: value } } };
    });
    // Shorter: what the confirmation named goes now, not at the next hourly run.
    if (changed) await purgeTrash(app);
    return { retentionDays: value };
  });

  /** Whether the user may see `resource` in the trash (its read rule; folders and files: every member). */
  const readable = (request: FastifyRequest, resource: string) => check(ruleOf(defs[resource]?.access, 'read'), request.user).allowed;

  /**
   * What the user's role on the website lets them see of `resource` in the trash (server/resources/permissions.ts):
   * nothing without `read: all` (a deleted record is nobody's own any more); with fields hidden, the records without
   * their titles (a title is one of their text fields).
   */
  const roleSees = async (request: FastifyRequest, websiteId: number, resource: string): Promise<'none' | 'all' | 'untitled'> => {
    const def = defs[resource];
    if (!def) return 'all';
    const gate = await gateOf(app.db, request, def, { websiteId: hasWebsiteId(def) ? websiteId : undefined, keys: {} });
    if (!gate) return 'all';
    if (gate.grant.read !== 'all' || gate.grant.list !== 'all') return 'none';
    return gate.grant.hiddenFields.length ? 'untitled' : 'all';
  };

  app.get('/Trash/:website', async (request) => {
    const { website } = request.params as { website: string };
    const websiteId = await requireWebsite(app.db, request, website);
    const query = request.query as Record<string, unknown>;
    const { pageSize, offset } = paging(query, 20, 1000);
    const filter = typeof query.resource === 'string' && query.resource ? nameOf(query.resource) : undefined;
    const resources = (await db.selectFrom('trash').select('resource').distinct().execute()).map((r) => (r as { resource: string }).resource);
    const sees = new Map<string, 'none' | 'all' | 'untitled'>();
    for (const r of resources) sees.set(r, await roleSees(request, websiteId, r));
    const shown = resources.filter((r) => (filter === undefined || r === filter) && readable(request, r) && sees.get(r) !== 'none');
    if (!shown.length) return { data: [], totalRows: 0 };
    const where = (q: AnyQuery): AnyQuery => q.where('resource', 'in', shown).where(ofWebsite(websiteId));
    const [rows, total] = await Promise.all([
      where(db.selectFrom('trash').selectAll()).orderBy('entryId', 'desc').limit(pageSize).offset(offset).execute(),
      where(db.selectFrom('trash').select((eb) => eb.fn.countAll<number>().as('count'))).executeTakeFirstOrThrow(),
    ]);
    // A title made of a personal field is opened (`#id` once the record was erased).
    const opener = new Opener(db);
    const data = await Promise.all(
      (rows as TrashRow[]).map(wire).map(async (r) => (sees.get(r.resource) === 'untitled' ? { ...r, title: `#${r.recordId}` } : { ...r, title: await opener.title(r.resource, r.recordId, r.title) })),
    );
    return { data, totalRows: Number((total as { count: unknown }).count) };
  });

  app.post('/Trash/restore/:website/:entryId', async (request) => {
    const params = request.params as { website: string; entryId: string };
    const websiteId = await requireWebsite(app.db, request, params.website);
    const entryId = parseId(params.entryId, 'entryId');
    const row = (await db.selectFrom('trash').selectAll().where('entryId', '=', entryId).where(ofWebsite(websiteId)).executeTakeFirst()) as TrashRow | undefined;
    if (!row) throw httpError(404, M.notInTrash);
    const def = defs[row.resource];
    // Putting it back is creating it: the resource's create rule.
    enforce(request, ruleOf(def?.access, 'create'));
    // And the role's: creating it again, and seeing it in the trash at all.
    if (def) {
      requireOperation(await gateOf(app.db, request, def, { websiteId: hasWebsiteId(def) ? websiteId : undefined, keys: {} }), 'create');
      if ((await roleSees(request, websiteId, row.resource)) === 'none') throw httpError(404, M.notInTrash);
    }
    const entry = (await db.selectFrom(HISTORY_TABLE).select('state').where('id', '=', entryId).executeTakeFirst()) as { state: string | null } | undefined;
    // Its personal values opened: ERASED (null) where the record was erased since, never the values it had.
    const state = entry?.state ? ((await openState(db, defs, row.resource, row.recordId, JSON.parse(entry.state))) as { record?: Row | null; children?: Record<string, Row[]> }) : undefined;
    if (!state?.record) throw httpError(404, M.notInTrash);
    // A masked secret (entries never keep one) is not a value to put back: the definition makes a new one, or asks.
    const record = Object.fromEntries(Object.entries(state.record).filter(([, v]) => v !== MASKED));

    const data = await app.db.transaction().execute(async (trx) => {
      const tdb = trx;
      // Out of the trash first, in the restore's transaction: a second restore at once finds nothing (404).
      const gone = await tdb.deleteFrom('trash').where('entryId', '=', entryId).where(ofWebsite(websiteId)).executeTakeFirst();
      if (Number(gone.numDeletedRows) !== 1) throw httpError(404, M.notInTrash);
      if (row.resource === 'folder' || row.resource === 'file') return restoreDeleted(app, tdb, request, row.resource, record, state.children ?? {});
      const scope = await scopeOf(tdb, defs, def, websiteId, record);
      await engine.checkAncestors(tdb, def, scope);
      const ctx: HookContext = { ...operationContext(app, request, websiteId, trx), scope, params: {}, request } as HookContext;
      const key = recordKey(def, row.recordId);
      if (key === undefined) throw httpError(404, M.notInTrash);
      return engine.restore(ctx, def, scope, key, record, state.children ?? {});
    });
    return ok(request, M.restored, data);
  });
};
