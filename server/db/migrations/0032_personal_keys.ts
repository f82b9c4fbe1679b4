// Personal data keys (issue 40, server/privacy/keys.ts): one row per record whose personal values the history, the
// trash and the live events keep sealed (its AES-256-GCM key, wrapped with the master key), and one per month for the
// client addresses of history entries (resource `@address`, recordId 'YYYY-MM'). Erasing a record deletes its row;
// retention deletes old months' rows. Nothing else is ever written here.
import type { SitedeskMigration } from '../migrate';

export const m0032_personal_keys: SitedeskMigration = {
  name: '0032_personal_keys',
  async up(db) {
    await db.schema
      .createTable('personal_keys')
      .addColumn('resource', 'text', (c) => c.notNull())
      .addColumn('recordId', 'text', (c) => c.notNull())
      .addColumn('wrapped', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('personal_keys_pk', ['resource', 'recordId'])
      .execute();
  },
};
