// Migration 0015: the status history is keyed by the resource's name (the engine keeps it for any definition whose
// machine says `history: true`); expert Q&A rows written as 'qa' before it are read under 'qaExpert' after it.
import { expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/routes';
import { describeEachDatabase } from './harness';
import { databaseBefore } from './migration-helpers';

describeEachDatabase('status history by resource name migration', (ctx) => {
  it("renames the Q&A history's kind to its resource, leaving news and services as they were", async () => {
    const { db, close } = await databaseBefore(await ctx.freshDatabase(), '0015_history_by_resource');
    try {
      const at = '2026-01-02T03:04:05.000Z';
      const [site] = await db.insertInto('websites').values({ name: '{"vi-VN":"Cũ"}', concurrencyStamp: 's', createdAt: at, updatedAt: at }).returning('id').execute();
      const row = (kind: string, status: number) => ({ kind, objectId: 7, websiteId: site.id, status, reason: null, userFullName: 'Người duyệt', time: at });
      await db.insertInto('review_history').values([row('news', 1), row('qa', 1), row('qa', 3), row('service', 2)]).execute();

      await migrateToLatest(db, migrations);
      const kinds = (await db.selectFrom('review_history').select(['kind', 'status']).orderBy('id').execute()).map((r: { kind: string; status: number }) => [r.kind, r.status]);
      expect(kinds).toEqual([['news', 1], ['qaExpert', 1], ['qaExpert', 3], ['service', 2]]);
    } finally {
      await close();
    }
  });
});
