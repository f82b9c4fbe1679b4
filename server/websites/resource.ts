// The websites, their languages and their staff on the engine (shared/resources/website.ts; docs/api.md "/api/Websites"),
// with the spec's paths and answers. The engine serves their routes, writes (stamp, times, one history entry per
// record written, live events, webhooks), the trash and the history's restore; these hooks add the rules it can't
// know:
//   - membership: a user sees and changes only the websites they are staff of (`restrict`, `reach`); the creator of a
//     website becomes its staff (one the server creates itself has none); a website never loses its last staff member;
//   - exactly one default website, and one default language per website: making one the default clears the others in
//     the same transaction (each an update of its own, through the engine), the first is the default whatever was
//     asked, and the default can be neither un-defaulted nor deleted directly. "At most one" is a partial unique index
//     (migration 0006): the loser of two make-defaults at once runs again (`retry`) and wins after the other. Every
//     change of a website's languages or staff locks the website's row first, so two of them are one after the other.
// A website's delete takes its content with it (one entry: the website's, with its languages and staff, which the
// trash gives back; its content does not come back).
import type { Kysely } from 'kysely';
import type { ResourceDef } from '../../shared/resources/define';
import { BUILT_IN_IDS } from '../../shared/permissions';
import { resources } from '../../shared/resources/index';
import { dialectOf, isUniqueViolation, lockRow, lostRace } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { M } from '../messages';
import { dynamic, parseId, requireWebsite, serve, type AnyQuery, type DynamicDb, type HookContext, type Scope } from '../resources/index';

const { website, websiteLanguage, websiteUser } = resources;

type Row = Record<string, unknown>;

export interface WebsiteLanguage {
  languageId: string;
  name: string;
  isActive: boolean;
  isDefault: boolean;
}

/** Languages of the given websites, each list default first, then in the languages' own order. */
export async function websiteLanguagesOf(db: Kysely<Database>, websiteIds: number[]): Promise<Map<number, WebsiteLanguage[]>> {
  const out = new Map<number, WebsiteLanguage[]>();
  if (!websiteIds.length) return out;
  const rows = await db
    .selectFrom('website_languages as wl')
    .innerJoin('languages as l', 'l.id', 'wl.languageId')
    .select(['wl.websiteId', 'wl.languageId', 'l.name', 'wl.isActive', 'wl.isDefault'])
    .where('wl.websiteId', 'in', websiteIds)
    .orderBy('wl.isDefault', 'desc')
    .orderBy('l.sortOrder')
    .orderBy('wl.languageId')
    .execute();
  for (const { websiteId, ...language } of rows) {
    if (!out.has(websiteId)) out.set(websiteId, []);
    out.get(websiteId)!.push({ ...language, isActive: Boolean(language.isActive), isDefault: Boolean(language.isDefault) });
  }
  return out;
}

/** Stored rows of one website's languages in wire form, in the list's order. */
async function languagesShaped(db: DynamicDb, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const websiteId = rows[0].websiteId as number;
  const wanted = new Set(rows.map((r) => r.languageId));
  return ((await websiteLanguagesOf(db, [websiteId])).get(websiteId) ?? []).filter((l) => wanted.has(l.languageId)) as unknown as Row[];
}

/** Stored rows of one website's staff in wire form: who they are, by name, and their role there. */
async function staffShaped(db: DynamicDb, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const staff = await db
    .selectFrom('website_users as wu')
    .innerJoin('users as u', 'u.id', 'wu.userId')
    .innerJoin('roles as r', 'r.id', 'wu.roleId')
    .select(['wu.userId', 'u.fullName', 'u.userName', 'wu.roleId', 'r.name as roleName'])
    .where('wu.websiteId', '=', rows[0].websiteId as number)
    .where('wu.userId', 'in', rows.map((r) => r.userId as number))
    .orderBy('u.fullName')
    .orderBy('u.id')
    .execute();
  return staff.map((s) => ({ ...s, roleName: JSON.parse(s.roleName) }));
}

/**
 * The role a membership is given (`roleId`; Staff when a create sends none), locked: a delete of that role waits for
 * this write and then counts it (./roles.ts). 400 naming `roleId` when there is no such role.
 */
async function roleFor(ctx: HookContext, values: Row, creating: boolean): Promise<number> {
  const raw = values.roleId;
  if (raw === undefined || raw === null || raw === '') {
    if (!creating) throw httpError(400, M.roleIdRequired, { field: 'roleId' });
    values.roleId = BUILT_IN_IDS.staff;
  }
  const roleId = values.roleId as number;
  if (!(await lockRow(ctx.db, 'roles', roleId))) throw httpError(400, M.roleNotFound, { field: 'roleId' });
  return roleId;
}

