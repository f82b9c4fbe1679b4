// The referral team (spec part 2: Team, Customer, Payment popup): collaborators, the patients they refer, the
// payment ledger, and the keys of the integrations that record completed visits. The money rules live here, in the
// database (docs/api.md "Rules the database enforces"):
//   - statuses are CHECKs; amounts are integer dong, never negative on a referral;
//   - a referral points to at most one payment (`paymentId`), and only once it is completed with an amount and a
//     visit day (a CHECK); paying sets it with `… where "paymentId" is null` under the collaborator's row lock, so
//     of two payments of the same referral exactly one writes it;
//   - ledger rows (payments and their lines) are never updated or deleted: triggers refuse it; a payment is
//     reversed by a new entry (`reversalOf`, unique: once).
import { sql } from 'kysely';
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0009_team: SitedeskMigration = {
  name: '0009_team',
  async up(db, dialect) {
    await addIdColumn(db.schema.createTable('collaborators'), dialect)
      .addColumn('fullName', 'text', (c) => c.notNull())
      .addColumn('phoneNumber', 'text', (c) => c.notNull().unique())
      .addColumn('birthday', 'text')
      .addColumn('bankName', 'text')
      .addColumn('bankingNumber', 'text')
      .addColumn('bankAccountName', 'text')
      .addColumn('objectName', 'text')
      .addColumn('referralCode', 'text', (c) => c.notNull().unique())
      .addColumn('approvedStatus', 'integer', (c) => c.notNull().defaultTo(1).check(sql`"approvedStatus" in (1, 2, 3)`))
      .addColumn('declineReason', 'text')
      .addColumn('isActive', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('websiteId', 'integer', (c) => c.references('websites.id').onDelete('set null'))
      .addColumn('searchText', 'text', (c) => c.notNull())
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('collaborators_status').on('collaborators').columns(['approvedStatus', 'createdAt']).execute();

    await addIdColumn(db.schema.createTable('payments'), dialect)
      .addColumn('collaboratorId', 'integer', (c) => c.notNull().references('collaborators.id'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment', 'reversal')`))
      .addColumn('reversalOf', 'integer', (c) => c.unique().references('payments.id'))
      .addColumn('paymentType', 'integer', (c) => c.check(sql`"paymentType" in (0, 1)`))
      .addColumn('paymentDay', 'text')
      .addColumn('month', 'integer', (c) => c.check(sql`month between 1 and 12`))
      .addColumn('year', 'integer')
      .addColumn('proofUrl', 'text')
      .addColumn('reason', 'text')
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('paidBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('paidByName', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addCheckConstraint('payments_kind_shape', sql`(kind = 'payment' and "reversalOf" is null and "paymentType" is not null and total > 0) or (kind = 'reversal' and "reversalOf" is not null and total < 0)`)
      .execute();
    await db.schema.createIndex('payments_collaborator').on('payments').columns(['collaboratorId', 'createdAt']).execute();

    await addIdColumn(db.schema.createTable('referrals'), dialect)
      .addColumn('collaboratorId', 'integer', (c) => c.notNull().references('collaborators.id'))
      .addColumn('websiteId', 'integer', (c) => c.references('websites.id').onDelete('set null'))
      .addColumn('fullName', 'text', (c) => c.notNull())
      .addColumn('phoneNumber', 'text', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0).check(sql`status between 0 and 4`))
      .addColumn('appointmentDate', 'text')
      .addColumn('description', 'text')
      .addColumn('visitDate', 'text')
      .addColumn('amount', 'integer', (c) => c.check(sql`amount is null or amount >= 0`))
      .addColumn('paymentId', 'integer', (c) => c.references('payments.id'))
      .addColumn('searchText', 'text', (c) => c.notNull())
      .addColumn('concurrencyStamp', 'text', (c) => c.notNull())
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .addCheckConstraint('referrals_paid_when_completed', sql`"paymentId" is null or (status = 1 and amount > 0 and "visitDate" is not null)`)
      .execute();
    await db.schema.createIndex('referrals_collaborator').on('referrals').columns(['collaboratorId', 'paymentId', 'visitDate']).execute();
    await db.schema.createIndex('referrals_created').on('referrals').columns(['createdAt']).execute();

    await addIdColumn(db.schema.createTable('payment_lines'), dialect)
      .addColumn('paymentId', 'integer', (c) => c.notNull().references('payments.id'))
      .addColumn('referralId', 'integer', (c) => c.notNull().references('referrals.id'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addUniqueConstraint('payment_lines_once', ['paymentId', 'referralId'])
      .execute();
    await db.schema.createIndex('payment_lines_referral').on('payment_lines').column('referralId').execute();

    // The ledger is append-only.
    if (dialect === 'postgres') {
      await sql`create function sitedesk_ledger_append_only() returns trigger language plpgsql as $$
        begin raise exception 'the payment ledger is append-only: % on %', tg_op, tg_table_name using errcode = '55000'; end $$`.execute(db);
      for (const table of ['payments', 'payment_lines']) {
        await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)} for each row execute function sitedesk_ledger_append_only()`.execute(db);
      }
    } else {
      for (const table of ['payments', 'payment_lines']) {
        for (const event of ['update', 'delete']) {
          await sql`create trigger ${sql.id(`${table}_append_only_${event}`)} before ${sql.raw(event)} on ${sql.table(table)}
            begin select raise(abort, ${sql.lit(`the payment ledger is append-only: ${event} on ${table}`)}); end`.execute(db);
        }
      }
    }

    await addIdColumn(db.schema.createTable('integration_keys'), dialect)
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('keyHash', 'text', (c) => c.notNull().unique())
      .addColumn('keyPrefix', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('revokedAt', 'text')
      .addColumn('lastUsedAt', 'text')
      .execute();
  },
};
