// The accounts on the engine (shared/resources/user.ts; docs/api.md "Accounts"). The engine serves the list, the
// detail, the create and the update (access: administrators; stamps; one history entry per write, in its
// transaction); these hooks add what it cannot know:
//   - the keyword finds the user name, the full name and the e-mail (the engine's search text, users.searchText);
//   - the wire form: `isAdmin` is the stored role, `twoFactor` whether the second factor is on, the websites the
//     account is staff of; the password hash is never read into an answer (and so never into a history entry);
//   - a create's password (the policy, ./password-policy.ts; stored as an argon2id hash) and its user name, unique
//     case-insensitively: the unique key on normalizedUserName holds it under a race (409 naming `userName`);
//   - nobody deactivates or un-admins the last active administrator (409): counted under a lock on the active
//     administrators, so two administrators deactivating each other at once leave one of them active;
//   - a deactivation ends every session of the account in its transaction (TokenService.endSessions);
//   - the actions: a one-time password reset link (./reset.ts), and an administrator ending all of an account's sessions.
import { resources } from '../../shared/resources/index';
import { isUniqueViolation, lockName, lostRace } from '../db/dialect';
import type { Db } from '../db/schema';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { serve, type AnyQuery, type HookContext } from '../resources/index';
import { hashPassword } from '../auth/passwords';
import { searchFields, searchTextOf } from '../resources/search';
import { checkPassword } from './password-policy';
import { createResetLink } from './reset';

const { user } = resources;
type Row = Record<string, unknown>;

/** What the list and the detail read of an account: never its password hash. */
const COLUMNS = ['id', 'userName', 'fullName', 'email', 'isActive', 'role', 'totpEnabledAt', 'lastSignInAt', 'concurrencyStamp', 'createdAt', 'updatedAt'] as const;

/** The search text of the accounts stored before it existed (migration 0029). */
export async function fillSearchText(db: Db): Promise<void> {
  const rows = await db.selectFrom('users').select(['id', 'userName', 'fullName', 'email']).where('searchText', 'is', null).execute();
  for (const row of rows) await db.updateTable('users').set({ searchText: searchTextOf(searchFields(user), row) }).where('id', '=', row.id).execute();
}

/** Accounts in wire form, with the websites each is staff of. */
export async function accountsShaped(db: Db, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return [];
  const memberships = await db
    .selectFrom('website_users')
    // The role of each membership: `roleId` comes with website_users.roleId (helper "roles", migration 0031): adding
    // that column is this one line, `.select(['websiteId', 'userId', 'roleId'])`, and `roleId: m.roleId` below.
    .select(['websiteId', 'userId'])
    .where('userId', 'in', rows.map((r) => r.id as number))
    .orderBy('websiteId')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    userName: r.userName,
    fullName: r.fullName,
    email: r.email ?? null,
    isActive: Boolean(r.isActive),
    isAdmin: r.role === 'admin',
    twoFactor: r.totpEnabledAt !== null && r.totpEnabledAt !== undefined,
    lastSignInAt: r.lastSignInAt ?? null,
    websites: memberships.filter((m) => m.userId === r.id).map((m) => ({ websiteId: m.websiteId, roleId: null })),
    concurrencyStamp: r.concurrencyStamp,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  }));
}

/** The body's `isAdmin`: a boolean, or absent (the account keeps its role). */
function isAdminOf(body: Row): boolean | undefined {
  if (body.isAdmin === undefined || body.isAdmin === null) return undefined;
  if (typeof body.isAdmin !== 'boolean') throw httpError(400, M.badQuery('isAdmin'), { field: 'isAdmin' });
  return body.isAdmin;
}

/**
 * 409 unless another administrator stays active: counted under a lock on the name of the active administrators (one
 * such change at a time on PostgreSQL; SQLite writes one transaction at a time), so what the count saw still holds
 * when this write commits.
 */
