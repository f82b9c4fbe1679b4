// Issue 39, roles as data (docs/api.md "Roles"): a website's staff member has one role there, a set of grants per
// resource area (shared/permissions.ts). The five built-in roles are made here with fixed ids (Staff 1 … Recruiter 5,
// `BUILT_IN_IDS`), from the definitions as they are now (administrators edit them later). Every membership gets a role:
// Staff, or Reviewer where the user could review (`users.canReview`, kept but no longer read). `website_users.roleId`
// refers to its role without cascade: the database refuses to delete a role a membership uses. A membership added
// without a role is Staff (the column's default; built-in roles are not deleted).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { builtInRoles, BUILT_IN_IDS } from '../../../shared/permissions';
import { resources } from '../../../shared/resources/index';
import type { SitedeskMigration } from '../migrate';

export const m0031_roles: SitedeskMigration = {
  name: '0031_roles',
  async up(db, dialect) {
    const postgres = dialect === 'postgres';
    await db.schema
      .createTable('roles')
      .addColumn('id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('builtIn', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('grants', 'text', (c) => c.notNull())
      .addColumn('concurrencyStamp', 'text')
      .addColumn('createdAt', 'text')
      .addColumn('updatedAt', 'text')
      .execute();
    const now = new Date().toISOString();
    for (const role of builtInRoles(Object.values(resources))) {
      await db
        .insertInto('roles')
        .values({ id: role.id, name: JSON.stringify(role.name), builtIn: true, grants: JSON.stringify(role.grants), concurrencyStamp: randomUUID(), createdAt: now, updatedAt: now })
        .execute();
    }
    const roleOf = sql`case when exists (select 1 from users u where u.id = ${sql.ref('website_users.userId')} and u.${sql.ref('canReview')} = ${true}) then ${sql.lit(BUILT_IN_IDS.reviewer)} else ${sql.lit(BUILT_IN_IDS.staff)} end`;
    if (postgres) {
      await sql`select setval(pg_get_serial_sequence('roles', 'id'), (select max(id) from roles))`.execute(db);
      await db.schema.alterTable('website_users').addColumn('roleId', 'integer', (c) => c.references('roles.id').defaultTo(BUILT_IN_IDS.staff)).execute();
      await sql`update website_users set ${sql.ref('roleId')} = ${roleOf}`.execute(db);
      await sql`alter table website_users alter column ${sql.ref('roleId')} set not null`.execute(db);
    } else {
      // SQLite adds no NOT NULL column with a reference: the table is made again with it.
      await db.schema
        .createTable('website_users_new')
        .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('roleId', 'integer', (c) => c.notNull().defaultTo(BUILT_IN_IDS.staff).references('roles.id'))
        .addPrimaryKeyConstraint('website_users_pk', ['websiteId', 'userId'])
        .execute();
      await sql`insert into website_users_new ("websiteId", "userId", "createdAt", "roleId") select "websiteId", "userId", "createdAt", ${roleOf} from website_users`.execute(db);
      await db.schema.dropTable('website_users').execute();
      await db.schema.alterTable('website_users_new').renameTo('website_users').execute();
      await db.schema.createIndex('website_users_user').ifNotExists().on('website_users').column('userId').execute();
    }
    await db.schema.createIndex('website_users_role').on('website_users').column('roleId').execute();
  },
};
