// What a database needs before the first request: the languages and the console's OAuth client always
// (prepareDatabase, before the routes); the built-in roles' new areas (settleBuiltInRoles) and, on an empty database
// (no accounts), either the demo's accounts and websites (SEED_DEMO=1) or the one administrator from ADMIN_USERNAME /
// ADMIN_PASSWORD (seedFirstAccounts): records written through the engine as the system, once the routes have
// registered the write listeners. Every step is idempotent.
import { BUILT_IN_IDS, builtInRoles, type Grants } from '../shared/permissions';
import type { Kysely } from 'kysely';
import { sha256 } from './auth/crypto';
import { hashPassword } from './auth/passwords';
import { CONSOLE_CLIENT_ID } from './auth/routes';
import { iso } from './db/dialect';
import type { Database } from './db/schema';
import type { SeedOptions } from './config';
import { seedEditorialDemo } from './demo/questions';
import { changesBetween, HISTORY_TABLE, recordEntry } from './history/entries';
import { dynamic, systemContext, type ResourceSet } from './resources/index';

/** What to seed (config.ts reads it from the environment; declared there, below this file). */
export type { SeedOptions } from './config';

/** Thrown when the server cannot start as configured; main.ts prints its message as one line. */
export class StartupError extends Error {}

export const CONSOLE_CLIENT_SECRET = 'sitedesk-secret';

export const DEMO = {
  languages: [
    { id: 'vi-VN', name: 'Tiếng Việt', sortOrder: 0 },
    { id: 'en-US', name: 'English', sortOrder: 1 },
  ],
  websites: [
    {
      name: { 'vi-VN': 'Phòng khám Sitedesk', 'en-US': 'Sitedesk Clinic' },
      address: { 'vi-VN': '12 Nguyễn Du, Quận 1, TP. Hồ Chí Minh', 'en-US': '12 Nguyen Du, District 1, Ho Chi Minh City' },
      note: { 'vi-VN': 'Trang web phòng khám', 'en-US': 'The clinic website' },
      phoneNumber: '028 3822 1234',
      isDefault: true,
    },
    {
      name: { 'vi-VN': 'Sitedesk Spa', 'en-US': 'Sitedesk Spa' },
      address: { 'vi-VN': '45 Lê Lợi, Quận 1, TP. Hồ Chí Minh', 'en-US': '45 Le Loi, District 1, Ho Chi Minh City' },
      note: { 'vi-VN': 'Trang web spa', 'en-US': 'The spa website' },
      phoneNumber: '028 3822 5678',
      isDefault: false,
    },
  ],
  users: [
    // One of each role (shared/roles.ts): the administrator (also a reviewer), a staff member who reviews, one who does not.
    { userName: 'admin', password: 'Admin@123', fullName: 'Quản trị viên', email: 'admin@sitedesk.local', role: 'admin', canReview: true },
    { userName: 'lan.nguyen', password: 'Staff@123', fullName: 'Nguyễn Thị Lan', email: 'lan.nguyen@sitedesk.local', role: 'staff', canReview: false },
    { userName: 'minh.tran', password: 'Staff@123', fullName: 'Trần Văn Minh', email: 'minh.tran@sitedesk.local', role: 'staff', canReview: true },
  ],
} as const;

/** A demo user's role on a demo website (the default clinic, or the spa). */
function demoRole(u: (typeof DEMO.users)[number]): number {
  return u.canReview ? BUILT_IN_IDS.reviewer : BUILT_IN_IDS.staff;
}

/**
 * The reference rows every start needs (the languages list, the console's OAuth client), and whether the database has
 * no account yet: then the caller seeds the first ones (seedFirstAccounts) once the write listeners are registered.
 * With no account and nothing to seed them from, the server cannot start (StartupError), said before anything else.
 */
