// GET /api/Dashboard/{website}: the dashboard's figures, counted from the records (never invented).
// Each area contributes one small counting function to FIGURES; an area that lands later (bookings,
// feedback) adds its figure by adding its contributor here, not by editing a handler.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { requireWebsite } from '../resources/index';
import { ok } from '../http/envelope';
import type { Db } from '../editorial/common';
import { M } from '../messages';

type Contributor = (db: Db, websiteId: number) => Promise<Record<string, number>>;

/** `{ [status]: count }` of one GROUP BY, with every known status present (0 when none). */
async function countByStatus(db: Db, table: 'news' | 'qa_questions', websiteId: number) {
  const rows = await db
    .selectFrom(table)
    .select(['approvedStatus', sql<string | number>`count(*)`.as('n')])
    .where('websiteId', '=', websiteId)
    .groupBy('approvedStatus')
    .execute();
  const counts = new Map(rows.map((r) => [Number(r.approvedStatus), Number(r.n)]));
  const at = (status: number) => counts.get(status) ?? 0;
  return { draft: at(0), pending: at(1), approved: at(2), declined: at(3), total: [...counts.values()].reduce((a, b) => a + b, 0) };
}

export const FIGURES: Record<string, Contributor> = {
  /** News of the website by review status. */
  news: (db, websiteId) => countByStatus(db, 'news', websiteId),
  /** Expert questions: by review status, and how many still wait for an answer. */
  qa: async (db, websiteId) => {
    const byStatus = await countByStatus(db, 'qa_questions', websiteId);
    const row = await db
      .selectFrom('qa_questions')
      .select(sql<string | number>`count(*)`.as('n'))
      .where('websiteId', '=', websiteId)
      .where('isAnswer', '=', false)
      .executeTakeFirst();
    return { ...byStatus, unanswered: Number(row?.n ?? 0) };
  },
  /** The file manager (organisation-wide, as its calls carry no website): files and bytes stored. */
  files: async (db) => {
    const row = await db
      .selectFrom('files')
      .select([sql<string | number>`count(*)`.as('n'), sql<string | number | null>`sum(size)`.as('bytes')])
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
  },
};

export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/Dashboard/:website', async (request) => {
    const websiteId = await requireWebsite(app.db, request, (request.params as { website: string }).website);
    const data: Record<string, Record<string, number>> = {};
    for (const [name, count] of Object.entries(FIGURES)) data[name] = await count(app.db, websiteId);
    return ok(request, M.success, data);
  });
};
