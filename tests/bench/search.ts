// Find anything (issue 42; docs/api.md "Search across definitions"): GET /api/Search/{website} at 100,000 news and
// 100,000 bookings (and the 100,000 referred patients list-page.ts loads with them), on SQLite and PostgreSQL
// (embedded), the rows loaded straight into the database as list-page.ts loads them. Measured side by side in one run:
//  - server CPU per search against one keyword list page of the same data (the console's own call, read afresh: a new
//    address each request, so no page kept per change number answers it): "khám" (10,000 news and every booking hold
//    it) against the news list's keyword page, and a phone number against the bookings list's keyword page.
//    Goal: ≤ 2× the list page's server CPU per request;
//  - requests per second of the search against Directus 11's `GET /items/news?search=khám` on the same news (Directus
//    searches one collection at a time; Sitedesk searches every definition). Goal: ≥ 20×.
// BENCH_LIST_ROWS (default 100,000), BENCH_SEARCH_SECONDS (default 5), BENCH_LIST_DATABASES=sqlite|postgres,
// BENCH_DIRECTUS=0 (leave the peer out).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { cannon, machineLoad, printLoadRows, runIfMain, signIn, startServer, type LoadRow, type Meter } from './_support';
import { startDirectus, type NewsRow } from './_directus';
import { load, loadPart2 } from './list-page';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const WORD = 'khám';
/** Booking 12,346 of list-page.ts's `loadPart2` (website 1: even numbers), its phone as stored. */
const PHONE = `09${String(Math.min(12_346, ROWS - 2)).padStart(8, '0')}`;
const GOALS = { cpu: 2, directus: 20 };
const AFRESH = 'read afresh';

/** autocannon options for `url` with a new address each request (`fresh=<n>`, a parameter both routes ignore). */
function afresh(url: string, headers?: Record<string, string>): autocannon.Options {
  const { pathname, search } = new URL(url);
  let n = 0;
  return { url, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `${pathname}${search}&fresh=${++n}` }) }] };
}

/** The pairs measured: the search, and the list page it is held against. */
const PAIRS = (base: string) => [
  {
    search: { call: `search "${WORD}"`, url: `${base}/api/Search/1?q=${encodeURIComponent(WORD)}&limit=20` },
    list: { call: `news list, keyword "${WORD}"`, url: `${base}/api/News/1/vi-VN?page=1&pageSize=20&keyword=${encodeURIComponent(WORD)}` },
  },
  {
    search: { call: `search a phone number`, url: `${base}/api/Search/1?q=${PHONE}&limit=20` },
    list: { call: `bookings list, keyword a phone number`, url: `${base}/api/Bookings/1?page=1&pageSize=20&keyword=${PHONE}` },
  },
];

