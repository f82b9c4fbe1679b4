// Rules the database holds rather than the code that checks them (docs/api.md "Rules the database enforces"):
// at most one default website, and at most one default language per website, as partial unique indexes; and the
// index the sign-in throttle purges by. Rows that
// already broke a rule (two defaults after a race) keep the oldest as the default.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';

export const m0006_one_default: SitedeskMigration = {
  name: '0006_one_default',
  async up(db) {
    await sql`update websites set "isDefault" = ${false}
      where "isDefault" = ${true} and id <> (select min(id) from websites where "isDefault" = ${true})`.execute(db);
    await sql`create unique index websites_one_default on websites ("isDefault") where "isDefault" = ${sql.lit(true)}`.execute(db);

    await sql`update website_languages set "isDefault" = ${false}
      where "isDefault" = ${true} and "languageId" <> (
        select min(o."languageId") from website_languages o where o."websiteId" = website_languages."websiteId" and o."isDefault" = ${true})`.execute(db);
    await sql`create unique index website_languages_one_default on website_languages ("websiteId") where "isDefault" = ${sql.lit(true)}`.execute(db);

    // Sign-in attempts are purged by age across all accounts (server/auth/throttle.ts).
    await db.schema.createIndex('login_attempts_time').on('login_attempts').column('attemptedAt').execute();
  },
};