/**
 * Two writers at once of one default (two make-defaults): the loser, refused by the one-default index or chosen as a
 * deadlock's victim, runs again after the winner (and a language added twice at once finds the other's, 409).
 */
const againOnLostRace = async (_ctx: HookContext, err: unknown, attempt: number) => lostRace(err) && attempt < 8;

/**
 * No record of `def` in `scope` is the default but (maybe) `keep` (a website; a language of the scope's website): the
 * first step of making another one the default, each cleared an update of its own through the engine. The current
 * defaults are locked first, so make-defaults at once take their turns. The one that loses the flag keeps its stamp
 * (as a read mark does): a form open on it, or its own make-default racing this one, is still saved rather than
 * refused as stale (tests/server/invariants.test.ts).
 */
async function clearOtherDefaults(ctx: HookContext, def: ResourceDef, scope: Scope, keep?: number | string): Promise<void> {
  const engine = ctx.engine;
  const db = dynamic(ctx.db);
  const key = def.idField ?? 'id';
  const defaults = () => engine.scoped(def, db.selectFrom(def.table).select(key).where('isDefault', '=', true), scope);
  // Until no other default is left: a make-default that waited for the lock finds, once it has it, the default that the
  // one before it committed (a row its locking read could not see), and clears that one too; the partial unique index
  // of the one default is never what refuses a save (on PostgreSQL; SQLite writes one at a time).
  for (;;) {
    await (dialectOf(db) === 'postgres' ? defaults().forUpdate() : defaults()).execute();
    const others = (await defaults().execute()).map((r) => r[key] as number | string).filter((k) => k !== keep);
    if (!others.length) return;
    for (const other of others) await engine.change(ctx, def, scope, other, { isDefault: false }, { keepStamp: true });
  }
}

export const websiteResource = serve(website, {
  // Only the websites the user is staff of, in the list and the header's selector.
  restrict: (ctx, q: AnyQuery) => q.where('id', 'in', ctx.db.selectFrom('website_users').select('websiteId').where('userId', '=', ctx.request.user.id)),
  reach: async (request, id) => void (await requireWebsite(request.server.db, request, id)),
  /** The header's selector: the default website first, each with its languages. */
  lookup: async (rows, ctx) => {
    const languages = await websiteLanguagesOf(ctx.db, rows.map((r) => r.id as number));
    return [...rows]
      .sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true))
      .map((w) => ({ id: w.id, name: w.name, phoneNumber: w.phoneNumber, isActive: w.isActive, isDefault: w.isDefault, websiteLanguages: languages.get(w.id as number) ?? [] }));
  },
  messages: { notFound: M.websiteNotFound },
  async prepare(ctx, _body, current, values) {
    if (current?.isDefault === true && values.isDefault === false) throw httpError(400, M.defaultWebsiteRequired, { field: 'isDefault' });
    // The others first: the index holds one default at every moment, not only at commit. Also when it was the default
    // as read before the lock: another make-default may have taken the flag since.
    if (values.isDefault === true) await clearOtherDefaults(ctx, website, { keys: {} }, current?.id as number | undefined);
    return { values, input: undefined };
  },
  async afterWrite(ctx, { id, current, values }) {
    // A website put back from the trash gets its staff back with it.
    if (current || ctx.restoring) return;
    // The creator's membership goes with the website's create (its entry is the one). A website the server creates
    // itself (the start-up seed: no request, no user) has no creator: its staff are added as records of their own.
    const creator = ctx.request?.user?.id;
    if (creator !== undefined) await ctx.db.insertInto('website_users').values({ websiteId: id, userId: creator, createdAt: ctx.now.toISOString() }).execute();
    // The first website is the default whatever was asked: there is always exactly one.
    if (values.isDefault !== true) {
      const other = await ctx.db.selectFrom('websites').select('id').where('isDefault', '=', true).where('id', '!=', id).executeTakeFirst();
      if (!other) await ctx.db.updateTable('websites').set({ isDefault: true }).where('id', '=', id).execute();
    }
  },
  retry: againOnLostRace,
  async beforeRemove(ctx, id) {
    // Locked: a make-default of this website waits, then finds it gone.
    await lockRow(ctx.db, 'websites', id);
    const row = await ctx.db.selectFrom('websites').select('isDefault').where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, M.websiteNotFound);
    if (row.isDefault) throw httpError(400, M.defaultWebsiteDelete);
    // Its content goes without an entry each (the website's is the one); website_languages and website_users are the
    // engine's children of the website (kept in its entry), other modules' website tables follow through ON DELETE CASCADE.
    await ctx.engine.removeWebsiteContent(ctx.db, id);
  },
});

