// Accounts, OAuth sessions, push registrations, languages and websites.
import type { SitedeskMigration } from '../migrate';
import { addIdColumn } from '../dialect';

export const m0001_core: SitedeskMigration = {
  name: '0001_core',
  async up(db, dialect) {
    await db.schema
      .createTable('languages')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('sortOrder', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await addIdColumn(db.schema.createTable('users'), dialect)
      .addColumn('userName', 'text', (c) => c.notNull())
      .addColumn('normalizedUserName', 'text', (c) => c.notNull().unique())
      .addColumn('fullName', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('passwordHash', 'text', (c) => c.notNull())
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('oauth_clients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('secretHash', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('token_families')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('clientId', 'text', (c) => c.notNull().references('oauth_clients.id').onDelete('cascade'))
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('revokedAt', 'text')
      .addColumn('revokedReason', 'text')
      .execute();
    await db.schema.createIndex('token_families_user').on('token_families').column('userId').execute();

    await addIdColumn(db.schema.createTable('refresh_tokens'), dialect)
      .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
      .addColumn('familyId', 'text', (c) => c.notNull().references('token_families.id').onDelete('cascade'))
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('clientId', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('expiresAt', 'text', (c) => c.notNull())
      .addColumn('usedAt', 'text')
      .addColumn('revokedAt', 'text')
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('familyId').execute();

    await addIdColumn(db.schema.createTable('login_attempts'), dialect)
      .addColumn('normalizedUserName', 'text', (c) => c.notNull())
      .addColumn('attemptedAt', 'text', (c) => c.notNull())
      .addColumn('succeeded', 'boolean', (c) => c.notNull())
      .addColumn('ip', 'text')
      .execute();
    await db.schema
      .createIndex('login_attempts_user_time')
      .on('login_attempts')
      .columns(['normalizedUserName', 'attemptedAt'])
      .execute();

    await addIdColumn(db.schema.createTable('push_tokens'), dialect)
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('isActive', 'boolean', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('push_tokens_user').on('push_tokens').column('userId').execute();

    await addIdColumn(db.schema.createTable('websites'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('phoneNumber', 'text')
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('isDefault', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('website_languages')
      .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('languageId', 'text', (c) => c.notNull().references('languages.id').onDelete('cascade'))
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('isDefault', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('website_languages_pk', ['websiteId', 'languageId'])
      .execute();

    await db.schema
      .createTable('website_users')
      .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('website_users_pk', ['websiteId', 'userId'])
      .execute();
    await db.schema.createIndex('website_users_user').on('website_users').column('userId').execute();
  },
};
