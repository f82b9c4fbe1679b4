// What a database needs before the first request: the languages and the console's OAuth
// client always; on an empty database (no accounts) either the demo content (SEED_DEMO=1) or the
// one administrator from ADMIN_USERNAME / ADMIN_PASSWORD. Every step is idempotent.
import type { Role } from '../shared/roles';
import { randomUUID } from 'node:crypto';
import { BUILT_IN_IDS, builtInRoles, type Grants } from '../shared/permissions';
import type { Kysely } from 'kysely';
import { sha256 } from './auth/crypto';
import { hashPassword } from './auth/passwords';
import { CONSOLE_CLIENT_ID } from './auth/routes';
import { iso } from './db/dialect';
import type { Database } from './db/schema';
import type { SeedOptions } from './config';
import { seedEditorialDemo } from './demo/questions';
import { changesBetween, HISTORY_TABLE, insertEntry } from './history/entries';
import type { ResourceSet } from './resources/index';

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

export async function createUser(
  db: Kysely<Database>,
  now: Date,
  u: { userName: string; password: string; fullName: string; email?: string | null; role?: Role; canReview?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      userName: u.userName,
      normalizedUserName: u.userName.toLowerCase(),
      fullName: u.fullName,
      email: u.email ?? null,
      passwordHash: await hashPassword(u.password),
      isActive: true,
      role: u.role ?? 'staff',
      canReview: u.canReview ?? false,
      concurrencyStamp: randomUUID(),
      createdAt: iso(now),
      updatedAt: iso(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The records the start-up wrote (each gets its history's create entry: recordStartupWrites). */
export interface StartupWrites {
  users: number[];
  websites: number[];
  questions: { websiteId: number; id: number }[];
}

/**
 * Answers whether the demo accounts were created just now (then the caller seeds the demo content), and the records
 * written (the caller records them once the schema is final: recordStartupWrites).
 */
export async function prepareDatabase(db: Kysely<Database>, seed: SeedOptions, now: Date): Promise<{ demo: boolean; written: StartupWrites }> {
  const written: StartupWrites = { users: [], websites: [], questions: [] };
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
  if (anyUser) return { demo: false, written };

  if (seed.demo) {
    Object.assign(written, await seedDemo(db, now));
    written.questions = await seedEditorialDemo(db, now);
  }
  const admin = seed.admin;
  if (admin) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('normalizedUserName', '=', admin.userName.toLowerCase())
      .executeTakeFirst();
    // The account the server is set up with administers it.
    if (!taken) written.users.push(await createUser(db, now, { ...admin, fullName: admin.fullName ?? admin.userName, role: 'admin', canReview: true }));
  }
  if (!seed.demo && !admin) {
    throw new StartupError(
      'The database has no accounts yet: set ADMIN_USERNAME and ADMIN_PASSWORD for the first administrator (or SEED_DEMO=1 for demo content).',
    );
  }
  return { demo: Boolean(seed.demo), written };
}

async function seedDemo(db: Kysely<Database>, now: Date): Promise<Pick<StartupWrites, 'users' | 'websites'>> {
  const at = iso(now);
  // Hash outside the transaction: argon2 takes a while and SQLite holds one connection.
  const hashes = await Promise.all(DEMO.users.map((u) => hashPassword(u.password)));
  return db.transaction().execute(async (trx) => {
    const userIds: number[] = [];
    const websiteIds: number[] = [];
    for (const [i, u] of DEMO.users.entries()) {
      const row = await trx
        .insertInto('users')
        .values({
          userName: u.userName,
          normalizedUserName: u.userName.toLowerCase(),
          fullName: u.fullName,
          email: u.email,
          passwordHash: hashes[i],
          isActive: true,
          role: u.role,
          canReview: u.canReview,
          concurrencyStamp: randomUUID(),
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(row.id);
    }
    for (const w of DEMO.websites) {
      const site = await trx
        .insertInto('websites')
        .values({
          name: JSON.stringify(w.name),
          address: JSON.stringify(w.address),
          note: JSON.stringify(w.note),
          phoneNumber: w.phoneNumber,
          isActive: true,
          isDefault: w.isDefault,
          concurrencyStamp: randomUUID(),
          createdAt: at,
          updatedAt: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      websiteIds.push(site.id);
      await trx
        .insertInto('website_languages')
        .values(DEMO.languages.map((l) => ({ websiteId: site.id, languageId: l.id, isActive: true, isDefault: l.id === 'vi-VN', createdAt: at })))
        .execute();
      await trx
        .insertInto('website_users')
        // Their roles (shared/permissions.ts): Reviewer for who reviews, Staff for the others (the administrator's is moot).
        .values(userIds.map((userId, i) => ({ websiteId: site.id, userId, createdAt: at, roleId: demoRole(DEMO.users[i]) })))
        .execute();
    }
    return { users: userIds, websites: websiteIds };
  });
}

/**
 * The history of what the start-up wrote (the demo's accounts, websites with their languages and staff, expert
 * questions; the first administrator): one `create` entry per record, by the system, with the record in wire form
 * as the routes would answer it — so a demo record's History shows where it came from. Written once the schema is
 * final (the engine reads the records), in one transaction right after the seed's; the languages list and the
 * console's OAuth client, written at every start if missing, are reference rows, not records anyone edits: no entry.
 */
export async function recordStartupWrites(db: Kysely<Database>, set: ResourceSet, written: StartupWrites, now: Date): Promise<void> {
  if (!written.users.length && !written.websites.length && !written.questions.length) return;
  const { engine, defs } = set;
  const actor = { kind: 'system' as const, id: null, name: null, address: null };
  await db.transaction().execute(async (trx) => {
    const record = async (resource: string, websiteId: number | null, recordId: number | string, state: Record<string, unknown> | undefined) => {
      if (!state) return;
      const { statusHistory: _, ...kept } = state;
      await insertEntry(trx, { websiteId, resource, recordId: String(recordId), operation: 'create', actor, changes: changesBetween(defs[resource], undefined, kept), state: { record: kept }, time: now });
    };
    if (written.users.length) {
      const users = await trx.selectFrom('users').select(['id', 'userName', 'fullName', 'email', 'role', 'canReview', 'isActive']).where('id', 'in', written.users).orderBy('id').execute();
      for (const u of users) await record('user', null, u.id, { ...u, canReview: Boolean(u.canReview), isActive: Boolean(u.isActive) });
    }
    for (const id of written.websites) {
      await record('website', id, id, await engine.read(trx, defs.website, { keys: {} }, id));
      const languages = await trx.selectFrom('website_languages').select(['languageId', 'isActive', 'isDefault']).where('websiteId', '=', id).orderBy('languageId').execute();
      for (const l of languages) await record('websiteLanguage', id, l.languageId, { languageId: l.languageId, isActive: Boolean(l.isActive), isDefault: Boolean(l.isDefault) });
      const staff = await trx
        .selectFrom('website_users as wu')
        .innerJoin('users as u', 'u.id', 'wu.userId')
        .select(['wu.userId', 'u.fullName', 'u.userName'])
        .where('wu.websiteId', '=', id)
        .orderBy('u.id')
        .execute();
      for (const m of staff) await record('websiteUser', id, m.userId, { ...m });
    }
    for (const q of written.questions) await record('qaExpert', q.websiteId, q.id, await engine.read(trx, defs.qaExpert, { websiteId: q.websiteId, keys: {} }, q.id));
  });
}

/**
 * The built-in roles (migration 0031) at every start: an area a later version added (a definition the role's grants do
 * not name yet: an administrator's saves name every area, so only a new one is missing) is given to each built-in as
 * `builtInRoles` would; and each role the migration made gets its history's create entry once. By the system, in one
 * transaction; nothing is written when nothing is missing.
 */
export async function settleBuiltInRoles(db: Kysely<Database>, set: ResourceSet, now: Date): Promise<void> {
  const defs = set.defs;
  const wanted = builtInRoles(Object.values(defs));
  const actor = { kind: 'system' as const, id: null, name: null, address: null };
  const wire = (r: { id: number; name: string; builtIn: boolean; grants: string; concurrencyStamp: string | null }) => ({
    id: r.id,
    name: JSON.parse(r.name) as unknown,
    builtIn: Boolean(r.builtIn),
    grants: JSON.parse(r.grants) as Grants,
    concurrencyStamp: r.concurrencyStamp,
  });
  await db.transaction().execute(async (trx) => {
    for (const role of wanted) {
      const row = await trx.selectFrom('roles').select(['id', 'name', 'builtIn', 'grants', 'concurrencyStamp']).where('id', '=', role.id).where('builtIn', '=', true).executeTakeFirst();
      if (!row) continue;
      const before = wire(row);
      const missing = Object.keys(role.grants).filter((k) => !(k in before.grants));
      const recorded = await trx.selectFrom(HISTORY_TABLE).select('id').where('resource', '=', 'role').where('recordId', '=', String(role.id)).executeTakeFirst();
      if (!missing.length && recorded) continue;
      let after = before;
      if (missing.length) {
        const grants = { ...before.grants, ...Object.fromEntries(missing.map((k) => [k, role.grants[k]])) };
        await trx.updateTable('roles').set({ grants: JSON.stringify(grants), concurrencyStamp: randomUUID(), updatedAt: iso(now) }).where('id', '=', role.id).execute();
        after = wire(await trx.selectFrom('roles').select(['id', 'name', 'builtIn', 'grants', 'concurrencyStamp']).where('id', '=', role.id).executeTakeFirstOrThrow());
      }
      const operation = recorded ? 'update' : 'create';
      await insertEntry(trx, {
        websiteId: null,
        resource: 'role',
        recordId: String(role.id),
        operation,
        actor,
        changes: changesBetween(defs.role, recorded ? before : undefined, after),
        state: { record: after },
        time: now,
      });
    }
  });
}
