// Not a benchmark (leading underscore: npm run bench skips it): the list bench's bare line (list-page.ts), run as its own
// process like the server. One plain Fastify route, GET /api/News/{website}/{lang}?page&pageSize[&keyword], that answers
// what Sitedesk's news list answers — the same rows in the same order, the same total, the same JSON — from the same
// database, with one prepared statement per request and nothing of Sitedesk's framework (no engine, no Kysely, no
// hooks, no plugins): better-sqlite3 or pg directly. What it leaves out, so that it is the limit of the stack rather
// than a second server:
//  - no sign-in check, no staff check, no change number read (Sitedesk reads the session and the number in one
//    statement per request);
//  - the total is counted once per website and keyword and kept for the process's life (nothing is written while the
//    bench measures; Sitedesk keeps it per change number);
//  - the texts of the asked language only (every row the bench reads has one; Sitedesk falls back to another language
//    for a row without, which the bench checks by comparing the two answers before measuring);
//  - the keyword by `LIKE` on the folded search text, the plan Sitedesk's own choice picks for a common word.
// The folding of the keyword is the project's (shared/text.ts): the stored search text was folded by it.
//   node --import tsx tests/bench/_bare-list.ts <sqlite file | postgres URL>
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { foldText } from '../../shared/text';

const target = process.argv[2];
const postgres = /^postgres(ql)?:\/\//.test(target);

/** The columns of a news list row, in the wire's order (as stored, but `createTime`/`updateTime`). */
const COLUMNS = ['id', 'websiteId', 'featureImage', 'featureImageMobile', 'altFeatureImage', 'bannerImages', 'bannerImagesMobile', 'altImages', 'isMobile', 'isHomePage', 'isHot', 'isActive', 'type', 'startTime', 'approvedStatus', 'declineReason', 'submittedBy', 'viewCount', 'creatorId', 'creatorFullName', 'createdAt', 'updatedAt', 'concurrencyStamp'];
const BOOLEANS = new Set(['isMobile', 'isHomePage', 'isHot', 'isActive']);

/** The columns as selected: the quoted names of `news`, then the asked language's texts. */
const selected = `${COLUMNS.map((c) => `n."${c}"`).join(', ')}, t."languageId", t."title", t."description", t."seoLink"`;

/** The page's statement, SQLite's or PostgreSQL's: (lang, website[, pattern], limit, offset). */
function pageSql(keyword: boolean): string {
  if (postgres) {
    return `select ${selected},
        (select coalesce(json_agg(json_build_object('categoryId', nc."categoryId", 'name', coalesce(c."name", '{}')) order by nc."sortOrder"), '[]')
          from news_categories nc join categories c on c.id = nc."categoryId" and c."websiteId" = nc."websiteId" where nc."newsId" = n.id) as categories,
        (select coalesce(json_agg(json_build_object('name', tg.name) order by tl."sortOrder"), '[]')
          from tag_links tl join tags tg on tg.id = tl."tagId" where tl.kind = 'news' and tl."objectId" = n.id) as tags
      from news n left join news_translations t on t."newsId" = n.id and t."languageId" = $1
      where n."websiteId" = $2${keyword ? ` and n."searchText" like $3 escape '\\'` : ''}
      order by n."createdAt" desc, n.id desc limit $${keyword ? 4 : 3} offset $${keyword ? 5 : 4}`;
  }
  // SQLite's json_group_array keeps the order of the rows it is given.
  return `select ${selected},
      (select coalesce(json_group_array(json_object('categoryId', x.categoryId, 'name', coalesce(x.name, '{}'))), '[]')
        from (select nc.categoryId, c.name from news_categories nc join categories c on c.id = nc.categoryId and c.websiteId = nc.websiteId
              where nc.newsId = n.id order by nc.sortOrder) x) as categories,
      (select coalesce(json_group_array(json_object('name', x.name)), '[]')
        from (select tg.name from tag_links tl join tags tg on tg.id = tl.tagId where tl.kind = 'news' and tl.objectId = n.id order by tl.sortOrder) x) as tags
    from news n left join news_translations t on t.newsId = n.id and t.languageId = ?
    where n.websiteId = ?${keyword ? ` and n.searchText like ? escape '\\'` : ''}
    order by n.createdAt desc, n.id desc limit ? offset ?`;
}

const countSql = (keyword: boolean) =>
  postgres
    ? `select count(*)::int as n from news where "websiteId" = $1${keyword ? ` and "searchText" like $2 escape '\\'` : ''}`
    : `select count(*) as n from news where websiteId = ?${keyword ? ` and searchText like ? escape '\\'` : ''}`;

type Raw = Record<string, unknown>;
interface Reader {
  page(keyword: boolean, values: unknown[]): Promise<Raw[]>;
  count(keyword: boolean, values: unknown[]): Promise<number>;
}

function sqliteReader(file: string): Reader {
  const db = new Database(file, { readonly: true });
  const pages = [pageSql(false), pageSql(true)].map((text) => db.prepare(text));
  const counts = [countSql(false), countSql(true)].map((text) => db.prepare(text));
  return {
    page: async (keyword, values) => pages[Number(keyword)].all(...values) as Raw[],
    count: async (keyword, values) => (counts[Number(keyword)].get(...values) as { n: number }).n,
  };
}

function postgresReader(url: string): Reader {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const pages = [pageSql(false), pageSql(true)];
  return {
    // A named statement: each connection parses and plans it once.
    page: async (keyword, values) => (await pool.query({ name: `page${Number(keyword)}`, text: pages[Number(keyword)], values })).rows,
    count: async (keyword, values) => (await pool.query(countSql(keyword), values)).rows[0].n,
  };
}

const reader = postgres ? postgresReader(target) : sqliteReader(target);
const totals = new Map<string, Promise<number>>();

/** A stored row in wire form (SQLite: 0/1 booleans, JSON arrays as text). */
function wire(r: Raw): Raw {
  const out: Raw = {};
  for (const c of COLUMNS) {
    const v = r[c];
    out[c === 'createdAt' ? 'createTime' : c === 'updatedAt' ? 'updateTime' : c] = BOOLEANS.has(c) && typeof v === 'number' ? v !== 0 : v;
  }
  out.languageId = r.languageId;
  out.title = r.title ?? '';
  out.description = r.description ?? '';
  out.seoLink = r.seoLink ?? '';
  out.categoriesNews = typeof r.categories === 'string' ? JSON.parse(r.categories) : r.categories;
  out.subjectTags = typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags;
  return out;
}

const app = Fastify();
app.get<{ Params: { website: string; lang: string }; Querystring: { page?: string; pageSize?: string; keyword?: string } }>('/api/News/:website/:lang', async (request) => {
  const website = Number(request.params.website);
  const size = Math.min(Number(request.query.pageSize ?? 20), 1000);
  const offset = (Number(request.query.page ?? 1) - 1) * size;
  const keyword = request.query.keyword?.trim();
  const pattern = keyword ? `%${foldText(keyword).replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const filter = pattern ? [website, pattern] : [website];
  const key = `${website}\u0000${pattern ?? ''}`;
  let total = totals.get(key);
  if (!total) totals.set(key, (total = reader.count(Boolean(pattern), filter)));
  const rows = await reader.page(Boolean(pattern), [request.params.lang, ...filter, size, offset]);
  return { data: rows.map(wire), totalRows: await total };
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`bare list listening on ${address}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
