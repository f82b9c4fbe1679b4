// The delivery API's news page at 100,000 news (issue 28, "Performance"): what a public website calls,
// `GET /content/1/vi-VN/news?page=1&pageSize=50` (50 news, newest first, with totalRows), against the real server on
// SQLite and on PostgreSQL (embedded), side by side in the same run with Directus 11's public `GET /items/news` (its
// public policy given read access, same news, same filter and sort, 50 items with the count), at 10 and 50
// connections. Target: Sitedesk ≥ 20× Directus' requests per second.
//
// Then what a revalidation costs: a 304 (If-None-Match with the current ETag) against a full answer, in server CPU per
// request, the full answer measured twice to be honest about it: as served from the built-answer cache (the same
// page asked again) and as built (every request misses the cache: the same page with its query spelled differently,
// see `spellings`). Target: the 304 ≤ 25% of the full answer.
//
// The news: 100,000 over websites 1 and 2 (alternating), approved and active, started one minute apart up to an hour
// ago (newer than the demo's, so the page is the bench's news on both sides), each in Vietnamese and English with a
// description, ~2 KB of content, the feature images and one of its website's demo categories; loaded straight into the
// database while no server runs, then published by the server's start (the backfill of approved news).
// Directus holds the same news as a website's developer would model them for a page like this: a status, the
// Vietnamese text, and the categories as a JSON field (cheaper for Directus than a relation: the comparison errs its
// way). Both answer uncompressed (autocannon sends no Accept-Encoding).
//
// BENCH_CONTENT_ROWS (default 100,000) and BENCH_CONTENT_SECONDS (default 5, per figure) for a quicker run;
// BENCH_CONTENT_DATABASES=sqlite or postgres for one of the two; BENCH_DIRECTUS=0 leaves the peer out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../server/db/index';
import { dynamic } from '../../server/resources/dynamic';
import { foldedText } from '../../shared/text';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { startDirectusWith } from './_directus';
import { benchNewsRow, cannon, machineLoad, printLoadRows, runIfMain, startServer, type BenchServer, type LoadRow, type Meter } from './_support';

const ROWS = Number(process.env.BENCH_CONTENT_ROWS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_CONTENT_SECONDS ?? 5);
const PAGE_SIZE = 50;
const TARGET_RATIO = 20;
const TARGET_304 = 0.25;
/** The rate limit of /content per client address, out of the way: every request here comes from one address. */
const RATE_LIMIT = '100000000';

const NEWS_PAGE = 'news page (50 news, newest first)';
const REVALIDATION = '304 revalidation (If-None-Match)';
const CACHED = 'full answer, from the built-answer cache';
const BUILT = 'full answer, built (a cache miss each request)';
const FLOOR = 'GET /health (the HTTP floor: no database, a tiny answer)';

const CONTENT = `<p>${'Nội dung bài viết về sức khỏe và dịch vụ của phòng khám. '.repeat(36)}</p>`; // ~2 KB
const WORDS = ['Tầm soát', 'Tư vấn', 'Chăm sóc', 'Dinh dưỡng', 'Tiêm chủng', 'Xét nghiệm', 'Thư giãn', 'Trị liệu', 'Phục hồi'];

/** News `i`: its website, its texts in both languages, its start (one minute apart, the last an hour ago). */
function newsRow(i: number, startOf: number) {
  const about = WORDS[i % WORDS.length];
  return {
    websiteId: (i % 2) + 1,
    vi: { title: `${about} số ${i}`, description: `Bài viết số ${i} về ${about.toLowerCase()} tại phòng khám.`, seoLink: `bench-vi-${i}` },
    en: { title: `Care topic no. ${i}`, description: `Article no. ${i} about care at the clinic.`, seoLink: `bench-en-${i}` },
    image: `/files/bench/news-${i % 9}.png`,
    startTime: new Date(startOf + i * 60_000).toISOString(),
  };
}

/** The first start time: ROWS minutes and an hour ago. */
const firstStart = (now: number) => now - 3_600_000 - ROWS * 60_000;

interface Category {
  id: number;
  websiteId: number;
  name: string;
  seoLink: string;
}

/** The demo's active categories of websites 1 and 2 (each news gets one of its website's). */
async function categories(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Category[]> {
  const handle = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    const rows = await dynamic(handle.db).selectFrom('categories').select(['id', 'websiteId', 'name', 'seoLink']).where('isActive', '=', true).orderBy('id').execute();
    return rows as unknown as Category[];
  } finally {
    await handle.close();
  }
}

/** One of the website's categories for news `i` (Directus alone, without a Sitedesk run: one made up). */
const categoryOf = (all: Category[], websiteId: number, i: number): Category => {
  const own = all.filter((c) => c.websiteId === websiteId);
  return own[i % own.length] ?? { id: 0, websiteId, name: JSON.stringify({ 'vi-VN': 'Sức khỏe' }), seoLink: 'suc-khoe' };
};

