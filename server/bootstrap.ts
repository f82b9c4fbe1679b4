// What a database needs before the first request: the languages and the console's OAuth
// client always; on an empty database (no accounts) either the demo content (SEED_DEMO=1) or the
// one administrator from ADMIN_USERNAME / ADMIN_PASSWORD. Every step is idempotent.
import type { Role } from '../shared/roles';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sha256 } from './auth/crypto';
import { hashPassword } from './auth/passwords';
import { CONSOLE_CLIENT_ID } from './auth/routes';
import { iso } from './db/dialect';
import type { Database } from './db/schema';
import type { SeedOptions } from './config';
import { seedEditorialDemo } from './demo/questions';

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

/** Answers whether the demo accounts were created just now (then the caller seeds the demo content). */
export async function prepareDatabase(db: Kysely<Database>, seed: SeedOptions, now: Date): Promise<boolean> {
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
  if (anyUser) return false;

  if (seed.demo) {
    await seedDemo(db, now);
    await seedEditorialDemo(db, now);
  }
  const admin = seed.admin;
  if (admin) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('normalizedUserName', '=', admin.userName.toLowerCase())
      .executeTakeFirst();
    // The account the server is set up with administers it.
    if (!taken) await createUser(db, now, { ...admin, fullName: admin.fullName ?? admin.userName, role: 'admin', canReview: true });
  }
  if (!seed.demo && !admin) {
    throw new StartupError(
      'The database has no accounts yet: set ADMIN_USERNAME and ADMIN_PASSWORD for the first administrator (or SEED_DEMO=1 for demo content).',
    );
  }
  return Boolean(seed.demo);
}

async function seedDemo(db: Kysely<Database>, now: Date): Promise<void> {
  const at = iso(now);
  // Hash outside the transaction: argon2 takes a while and SQLite holds one connection.
  const hashes = await Promise.all(DEMO.users.map((u) => hashPassword(u.password)));
  await db.transaction().execute(async (trx) => {
    const userIds: number[] = [];
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
      await trx
        .insertInto('website_languages')
        .values(DEMO.languages.map((l) => ({ websiteId: site.id, languageId: l.id, isActive: true, isDefault: l.id === 'vi-VN', createdAt: at })))
        .execute();
      await trx
        .insertInto('website_users')
        .values(userIds.map((userId) => ({ websiteId: site.id, userId, createdAt: at })))
        .execute();
    }
  });
}