// ---- a website's languages -----------------------------------------------------------------------------

export const websiteLanguageResource = serve(websiteLanguage, {
  listRows: (ctx, rows) => languagesShaped(ctx.db, rows),
  detail: async (db, row) => (await languagesShaped(db, [row]))[0],
  messages: { notFound: M.languageNotFound },
  async prepare(ctx, _body, current, values) {
    const websiteId = ctx.scope.websiteId!;
    await lockRow(ctx.db, 'websites', websiteId);
    const languages = await ctx.db.selectFrom('website_languages').select(['languageId', 'isDefault']).where('websiteId', '=', websiteId).execute();
    if (!current) {
      const languageId = String(values.languageId).trim();
      const known = await ctx.db.selectFrom('languages').select('id').where('id', '=', languageId).executeTakeFirst();
      if (!known) throw httpError(400, M.languageUnknown, { field: 'languageId' });
      if (languages.some((l) => l.languageId === languageId)) throw httpError(409, M.languageDuplicate, { field: 'languageId' });
      values.languageId = languageId;
      // The first language becomes the default even when not asked.
      if (!languages.length) values.isDefault = true;
    } else if (current.isDefault === true && values.isDefault === false) {
      throw httpError(400, M.defaultLanguageRequired, { field: 'isDefault' });
    }
    // The one it takes the flag from first (the index holds one default at every moment), as a website's.
    if (values.isDefault === true) await clearOtherDefaults(ctx, websiteLanguage, ctx.scope, values.languageId as string);
    return { values, input: undefined };
  },
  // A make-default that lost a race runs again; so does a language added twice at once, whose second run finds the
  // first (409 above).
  retry: againOnLostRace,
  async beforeRemove(ctx, id) {
    await lockRow(ctx.db, 'websites', ctx.scope.websiteId!);
    const row = await ctx.db.selectFrom('website_languages').select('isDefault').where('websiteId', '=', ctx.scope.websiteId!).where('languageId', '=', String(id)).executeTakeFirst();
    if (!row) throw httpError(404, M.languageNotFound);
    if (row.isDefault) throw httpError(400, M.defaultLanguageDelete);
  },
});

// ---- a website's staff ---------------------------------------------------------------------------------

export const websiteUserResource = serve(websiteUser, {
  // The member is the path's `{userId}` (a trash restore: the record's).
  input: (ctx, body) => ({ ...body, userId: ctx.params.userId !== undefined ? parseId(ctx.params.userId, 'userId') : body.userId }),
  listRows: (ctx, rows) => staffShaped(ctx.db, rows),
  detail: async (db, row) => (await staffShaped(db, [row]))[0],
  messages: { notFound: M.staffNotFound },
  async prepare(ctx, _body, current, values) {
    const websiteId = ctx.scope.websiteId!;
    await lockRow(ctx.db, 'websites', websiteId);
    await roleFor(ctx, values, !current);
    // A change of role: takes effect at the member's next request (the change number moves: server/resources/permissions.ts).
    if (current) return { values: { roleId: values.roleId }, input: undefined };
    const userId = values.userId as number;
    if (!(await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst())) throw httpError(404, M.userNotFound);
    const already = await ctx.db.selectFrom('website_users').select('userId').where('websiteId', '=', websiteId).where('userId', '=', userId).executeTakeFirst();
    if (already) throw httpError(409, M.staffDuplicate);
    return { values, input: undefined };
  },
  async retry(_ctx, err) {
    if (isUniqueViolation(err)) throw httpError(409, M.staffDuplicate);
    return false;
  },
  async beforeRemove(ctx, id) {
    // Counted under the website's lock: two removals at once are counted one after the other.
    await lockRow(ctx.db, 'websites', ctx.scope.websiteId!);
    const members = await ctx.db.selectFrom('website_users').select('userId').where('websiteId', '=', ctx.scope.websiteId!).execute();
    if (!members.some((m) => m.userId === id)) throw httpError(404, M.staffNotFound);
    if (members.length === 1) throw httpError(400, M.lastStaff);
  },
});
