// Migration 0012 (issue 26, item 14): collaborators and referred patients stored before phone numbers were normalised
// get their digits, so the unique index on a collaborator's number holds for one number written several ways.
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/routes';
import { describeEachDatabase } from './harness';
import { databaseBefore } from './migration-helpers';

describeEachDatabase(
  'phone number migration',
  (ctx) => {
    it('stores existing numbers as their digits; of one number written two ways the first takes it', async () => {
      const { db, close } = await databaseBefore(await ctx.freshDatabase(), '0012_phone_numbers');
      try {
        const at = '2026-01-02T03:04:05.000Z';
        const person = (fullName: string, phoneNumber: string, referralCode: string) => ({
          fullName, phoneNumber, referralCode, approvedStatus: 2, isActive: true, searchText: fullName, concurrencyStamp: 's', createdAt: at, updatedAt: at,
        });
        const [a, b, c] = await db
          .insertInto('collaborators')
          .values([person('An', '0978 975 965', 'AAAAAAAA'), person('Bình', '0978-975-965', 'BBBBBBBB'), person('Chi', '+84 912.345.678', 'CCCCCCCC')])
          .returning('id')
          .execute();
        await db.insertInto('referrals').values({ collaboratorId: a.id, fullName: 'Dũng', phoneNumber: '0933 444 555', status: 0, searchText: 'dung', concurrencyStamp: 's', createdAt: at, updatedAt: at }).execute();

        await migrateToLatest(db, migrations);
        const rows = await db.selectFrom('collaborators').select(['id', 'phoneNumber', 'searchText']).orderBy('id').execute();
        expect(rows).toEqual([
          { id: a.id, phoneNumber: '0978975965', searchText: 'an 0978975965' },
          { id: b.id, phoneNumber: '0978-975-965', searchText: 'Bình' },
          { id: c.id, phoneNumber: '+84912345678', searchText: 'chi +84912345678' },
        ]);
        expect(await db.selectFrom('referrals').select(['phoneNumber', 'searchText']).execute()).toEqual([{ phoneNumber: '0933444555', searchText: 'dung 0933444555' }]);
      } finally {
        await close();
      }
    });
  },
);
