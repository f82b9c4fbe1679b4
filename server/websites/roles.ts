// The roles of websites' staff (shared/resources/role.ts, shared/permissions.ts; docs/api.md "Roles"), served by the
// engine (administrators only, by the definition's access): the name and the grants are JSON text in `roles`, objects
// on the wire; the detail lists the role's members. A role is deleted only when no membership holds it: checked under
// the role's row lock, which a membership given that role takes first (./resource.ts), and held by the database (the
// membership's foreign key), so a membership added at the same moment either waits and finds the role gone or is
// counted. The built-in roles are edited, never deleted (a membership added without a role is Staff).
import { grantsError, normalizeGrants, type Grants } from '../../shared/permissions';
import { resources } from '../../shared/resources/index';
import { lockRow } from '../db/dialect';
import type { Db } from '../db/schema';
import { httpError } from '../errors';
import { M } from '../messages';
import { serve, type HookContext } from '../resources/index';
import { searchFields, searchTextOf } from '../resources/search';

type Row = Record<string, unknown>;

const parse = (text: unknown) => (typeof text === 'string' ? JSON.parse(text) : text);

/** A stored role in wire form. */
function wire(row: Row): Row {
  return { id: row.id, name: parse(row.name), builtIn: Boolean(row.builtIn), grants: parse(row.grants), concurrencyStamp: row.concurrencyStamp };
}

/** Who holds the role, on which website. */
async function membersOf(db: Db, roleId: number) {
  return db
    .selectFrom('website_users as wu')
    .innerJoin('users as u', 'u.id', 'wu.userId')
    .select(['wu.websiteId', 'wu.userId', 'u.fullName'])
    .where('wu.roleId', '=', roleId)
    .orderBy('wu.websiteId')
    .orderBy('u.fullName')
    .orderBy('u.id')
    .execute();
}

/** The name as sent: both interface languages, each 1 to 100 characters. */
function nameOf(body: Row): { 'vi-VN': string; 'en-US': string } {
  const name = body.name as Record<string, unknown> | undefined;
  const ok = (v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.trim().length <= 100;
  if (!name || typeof name !== 'object' || !ok(name['vi-VN']) || !ok(name['en-US'])) throw httpError(400, M.roleNameRequired, { field: 'name' });
  return { 'vi-VN': (name['vi-VN'] as string).trim(), 'en-US': (name['en-US'] as string).trim() };
}

function grantsOf(ctx: HookContext, body: Row): Grants {
  const where = grantsError(body.grants, Object.values(ctx.request.server.resources.defs));
  if (where) throw httpError(400, M.badGrants(where), { field: where });
  return normalizeGrants(body.grants as Grants, Object.values(ctx.request.server.resources.defs));
}

export const roleResource = serve(
  resources.role,
  {
    listRows: (_ctx, rows) => rows.map(wire),
    orderBy: [{ column: 'id', direction: 'asc' }],
    detail: async (db, row) => ({ ...wire(row), members: await membersOf(db, row.id as number) }),
    messages: { notFound: M.roleNotFound },
    ownInput: true,
    async prepare(ctx, body, current) {
      const values: Row = { name: JSON.stringify(nameOf(body)), grants: JSON.stringify(grantsOf(ctx, body)) };
      // The keyword's text (the engine's, server/resources/search.ts): these values are the hook's own.
      values.searchText = searchTextOf(searchFields(resources.role), values);
      if (!current) values.builtIn = false;
      return { values, input: undefined };
    },
    async beforeRemove(ctx, id) {
      await lockRow(ctx.db, 'roles', id);
      const row = await ctx.db.selectFrom('roles').select('builtIn').where('id', '=', id).executeTakeFirst();
      if (!row) throw httpError(404, M.roleNotFound);
      if (row.builtIn) throw httpError(409, M.roleBuiltInDelete);
      const members = await ctx.db.selectFrom('website_users').select((eb) => eb.fn.countAll<number>().as('n')).where('roleId', '=', id).executeTakeFirstOrThrow();
      if (Number(members.n) > 0) throw httpError(409, M.roleInUse(Number(members.n)));
    },
  },
  { tableFromMigration: true },
);