/** ROWS approved, active news with both translations and a category, in batches (see the header). */
async function load(env: { DATA_DIR: string; DATABASE_URL?: string }, startOf: number, cats: Category[]) {
  const handle = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  const db = handle.db;
  try {
    const BATCH = 500;
    for (let from = 0; from < ROWS; from += BATCH) {
      await db.transaction().execute(async (trx) => {
        const items: ReturnType<typeof newsRow>[] = [];
        for (let i = from; i < Math.min(ROWS, from + BATCH); i++) items.push(newsRow(i, startOf));
        const at = new Date(startOf).toISOString();
        const ids = await trx
          .insertInto('news')
          .values(
            items.map((n, k) =>
              benchNewsRow({
                websiteId: n.websiteId,
                image: n.image,
                startTime: n.startTime,
                searchText: foldedText([n.vi.title, n.vi.description, n.en.title, n.en.description]),
                stamp: `bench-${from + k}`,
                at,
              }),
            ),
          )
          .returning('id')
          .execute();
        const base = { content: CONTENT, note: '', metaTitle: '', metaDescription: '', metaKeyword: '' };
        await trx
          .insertInto('news_translations')
          .values(
            ids.flatMap(({ id }, k) => [
              { ...base, ...items[k].vi, newsId: id, websiteId: items[k].websiteId, languageId: 'vi-VN' },
              { ...base, ...items[k].en, newsId: id, websiteId: items[k].websiteId, languageId: 'en-US' },
            ]),
          )
          .execute();
        await trx
          .insertInto('news_categories')
          .values(ids.map(({ id }, k) => ({ newsId: id, categoryId: categoryOf(cats, items[k].websiteId, from + k).id, websiteId: items[k].websiteId, sortOrder: 0 })))
          .execute();
      });
    }
  } finally {
    await handle.close();
  }
}

