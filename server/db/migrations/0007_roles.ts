// Roles (docs/api.md "Roles"): every user is an administrator or staff, and may review or not. Until now every
// signed-in user could do everything: the first account (the one the server was set up with) becomes the
// administrator and a reviewer; everyone else staff. News and questions remember who submitted them for review,
// so nobody decides on their own submission.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';

export const m0007_roles: SitedeskMigration = {
  name: '0007_roles',
  async up(db) {
    await db.schema.alterTable('users').addColumn('role', 'text', (c) => c.notNull().defaultTo('staff')).execute();
    await db.schema.alterTable('users').addColumn('canReview', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
    await sql`update users set role = 'admin', "canReview" = ${true} where id = (select min(id) from users)`.execute(db);
    await db.schema.alterTable('news').addColumn('submittedBy', 'integer').execute();
    await db.schema.alterTable('qa_questions').addColumn('submittedBy', 'integer').execute();
  },
};
