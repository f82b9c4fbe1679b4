// The second factor and the sign-in records (issue 39; server/auth/two-factor.ts, server/auth/sign-ins.ts):
//  - users: the TOTP secret (encrypted with a key derived from the server's signing key: never stored in the clear),
//    pending until `totpEnabledAt` is set; the last time step a code was accepted at (a code is accepted once: the
//    sign-in moves it forward by a conditional update, so two uses of one code cannot both pass);
//  - users.totpEnabledAt: also added by migration 0029 (accounts). Added here only when missing, so either order of the
//    two works;
//  - totp_recovery_codes: ten per enrolment, SHA-256 of each (random, high-entropy codes), each used once;
//  - sign_ins: one row per sign-in, successful or not (no longer entries of the append-only history: anyone could grow
//    that without signing in), purged after SIGN_IN_RETENTION_DAYS;
//  - login_attempts by client address: failed sign-ins are also throttled per address;
//  - event_streams: the live event streams open on every instance (server/events/routes.ts), so a user holds at most
//    ten in all: the next one closes the oldest, wherever it is.
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0030_two_factor: SitedeskMigration = {
  name: '0030_two_factor',
  async up(db, dialect) {
    const users = (await db.introspection.getTables()).find((t) => t.name === 'users');
    const has = new Set(users?.columns.map((c) => c.name) ?? []);
    if (!has.has('totpEnabledAt')) await db.schema.alterTable('users').addColumn('totpEnabledAt', 'text').execute();
    await db.schema.alterTable('users').addColumn('totpSecret', 'text').execute();
    await db.schema.alterTable('users').addColumn('totpLastStep', 'bigint').execute();

    await addIdColumn(db.schema.createTable('totp_recovery_codes'), dialect)
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('codeHash', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .execute();
    await db.schema.createIndex('totp_recovery_codes_user').on('totp_recovery_codes').columns(['userId', 'codeHash']).execute();

    await addIdColumn(db.schema.createTable('sign_ins'), dialect)
      .addColumn('time', 'text', (c) => c.notNull())
      /** the account name as typed, cut to the user name's length */
      .addColumn('userName', 'text', (c) => c.notNull())
      /** the account's id when the name is one */
      .addColumn('userId', 'integer')
      .addColumn('clientAddress', 'text')
      .addColumn('userAgent', 'text')
      /** success | wrongPassword | inactive | throttled | mfaRequired | wrongCode */
      .addColumn('outcome', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_ins_time').on('sign_ins').columns(['time', 'id']).execute();
    await db.schema.createIndex('sign_ins_user').on('sign_ins').columns(['userId', 'time']).execute();

    await addIdColumn(db.schema.createTable('event_streams'), dialect)
      .addColumn('userId', 'integer', (c) => c.notNull())
      .addColumn('openedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('event_streams_user').on('event_streams').columns(['userId', 'id']).execute();

    await db.schema.createIndex('login_attempts_ip').on('login_attempts').columns(['ip', 'attemptedAt']).execute();
  },
};