async function vacuumAnalyze(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const handle = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    await sql`vacuum analyze`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

const newsPage = (url: string, query = '') => `${url}/content/1/vi-VN/news?page=1&pageSize=${PAGE_SIZE}${query}`;

/**
 * The news page's own query, spelled differently each request so that every answer is built: page 1 and pageSize 50
 * with leading zeros and spaces around them (the server reads `0001` and ` 1 ` as 1; its answer cache keys the
 * query as sent). 8 × 8 × 10 spellings of each, taken in turn: far more than the 2,000 answers the cache keeps, so
 * none is asked twice before it is gone. The database does exactly the news page's work.
 */
function* spellings(): Generator<string> {
  const spell = (n: string, zeros: number, before: number, after: number) => `${'%20'.repeat(before)}${'0'.repeat(zeros)}${n}${'%20'.repeat(after)}`;
  const forms = (n: string, maxZeros: number) => {
    const out: string[] = [];
    for (let zeros = 0; zeros <= maxZeros; zeros++) for (let before = 0; before < 8; before++) for (let after = 0; after < 8; after++) out.push(spell(n, zeros, before, after));
    return out;
  };
  const pages = forms('1', 9);
  const sizes = forms(String(PAGE_SIZE), 8);
  for (;;) for (const size of sizes) for (const page of pages) yield `page=${page}&pageSize=${size}`;
}

async function benchDatabase(database: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<LoadRow[]> {
  const serverEnv = { ...env, DELIVERY_MAX_PER_MINUTE: RATE_LIMIT };
  // A first start makes the schema and the demo; the news go in while no server runs; the next start publishes them.
  await (await startServer(serverEnv)).stop();
  const loading = Date.now();
  await load(env, firstStart(Date.now()), await categories(env));
  console.log(`${database}: ${ROWS.toLocaleString('en-US')} news loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s`);
  const starting = Date.now();
  const server = await startServer(serverEnv);
  console.log(`${database}: the server started (and published them) in ${((Date.now() - starting) / 1000).toFixed(1)} s`);
  try {
    // What PostgreSQL's autovacuum does minutes after a bulk write (the load, and the published versions that start
    // wrote), done now: its statistics, and the visibility map that lets the page's count read the index alone. Without
    // it the count visits every heap page of the published versions: a built page then costs ~100 ms of database
    // time instead of ~11 ms (EXPLAIN ANALYZE at 100,000 news: 20,004 heap blocks against none).
    if (env.DATABASE_URL) await vacuumAnalyze(env);
    return await measure(database, env, server);
  } finally {
    await server.stop();
  }
}

async function measure(database: string, env: { DATABASE_URL?: string }, server: BenchServer): Promise<LoadRow[]> {
  const first = await fetch(newsPage(server.url));
  const body = await first.text();
  const page = JSON.parse(body) as { data: { title: string }[]; totalRows: number };
  const etag = first.headers.get('etag');
  console.log(
    `${database}: website 1 has ${page.totalRows} published news in vi-VN; the page has ${page.data.length} (${Buffer.byteLength(body).toLocaleString('en-US')} bytes), the first "${page.data[0]?.title}"`,
  );
  if (page.data.length !== PAGE_SIZE) throw new Error(`${database}: the news page has ${page.data.length} news, not ${PAGE_SIZE}`);
  if (!etag) throw new Error(`${database}: the news page has no ETag`);
  const again = await fetch(newsPage(server.url), { headers: { 'if-none-match': etag } });
  if (again.status !== 304) throw new Error(`${database}: If-None-Match with the current ETag answered ${again.status}, not 304`);
  const spelled = await fetch(`${server.url}/content/1/vi-VN/news?page=%20001%20&pageSize=0050`);
  const spelledPage = (await spelled.json()) as { data: { title: string }[] };
  if (spelled.headers.get('etag') === etag || spelledPage.data[0]?.title !== page.data[0].title || spelledPage.data.length !== PAGE_SIZE) {
    throw new Error(`${database}: the news page spelled differently is not the same page under another tag: the built figure would be wrong`);
  }

  const meter: Meter = { pid: server.pid, postgres: Boolean(env.DATABASE_URL) };
  const rows: LoadRow[] = [];
  for (const connections of [10, 50]) rows.push(await cannon(meter, DURATION_S, database, NEWS_PAGE, connections, { url: newsPage(server.url) }));

  // The revalidation against the full answer, at 10 connections (each figure's own run), and what any request costs
  // this server: GET /health, an answer of its own with no database read (the HTTP floor a 304 cannot go below).
  rows.push(await cannon(meter, DURATION_S, database, FLOOR, 10, { url: `${server.url}/health` }));
  rows.push(await cannon(meter, DURATION_S, database, REVALIDATION, 10, { url: newsPage(server.url), headers: { 'if-none-match': etag }, expect: 304 }));
  rows.push(await cannon(meter, DURATION_S, database, CACHED, 10, { url: newsPage(server.url) }));
  const next = spellings();
  rows.push(
    await cannon(meter, DURATION_S, database, BUILT, 10, {
      url: server.url,
      requests: [{ setupRequest: (request) => ({ ...request, path: `/content/1/vi-VN/news?${next.next().value as string}` }) }],
    }),
  );
  return rows;
}

/** The same news in Directus (see the header): website, status, the Vietnamese texts, images, start, categories. */
function* directusRows(startOf: number, cats: Category[]): Generator<(string | number | null)[]> {
  for (let i = 0; i < ROWS; i++) {
    const n = newsRow(i, startOf);
    const category = categoryOf(cats, n.websiteId, i);
    const name = (JSON.parse(category.name) as Record<string, string>)['vi-VN'];
    yield [n.websiteId, 'published', n.vi.title, n.vi.description, n.vi.seoLink, n.image, n.image, Date.parse(n.startTime), JSON.stringify([{ name, seoLink: category.seoLink }]), CONTENT];
  }
}

/** Directus' public list: website 1, published and started, newest first, 50 items and the count, no token. */
async function benchDirectus(dataDir: string, cats: Category[]): Promise<LoadRow[]> {
  const loading = Date.now();
  const directus = await startDirectusWith(dataDir, {
    fields: [
      { field: 'website_id', type: 'integer' },
      { field: 'status', type: 'string', schema: { max_length: 20 } },
      { field: 'title', type: 'string', schema: { max_length: 500 } },
      { field: 'description', type: 'text' },
      { field: 'seo_link', type: 'string', schema: { max_length: 500 } },
      { field: 'feature_image', type: 'string', schema: { max_length: 2000 } },
      { field: 'feature_image_mobile', type: 'string', schema: { max_length: 2000 } },
      { field: 'start_time', type: 'timestamp' },
      { field: 'categories', type: 'json' },
      { field: 'content', type: 'text' },
    ],
    rows: directusRows(firstStart(Date.now()), cats),
    index: ['website_id', 'status', 'start_time'],
    publicRead: true,
  });
  const name = `Directus ${directus.version} (SQLite)`;
  try {
    console.log(`${name}: started and ${ROWS.toLocaleString('en-US')} news loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s`);
    const url =
      `${directus.url}/items/news?fields=id,title,description,seo_link,feature_image,feature_image_mobile,start_time,categories` +
      `&filter[website_id][_eq]=1&filter[status][_eq]=published&filter[start_time][_lte]=$NOW&sort=-start_time,-id&limit=${PAGE_SIZE}&meta=filter_count`;
    const res = await fetch(url);
    const body = await res.text();
    const page = JSON.parse(body) as { data?: { title: string }[]; meta?: { filter_count: number }; errors?: unknown };
    if (!res.ok || page.data?.length !== PAGE_SIZE) throw new Error(`${name}: the public list answered ${res.status} ${body.slice(0, 500)}`);
    console.log(
      `${name}: website 1 has ${page.meta?.filter_count} published news (public, no token); the page has ${page.data.length} (${Buffer.byteLength(body).toLocaleString('en-US')} bytes), the first "${page.data[0].title}"`,
    );
    const meter: Meter = { pid: directus.pid, postgres: false };
    const rows: LoadRow[] = [];
    for (const connections of [10, 50]) rows.push(await cannon(meter, DURATION_S, name, NEWS_PAGE, connections, { url }));
    return rows;
  } finally {
    await directus.stop();
  }
}

async function run(): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-content-'));
  const pg = await startEmbeddedPostgres({ durable: true });
  let cats: Category[] = [];
  try {
    const only = process.env.BENCH_CONTENT_DATABASES ?? 'sqlite,postgres';
    if (only.includes('sqlite')) {
      const env = { DATA_DIR: path.join(dataDir, 'sqlite') };
      rows.push(...(await benchDatabase('SQLite', env)));
      cats = await categories(env);
    }
    if (only.includes('postgres')) {
      const db = await createDatabase(pg, 'contentbench');
      const env = { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: db.url };
      rows.push(...(await benchDatabase('PostgreSQL', env)));
      if (!cats.length) cats = await categories(env);
    }
    if (process.env.BENCH_DIRECTUS !== '0') rows.push(...(await benchDirectus(path.join(dataDir, 'directus'), cats)));
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function print(rows: LoadRow[]) {
  console.log(`\n${ROWS.toLocaleString('en-US')} news, ${DURATION_S} s per figure, ${machineLoad()}`);
  console.log(`targets: Sitedesk ≥ ${TARGET_RATIO}× Directus' requests per second; a 304 ≤ ${TARGET_304 * 100}% of a full answer's server CPU\n`);
  printLoadRows(rows);
  console.log(`(the ${REVALIDATION} row's non-2xx column counts the answers that were not 304)`);
  const ours = rows.filter((r) => !r.database.startsWith('Directus'));
  const peer = rows.filter((r) => r.database.startsWith('Directus'));
  if (peer.length) console.log(`\nSide by side with ${peer[0].database}, the same news, the same page (Sitedesk ÷ Directus):`);
  for (const d of peer) {
    for (const r of ours.filter((x) => x.call === d.call && x.connections === d.connections)) {
      const ratio = d.requestsPerSecond > 0 ? r.requestsPerSecond / d.requestsPerSecond : Infinity;
      // The CPU each spends on a request (server and database), which the other sessions on the machine disturb less.
      const ours = r.cpu.server + r.cpu.database;
      const cpuRatio = ours > 0 ? (d.cpu.server + d.cpu.database) / ours : Infinity;
      console.log(
        `${r.database} at ${r.connections} connections: ${ratio.toFixed(1)}× the requests per second (target ≥ ${TARGET_RATIO}×: ${ratio >= TARGET_RATIO ? 'met' : 'not met'}), ` +
          `p99 ${r.p99Ms} ms against ${d.p99Ms} ms, ${cpuRatio.toFixed(1)}× less CPU a request (server and database)`,
      );
    }
  }
  console.log('\nA 304 against a full answer, server CPU per request (target ≤ 25%):');
  for (const database of [...new Set(ours.map((r) => r.database))]) {
    const cpu = (call: string) => ours.find((r) => r.database === database && r.call === call)?.cpu;
    const revalidation = cpu(REVALIDATION);
    for (const call of [CACHED, BUILT]) {
      const full = cpu(call);
      if (!revalidation || !full?.server) continue;
      const share = revalidation.server / full.server;
      // With the database's CPU too (PostgreSQL's processes: every request reads the change number).
      const withDb = (revalidation.server + revalidation.database) / (full.server + full.database);
      console.log(
        `${database}: 304 ${revalidation.server.toFixed(2)} ms ÷ ${call} ${full.server.toFixed(2)} ms = ${(share * 100).toFixed(0)}% ` +
          `(${share <= TARGET_304 ? 'met' : 'not met'}; with the database's CPU: ${(withDb * 100).toFixed(0)}%)`,
      );
    }
    const floor = cpu(FLOOR);
    if (revalidation && floor) console.log(`${database}: the 304 costs ${revalidation.server.toFixed(2)} ms against ${floor.server.toFixed(2)} ms for GET /health, any request's floor here`);
  }
}

runIfMain(import.meta.url, async () => print(await run()));
