// Issue 39 (accounts): what the accounts' screens and the sessions' list read, and the one-time password reset links.
//   users.lastSignInAt       the start of the account's newest session (TokenService.startSession)
//   users.searchText         the engine's keyword search over the accounts (user name, full name, e-mail; case and
//                            Vietnamese diacritics folded); filled for the accounts already there by the module's
//                            ready step (server/accounts/manifest.ts)
//   users.totpEnabledAt      when the second factor was turned on (helper "twofa" sets it; the Users list answers
//                            `twoFactor: totpEnabledAt !== null`)
//   token_families.lastUsedAt, clientAddress, userAgent
//                            a session as "your sessions" shows it: where and with what it signed in, and its last
//                            refresh (a refresh every few minutes per open console)
//   password_reset_tokens    a reset link's token, stored only as its SHA-256, valid until expiresAt, used once
//                            (usedAt, set by one conditional update)
// The unique key of the accounts is users.normalizedUserName's (0001): checked here, since the accounts' create
// counts on it under a race.
import { sql } from 'kysely';
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

declare module '../schema' {
  interface Database {
    password_reset_tokens: PasswordResetTokensTable;
  }
}

export interface PasswordResetTokensTable {
  id: import('kysely').Generated<number>;
  /** SHA-256 hex of the link's token; the token itself is never stored */
  tokenHash: string;
  userId: number;
  /** the administrator who made the link */
  createdBy: number | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export const m0029_accounts: SitedeskMigration = {
  name: '0029_accounts',
  async up(db, dialect) {
    await db.schema.alterTable('users').addColumn('lastSignInAt', 'text').execute();
    await db.schema.alterTable('users').addColumn('totpEnabledAt', 'text').execute();
    await db.schema.alterTable('users').addColumn('searchText', 'text').execute();
    await db.schema.alterTable('token_families').addColumn('lastUsedAt', 'text').execute();
    await db.schema.alterTable('token_families').addColumn('clientAddress', 'text').execute();
    await db.schema.alterTable('token_families').addColumn('userAgent', 'text').execute();

    await addIdColumn(db.schema.createTable('password_reset_tokens'), dialect)
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('createdBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .execute();
    await db.schema.createIndex('password_reset_tokens_user').on('password_reset_tokens').column('userId').execute();

    // The accounts' unique key: 0001 declared it (UNIQUE on normalizedUserName); a database without it would let two
    // creates of one name at once both succeed, so a missing one is made here (it fails on duplicates already stored,
    // which the server must not start over).
    const unique =
      dialect === 'postgres'
        ? await sql<{ n: number }>`select count(*)::int as n from pg_indexes where tablename = 'users' and indexdef ilike '%unique%' and indexdef ilike '%"normalizedUserName"%'`.execute(db)
        : await sql<{ n: number }>`select count(*) as n from pragma_index_list('users') as l where l."unique" = 1 and exists (select 1 from pragma_index_info(l.name) where name = 'normalizedUserName')`.execute(db);
    if (!Number(unique.rows[0]?.n)) await db.schema.createIndex('users_normalized_user_name').unique().on('users').column('normalizedUserName').execute();
  },
};