export async function prepareDatabase(db: Kysely<Database>, seed: SeedOptions, now: Date): Promise<{ firstAccounts: boolean }> {
  const at = iso(now);
  await db
    .insertInto('languages')
    .values(DEMO.languages.map((l) => ({ ...l, createdAt: at })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('oauth_clients')
    .values({ id: CONSOLE_CLIENT_ID, name: 'Sitedesk console', secretHash: sha256(CONSOLE_CLIENT_SECRET), createdAt: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return { firstAccounts: false };
  if (!seed.demo && !seed.admin) {
    throw new StartupError(
      'The database has no accounts yet: set ADMIN_USERNAME and ADMIN_PASSWORD for the first administrator (or SEED_DEMO=1 for demo content).',
    );
  }
  return { firstAccounts: true };
}

/**
 * The first accounts of an empty database, through the engine as the system (each record's stamp, history entry by
 * the system, live event and webhooks come from its create): SEED_DEMO=1's demo accounts, its two websites with their
 * languages and staff, and its expert questions; the administrator of ADMIN_USERNAME / ADMIN_PASSWORD. Called once
 * the write listeners are registered (the route modules register them), under the start-up lock, when
 * prepareDatabase found no account: answers whether the demo was seeded (then the caller seeds the demo content).
 */
export async function seedFirstAccounts(db: Kysely<Database>, set: ResourceSet, seed: SeedOptions, now: Date): Promise<boolean> {
  const { engine, defs } = set;
  const global = { keys: {} };
  const admin = seed.admin;
  // Hashed outside the transaction: argon2 takes a while and SQLite holds one connection. The hash goes past the
  // account's password policy (server/accounts/resource.ts): these passwords are the demo's and the operator's.
  const demoHashes = seed.demo ? await Promise.all(DEMO.users.map((u) => hashPassword(u.password))) : [];
  const adminHash = admin ? await hashPassword(admin.password) : undefined;
  await db.transaction().execute(async (trx) => {
    const account = async (u: { userName: string; fullName: string; email?: string | null; isAdmin: boolean }, passwordHash: string, canReview: boolean) => {
      const ctx = systemContext(trx, now, undefined, { passwordHash, canReview });
      return (await engine.create(ctx, defs.user, global, { userName: u.userName, fullName: u.fullName, email: u.email ?? null, isActive: true, isAdmin: u.isAdmin })).id as number;
    };
    if (seed.demo) {
      const userIds: number[] = [];
      for (const [i, u] of DEMO.users.entries()) userIds.push(await account({ ...u, isAdmin: u.role === 'admin' }, demoHashes[i], u.canReview));
      for (const w of DEMO.websites) {
        const site = await engine.create(systemContext(trx, now), defs.website, global, {
          name: JSON.stringify(w.name),
          address: JSON.stringify(w.address),
          note: JSON.stringify(w.note),
          phoneNumber: w.phoneNumber,
          isActive: true,
          isDefault: w.isDefault,
        });
        const websiteId = site.id as number;
        const ctx = systemContext(trx, now, websiteId);
        for (const l of DEMO.languages) await engine.create(ctx, defs.websiteLanguage, { websiteId, keys: {} }, { languageId: l.id, isActive: true, isDefault: l.id === 'vi-VN' });
        // Their roles (shared/permissions.ts): Reviewer for who reviews, Staff for the others (the administrator's is moot).
        for (const [i, userId] of userIds.entries()) await engine.create(ctx, defs.websiteUser, { websiteId, keys: {} }, { userId, roleId: demoRole(DEMO.users[i]) });
      }
    }
    if (admin) {
      const taken = await trx.selectFrom('users').select('id').where('normalizedUserName', '=', admin.userName.toLowerCase()).executeTakeFirst();
      // The account the server is set up with administers it.
      if (!taken) await account({ userName: admin.userName, fullName: admin.fullName ?? admin.userName, isAdmin: true }, adminHash!, true);
    }
  });
  if (seed.demo) await recordDemoQuestions(db, set, await seedEditorialDemo(db, now), now);
  return Boolean(seed.demo);
}

/**
 * The history of the demo's expert questions (server/demo/questions.ts writes them by hand): one `create` entry per
 * question, by the system, with the record in wire form as the routes would answer it, so a demo question's History
 * shows where it came from.
 */
async function recordDemoQuestions(db: Kysely<Database>, set: ResourceSet, questions: { websiteId: number; id: number }[], now: Date): Promise<void> {
  if (!questions.length) return;
  const { engine, defs } = set;
  const actor = { kind: 'system' as const, id: null, name: null, address: null };
  await db.transaction().execute(async (trx) => {
    for (const q of questions) {
      const state = await engine.read(trx, defs.qaExpert, { websiteId: q.websiteId, keys: {} }, q.id);
      if (!state) continue;
      const { statusHistory: _, ...kept } = state;
      await recordEntry(trx, defs, { websiteId: q.websiteId, resource: 'qaExpert', recordId: String(q.id), operation: 'create', actor, changes: changesBetween(defs.qaExpert, undefined, kept), state: { record: kept }, time: now });
    }
  });
}

/**
 * The built-in roles (migration 0031) at every start: an area a later version added (a definition the role's grants do
 * not name yet: an administrator's saves name every area, so only a new one is missing) is given to each built-in as
 * `builtInRoles` would; and each role the migration made gets its history's create entry once. By the system, through
 * the engine (the migration's row told as its create, the areas added as an update of the role), in one transaction,
 * once the write listeners are registered; nothing is written when nothing is missing.
 */
export async function settleBuiltInRoles(db: Kysely<Database>, set: ResourceSet, now: Date): Promise<void> {
  const { engine, defs } = set;
  const wanted = builtInRoles(Object.values(defs));
  const global = { keys: {} };
  await db.transaction().execute(async (trx) => {
    const ctx = systemContext(trx, now);
    for (const role of wanted) {
      const row = await trx.selectFrom('roles').select(['id', 'grants']).where('id', '=', role.id).where('builtIn', '=', true).executeTakeFirst();
      if (!row) continue;
      const grants = JSON.parse(row.grants) as Grants;
      const missing = Object.keys(role.grants).filter((k) => !(k in grants));
      const recorded = await trx.selectFrom(HISTORY_TABLE).select('id').where('resource', '=', 'role').where('recordId', '=', String(role.id)).executeTakeFirst();
      // Written by the migration, below the engine: the engine tells its create, with the role as the migration made it.
      if (!recorded) await engine.tell(dynamic(trx), ctx, defs.role, global, 'create', [role.id], { after: await engine.read(dynamic(trx), defs.role, global, role.id) });
      if (missing.length) {
        await engine.change(ctx, defs.role, global, role.id, { grants: JSON.stringify({ ...grants, ...Object.fromEntries(missing.map((k) => [k, role.grants[k]])) }) });
      }
    }
  });
}