async function benchDatabase(database: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<LoadRow[]> {
  await (await startServer(env)).stop();
  const loading = Date.now();
  await load(env);
  await loadPart2(env);
  console.log(`${database}: ${ROWS.toLocaleString('en-US')} news, bookings and referred patients loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s`);
  const server = await startServer(env);
  try {
    const headers = { authorization: `Bearer ${await signIn(server.url)}` };
    const meter: Meter = { pid: server.pid, postgres: Boolean(env.DATABASE_URL) };
    const pairs = PAIRS(server.url);
    for (const p of pairs) {
      const found = ((await (await fetch(p.search.url, { headers })).json()) as { data: { resource: string; title: string }[] }).data;
      const listed = (await (await fetch(p.list.url, { headers })).json()) as { totalRows: number };
      console.log(`${database}: ${p.search.call} answers ${found.length} (${[...new Set(found.map((f) => f.resource))].join(', ')}; first "${found[0]?.title}"); ${p.list.call}: ${listed.totalRows} matches`);
      // Warm (JIT, prepared statements) before measuring.
      await autocannon({ connections: CONNECTIONS, duration: 2, ...afresh(p.search.url, headers) });
      await autocannon({ connections: CONNECTIONS, duration: 2, ...afresh(p.list.url, headers) });
    }
    const rows: LoadRow[] = [];
    for (const p of pairs) {
      rows.push(await cannon(meter, SECONDS, database, `${p.search.call}, ${AFRESH}`, CONNECTIONS, afresh(p.search.url, headers)));
      rows.push(await cannon(meter, SECONDS, database, `${p.list.call}, ${AFRESH}`, CONNECTIONS, afresh(p.list.url, headers)));
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** list-page.ts's news for Directus: the Vietnamese title, the same content and times. */
function* directusRows(): Generator<NewsRow> {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const words = ['Tầm soát', 'Tư vấn', 'Chăm sóc', 'Dinh dưỡng', 'Tiêm chủng', 'Xét nghiệm', 'Thư giãn', 'Trị liệu', 'Phục hồi'];
  const content = `<p>${'Nội dung bài viết về sức khỏe và dịch vụ của phòng khám. '.repeat(36)}</p>`;
  for (let i = 0; i < ROWS; i++) {
    const about = i % 10 === 0 ? 'Khám sức khỏe định kỳ' : words[i % words.length];
    yield { websiteId: (i % 2) + 1, title: `${about} số ${i}`, content, createdAt: new Date(start + i * 60_000).toISOString() };
  }
}

async function benchDirectus(dataDir: string): Promise<LoadRow[]> {
  const directus = await startDirectus(dataDir, directusRows());
  const name = `Directus ${directus.version} (SQLite)`;
  try {
    const headers = { authorization: `Bearer ${directus.token}` };
    const url = `${directus.url}/items/news?search=${encodeURIComponent(WORD)}&limit=20`;
    const found = ((await (await fetch(url, { headers })).json()) as { data: unknown[] }).data;
    console.log(`${name}: search "${WORD}" answers ${found.length}`);
    return [await cannon({ pid: directus.pid, postgres: false }, SECONDS, name, `search "${WORD}"`, CONNECTIONS, { url, headers })];
  } finally {
    await directus.stop();
  }
}

export async function run(): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-search-'));
  const only = process.env.BENCH_LIST_DATABASES ?? 'sqlite,postgres';
  const pg = only.includes('postgres') ? await startEmbeddedPostgres({ durable: true }) : undefined;
  try {
    if (only.includes('sqlite')) rows.push(...(await benchDatabase('SQLite', { DATA_DIR: path.join(dataDir, 'sqlite') })));
    if (pg) {
      const db = await createDatabase(pg, 'searchbench');
      rows.push(...(await benchDatabase('PostgreSQL', { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: db.url })));
    }
    if (process.env.BENCH_DIRECTUS !== '0') rows.push(...(await benchDirectus(path.join(dataDir, 'directus'))));
  } finally {
    await pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function print(rows: LoadRow[]) {
  console.log(`\n${ROWS.toLocaleString('en-US')} news, bookings and referred patients; ${SECONDS} s per figure at ${CONNECTIONS} connections; ${machineLoad()}`);
  printLoadRows(rows);
  console.log(`\nServer CPU per request, the search against one keyword list page of the same data (goal ≤ ${GOALS.cpu}×):`);
  for (const database of ['SQLite', 'PostgreSQL']) {
    for (const p of PAIRS('')) {
      const search = rows.find((r) => r.database === database && r.call === `${p.search.call}, ${AFRESH}`);
      const list = rows.find((r) => r.database === database && r.call === `${p.list.call}, ${AFRESH}`);
      if (!search || !list) continue;
      const ratio = search.cpu.server / Math.max(0.001, list.cpu.server);
      const withDb = (search.cpu.server + search.cpu.database) / Math.max(0.001, list.cpu.server + list.cpu.database);
      console.log(
        `${database} ${p.search.call}: ${search.cpu.server.toFixed(2)} ms against ${list.cpu.server.toFixed(2)} ms (${p.list.call}): ${ratio.toFixed(2)}× (${ratio <= GOALS.cpu ? 'met' : 'NOT met'}); with the database's CPU ${withDb.toFixed(2)}×`,
      );
    }
  }
  const peer = rows.find((r) => r.database.startsWith('Directus'));
  if (!peer) return console.log('\nDirectus left out (BENCH_DIRECTUS=0): no ratio against it.');
  console.log(`\nRequests per second against ${peer.database} GET /items/news?search=${WORD} (goal ≥ ${GOALS.directus}×):`);
  for (const r of rows.filter((x) => x.call === `search "${WORD}", ${AFRESH}`)) {
    const ratio = r.requestsPerSecond / Math.max(1, peer.requestsPerSecond);
    console.log(`${r.database}: ${r.requestsPerSecond} against ${peer.requestsPerSecond} req/s: ${ratio.toFixed(1)}× (${ratio >= GOALS.directus ? 'met' : 'NOT met'})`);
  }
}

runIfMain(import.meta.url, async () => print(await run()));
