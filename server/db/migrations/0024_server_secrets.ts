// Secrets every instance of the server shares (server/auth/signing-key.ts): today the access tokens' signing key, when
// JWT_SECRET does not give it. In the database, not in one instance's DATA_DIR, so that behind a load balancer a token
// one instance signed is accepted by every other. One row per secret, by name; written once, under the start-up lock.
import type { SitedeskMigration } from '../migrate';

export const m0024_server_secrets: SitedeskMigration = {
  name: '0024_server_secrets',
  async up(db) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();
  },
};