async function keepAnAdministrator(db: Db, id: number): Promise<void> {
  await lockName(db, 'users:active-administrators');
  const other = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('isActive', '=', true).where('id', '!=', id).limit(1).executeTakeFirst();
  if (!other) throw httpError(409, M.lastAdministrator, { field: 'isActive' });
}

const tokensOf = (ctx: HookContext) => ctx.request.server.tokens;

export const userResource = serve(
  user,
  {
    listSelect: (_ctx, q: AnyQuery) => q.select([...COLUMNS]),
    listSelectKey: () => '',
    listRows: (ctx, rows) => accountsShaped(ctx.db, rows),
    detail: async (db, row) => (await accountsShaped(db, [row]))[0],
    orderBy: [{ column: 'normalizedUserName', direction: 'asc' }],
    messages: { notFound: M.userNotFound },
    async prepare(ctx, body, current, values) {
      const admin = isAdminOf(body);
      if (!current) {
        const userName = String(values.userName).trim();
        // The start-up seed's accounts (server/bootstrap.ts) come with their password already hashed, past the policy:
        // the demo's `Admin@123`/`Staff@123` (every test and the journeys sign in with them) and the operator's
        // ADMIN_PASSWORD, chosen before this server had a policy to tell. Only a write the server makes itself carries
        // `ctx.system` (systemContext, no request): a request's body cannot get past the policy this way.
        const seeded = ctx.request === undefined ? ctx.system : undefined;
        const passwordHash = seeded?.passwordHash ?? (await hashPassword(checkPassword(body.password, userName)));
        const taken = await ctx.db.selectFrom('users').select('id').where('normalizedUserName', '=', userName.toLowerCase()).executeTakeFirst();
        if (taken) throw httpError(409, M.userNameTaken(userName), { field: 'userName' });
        Object.assign(values, {
          userName,
          normalizedUserName: userName.toLowerCase(),
          passwordHash,
          role: admin ? 'admin' : 'staff',
          canReview: seeded?.canReview ?? admin === true,
        });
        delete values.lastSignInAt;
        return { values, input: undefined };
      }
      if (admin !== undefined) values.role = admin ? 'admin' : 'staff';
      const staysAdmin = admin ?? current.isAdmin === true;
      if (current.isAdmin === true && current.isActive === true && (values.isActive === false || !staysAdmin)) {
        await keepAnAdministrator(ctx.db, current.id as number);
      }
      return { values, input: undefined };
    },
    async afterWrite(ctx, { id, current, values }) {
      // Deactivated: its sessions end now, with their refresh tokens (its next request is a 401).
      if (current?.isActive === true && values.isActive === false) {
        await tokensOf(ctx).endSessions(id, { reason: 'account deactivated', action: 'sessionsEnded', request: ctx.request, trx: ctx.db });
      }
    },
    async retry(ctx, err, attempt, prepared) {
      // Two creates of one name at once: the unique key refused the second.
      if (isUniqueViolation(err)) throw httpError(409, M.userNameTaken(String(prepared?.values.userName ?? '')), { field: 'userName' });
      return lostRace(err) && attempt < 8;
    },
    actions: [
      {
        path: 'POST Users/{id}/password-reset',
        async run({ ctx, id }) {
          const link = await createResetLink(ctx, id!);
          return { ...ok(ctx.request, M.success, link), ...link };
        },
      },
      {
        path: 'DELETE Users/{id}/sessions',
        async run({ ctx, id }) {
          const account = await ctx.db.selectFrom('users').select('id').where('id', '=', id!).executeTakeFirst();
          if (!account) throw httpError(404, M.userNotFound);
          const ended = await tokensOf(ctx).endSessions(id!, { reason: 'ended by an administrator', action: 'sessionsEnded', request: ctx.request });
          return ok(ctx.request, M.sessionsEnded(ended.length), { ended: ended.length });
        },
      },
    ],
  },
  { tableFromMigration: true },
);
