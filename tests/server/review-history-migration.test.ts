// Migration 0008: a database made before it keeps its news history, now in the one review history of news, Q&A and
// services — read back through the news detail as before.
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/routes';
import { describeEachDatabase } from './harness';
import { databaseBefore } from './migration-helpers';

describeEachDatabase(
  'review history migration',
  (ctx) => {
    it('moves the news status history into review_history, reasons and authors intact', async () => {
      const { db, close } = await databaseBefore(await ctx.freshDatabase(), '0008_review_history');
      try {
        const at = '2026-01-02T03:04:05.000Z';
        const [site] = await db.insertInto('websites').values({ name: '{"vi-VN":"Cũ"}', concurrencyStamp: 's', createdAt: at, updatedAt: at }).returning('id').execute();
        const [news] = await db.insertInto('news').values({ websiteId: site.id, concurrencyStamp: 's', createdAt: at, updatedAt: at, approvedStatus: 3 }).returning('id').execute();
        await db.insertInto('news_status_history').values([
          { newsId: news.id, websiteId: site.id, status: 1, reason: null, userFullName: 'Người gửi', time: at },
          { newsId: news.id, websiteId: site.id, status: 3, reason: 'Thiếu nguồn', userFullName: 'Người duyệt', time: at },
        ]).execute();

        await migrateToLatest(db, migrations);
        const rows = await db.selectFrom('review_history').select(['kind', 'objectId', 'websiteId', 'status', 'reason', 'userFullName']).orderBy('id').execute();
        expect(rows).toEqual([
          { kind: 'news', objectId: news.id, websiteId: site.id, status: 1, reason: null, userFullName: 'Người gửi' },
          { kind: 'news', objectId: news.id, websiteId: site.id, status: 3, reason: 'Thiếu nguồn', userFullName: 'Người duyệt' },
        ]);
        const tables = (await db.introspection.getTables()).map((t: { name: string }) => t.name);
        expect(tables).not.toContain('news_status_history');
      } finally {
        await close();
      }
    });
  },
);
