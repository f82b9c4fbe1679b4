// The list page at 100,000 records (docs/api.md "Keyword search"): 100,000 news over two websites (per-language
// titles, ~2 KB of HTML content each), loaded straight into the database, then the console's own calls against the
// real server on SQLite and on PostgreSQL (embedded): the list with a keyword (50 rows of website 1 whose title
// contains "khám", 10,000 matches, newest first, with totalRows), the unfiltered first page, the news waiting for
// review (the demo's few among 50,000), a record by id, and an update. Figures at 10 and 50 connections. Target for the keyword list: p99 ≤ 30 ms at 50 connections. Side by side,
// in the same run: Directus 11 (_directus.ts) on the same rows and the same two list requests, and the ratio.
// The keyword list and the first page are measured three ways (issue 30, "Measured against the limit"):
//  - as served: the same address again and again, which Sitedesk answers from the page it keeps per change number
//    (server/resources/kept-pages.ts) — staff paging back, a console reading its list again;
//  - read afresh: a new address each request (an ignored parameter), so no kept page answers: the engine's whole read;
//  - by the bare route (_bare-list.ts): one plain Fastify route in its own process on the same database, one prepared
//    statement, nothing of Sitedesk's; its answers are checked to be the same bytes as Sitedesk's before measuring.
// Goals, as ratios measured side by side in one run (this machine's two cores carry the server, the database and the
// load generator): Sitedesk read afresh ≤ 1.3× the bare route's server CPU per request (issue 38); ≥ 50× Directus's requests per
// second for the keyword list and ≥ 10× for the first page, on both databases. Then WORKERS=1 against WORKERS=2 on
// PostgreSQL (server/workers.ts: the real server as a process, N workers sharing the port), the scaling ratio.
// BENCH_LIST_WORKERS=0 leaves that part out.
// Then the part-2 lists that grow as fast, from the public sites: 100,000 bookings over the two websites (the engine's
// generic list) and 100,000 referred patients of 1,000 collaborators (the team's own list), first page and a keyword
// ("hương": 10,000 bookings of website 1, 20,000 patients). BENCH_LIST_SETS=news or part2 measures one set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDb } from '../../server/db/index';
import { dynamic } from '../../server/resources/dynamic';
import { foldedText } from '../../shared/text';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { isDeepStrictEqual } from 'node:util';
import { benchNewsRow, cannon as cannonFor, machineLoad, metered, printLoadRows, signIn, startBenchProcess, startServer, type BenchProcess, type BenchServer, type LoadRow, type Meter } from './_support';
import { startDirectus, type NewsRow } from './_directus';

const ROWS = Number(process.env.BENCH_LIST_ROWS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_LIST_SECONDS ?? 5);
const TARGET_P99_MS = 30;
const KEYWORD = 'khám';

type Row = LoadRow;

const CONTENT = `<p>${'Nội dung bài viết về sức khỏe và dịch vụ của phòng khám. '.repeat(36)}</p>`; // ~2 KB
const WORDS = ['Tầm soát', 'Tư vấn', 'Chăm sóc', 'Dinh dưỡng', 'Tiêm chủng', 'Xét nghiệm', 'Thư giãn', 'Trị liệu', 'Phục hồi'];

/** Title of row `i`: one in five of website 1's rows is about "khám" (10,000 of 50,000). */
function titles(i: number): { vi: string; en: string } {
  const about = i % 10 === 0 ? 'Khám sức khỏe định kỳ' : WORDS[i % WORDS.length];
  return { vi: `${about} số ${i}`, en: `${about === 'Khám sức khỏe định kỳ' ? 'Health check-up' : 'Care topic'} no. ${i}` };
}

/** 100,000 news over websites 1 and 2 (alternating), with both translations, in batches. */
export async function load(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const handle = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  const db = handle.db;
  try {
    const start = Date.parse('2024-01-01T00:00:00Z');
    const BATCH = 500;
    for (let from = 0; from < ROWS; from += BATCH) {
      await db.transaction().execute(async (trx) => {
        const news = [];
        for (let i = from; i < Math.min(ROWS, from + BATCH); i++) {
          const t = titles(i);
          const at = new Date(start + i * 60_000).toISOString();
          news.push(benchNewsRow({ websiteId: (i % 2) + 1, image: '/files/a.png', startTime: null, searchText: foldedText([t.vi, t.en]), stamp: `bench-${i}`, at }));
        }
        const ids = await trx.insertInto('news').values(news).returning('id').execute();
        const translations = ids.flatMap(({ id }, k) => {
          const i = from + k;
          const t = titles(i);
          const base = { newsId: id, websiteId: (i % 2) + 1, description: '', content: CONTENT, note: '', metaTitle: '', metaDescription: '', metaKeyword: '' };
          return [
            { ...base, languageId: 'vi-VN', title: t.vi, seoLink: `bench-vi-${i}` },
            { ...base, languageId: 'en-US', title: t.en, seoLink: `bench-en-${i}` },
          ];
        });
        await trx.insertInto('news_translations').values(translations).execute();
      });
    }
    // What the database's own statistics job does minutes after a bulk load (PostgreSQL's autovacuum), done now so
    // the measured plans are the ones a running clinic gets. SQLite keeps no statistics unless asked (we do not).
    if (env.DATABASE_URL) await sql`analyze`.execute(db);
  } finally {
    await handle.close();
  }
}

const NAMES = ['Nguyễn Văn An', 'Trần Thị Hương', 'Lê Minh Khoa', 'Phạm Thu Trang', 'Hoàng Đức Long'];
const PART2_KEYWORD = 'hương';

/**
 * 100,000 bookings (websites 1 and 2 alternating, twenty a day from 2022) and 100,000 referred patients of 1,000
 * collaborators, as the public intake stores them (search text folded), in batches.
 */
export async function loadPart2(env: { DATA_DIR: string; DATABASE_URL?: string }) {
  const handle = createDb({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  const db = dynamic(handle.db);
  try {
    const BATCH = 500;
    const at = (i: number) => new Date(Date.parse('2022-01-01T00:00:00Z') + i * 600_000).toISOString();
    const phone = (prefix: string, i: number) => `${prefix}${String(i).padStart(8, '0')}`;
    for (let from = 0; from < ROWS; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(ROWS, from + BATCH); i++) {
        const name = `${NAMES[Math.floor(i / 2) % NAMES.length]} ${i}`;
        rows.push({
          websiteId: (i % 2) + 1,
          customerName: name,
          customerPhone: phone('09', i),
          customerEmail: null,
          appointmentDate: at(i * 7).slice(0, 10),
          startTime: `${String(8 + (i % 9)).padStart(2, '0')}:00`,
          branchId: null,
          servicePackageName: JSON.stringify({ 'vi-VN': 'Khám sức khỏe tổng quát', 'en-US': 'General health check-up' }),
          customerAddress: '{}',
          approvedStatus: i % 4,
          concurrencyStamp: `bench-${i}`,
          createdAt: at(i),
          updatedAt: at(i),
          searchText: foldedText([name, phone('09', i), 'Khám sức khỏe tổng quát General health check-up']),
        });
      }
      await db.insertInto('bookings').values(rows).execute();
    }
    const members: number[] = [];
    for (let from = 0; from < 1000; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(1000, from + BATCH); i++) {
        const name = `CTV ${NAMES[i % NAMES.length]} ${i}`;
        rows.push({ fullName: name, phoneNumber: phone('08', i), referralCode: `BENCH${i}`, approvedStatus: 2, isActive: true, websiteId: 1, searchText: foldedText([name, phone('08', i)]), concurrencyStamp: `bench-${i}`, createdAt: at(i), updatedAt: at(i) });
      }
      members.push(...(await db.insertInto('collaborators').values(rows).returning('id').execute()).map((r) => r.id as number));
    }
    for (let from = 0; from < ROWS; from += BATCH) {
      const rows = [];
      for (let i = from; i < Math.min(ROWS, from + BATCH); i++) {
        const name = `${NAMES[i % NAMES.length]} ${i}`;
        rows.push({ collaboratorId: members[i % members.length], websiteId: (i % 2) + 1, fullName: name, phoneNumber: phone('07', i), status: i % 3, appointmentDate: at(i).slice(0, 10), searchText: foldedText([name, phone('07', i)]), concurrencyStamp: `bench-${i}`, createdAt: at(i), updatedAt: at(i) });
      }
      await db.insertInto('referrals').values(rows).execute();
    }
    if (env.DATABASE_URL) await sql`analyze`.execute(db);
  } finally {
    await handle.close();
  }
}

const cannon = (meter: Meter, database: string, call: string, connections: number, opts: autocannon.Options) =>
  cannonFor(meter, DURATION_S, database, call, connections, opts);

/** How a call is named when each request has a new address, and the bare route's line. */
const AFRESH = 'read afresh';
const BARE = 'bare route';
const GOALS = { bare: 1.3, keyword: 50, firstPage: 10 };

/** autocannon options for `url` with a new address each request (`fresh=<n>`, a parameter the list ignores). */
function afresh(url: string, headers?: Record<string, string>): autocannon.Options {
  const { pathname, search } = new URL(url);
  let n = 0;
  return { url, headers, requests: [{ setupRequest: (req) => ({ ...req, path: `${pathname}${search}&fresh=${++n}` }) }] };
}

/**
 * Two seconds of reads afresh at 10 connections, not measured: a process just started compiles its code (JIT) and, on
 * PostgreSQL, prepares its statements while its first figure would run.
 */
async function warm(url: string, headers?: Record<string, string>): Promise<void> {
  await autocannon({ connections: 10, duration: 2, ...afresh(url, headers) });
}

/** _bare-list.ts in its own process, on the SQLite file or PostgreSQL database `target`. */
const startBareList = (target: string): Promise<BenchProcess> => startBenchProcess('_bare-list.ts', [target]);

/** The bare route's answer must be Sitedesk's (rows, order, total, JSON), or its figures mean nothing: throws. */
async function sameAnswer(database: string, call: string, sitedesk: string, bare: string, headers: Record<string, string>) {
  const [ours, theirs] = await Promise.all([fetch(sitedesk, { headers }).then((r) => r.text()), fetch(bare).then((r) => r.text())]);
  const parsed = JSON.parse(ours) as { data: unknown[]; totalRows: number };
  if (!isDeepStrictEqual(parsed, JSON.parse(theirs))) throw new Error(`${database}: the bare route's ${call} is not Sitedesk's answer`);
  console.log(`${database}: ${call}: the bare route answers the same ${parsed.data.length} rows of ${parsed.totalRows} (${ours === theirs ? 'byte for byte' : 'equal once parsed'}, ${ours.length} characters)`);
}

/** Updates at `connections` at once, each worker on its own record (a stamp is needed for every save). */
function updates(meter: Meter, database: string, url: string, token: string, ids: number[], connections: number): Promise<Row> {
  return metered(meter, DURATION_S, () => updatesRun(database, url, token, ids, connections));
}

async function updatesRun(database: string, url: string, token: string, ids: number[], connections: number): Promise<Omit<Row, 'cpu'>> {
  const latencies: number[] = [];
  let non2xx = 0;
  const until = Date.now() + DURATION_S * 1000;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await Promise.all(
    ids.slice(0, connections).map(async (id) => {
      let record = ((await (await fetch(`${url}/api/News/detail/1/${id}`, { headers })).json()) as { data: Record<string, unknown> }).data;
      while (Date.now() < until) {
        const started = performance.now();
        const res = await fetch(`${url}/api/News/1/${id}/false`, { method: 'PUT', headers, body: JSON.stringify({ ...record, isHot: !record.isHot }) });
        latencies.push(performance.now() - started);
        const body = (await res.json()) as { data?: Record<string, unknown>; Message?: string };
        if (!res.ok) {
          non2xx++;
          if (non2xx === 1) console.log(`${database}: an update answered ${res.status}: ${body.Message}`);
        }
        if (body.data) record = body.data;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { database, call: 'PUT News (update)', connections, requestsPerSecond: Math.round(latencies.length / DURATION_S), p50Ms: at(0.5), p99Ms: at(0.99), non2xx };
}

const SETS = process.env.BENCH_LIST_SETS ?? 'news,part2';

async function benchDatabase(database: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Row[]> {
  // A first start makes the schema and the demo; the rows go in while no server runs; then the measured start.
  await (await startServer(env)).stop();
  const loading = Date.now();
  if (SETS.includes('news')) await load(env);
  if (SETS.includes('part2')) await loadPart2(env);
  console.log(`${database}: ${ROWS.toLocaleString('en-US')} rows a list loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s (${SETS})`);
  const server = await startServer(env);
  try {
    const rows: Row[] = [];
    if (SETS.includes('news')) rows.push(...(await benchNews(database, env, server)));
    if (SETS.includes('part2')) rows.push(...(await benchPart2(database, env, server)));
    return rows;
  } finally {
    await server.stop();
  }
}

/** Bookings (engine list) and referred patients (team list): first page and a keyword, 50 rows with the total. */
async function benchPart2(database: string, env: { DATABASE_URL?: string }, server: BenchServer): Promise<Row[]> {
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const lists = [
    { name: 'bookings', url: (q: string) => `${server.url}/api/Bookings/1?page=1&pageSize=50${q}` },
    { name: 'patients', url: (q: string) => `${server.url}/api/DoiNhom/ttbn-search?page=1&pageSize=50${q}` },
  ];
  const keyword = `&keyword=${encodeURIComponent(PART2_KEYWORD)}`;
  for (const list of lists) {
    const all = (await (await fetch(list.url(''), { headers })).json()) as { totalRows: number };
    const found = (await (await fetch(list.url(keyword), { headers })).json()) as { totalRows: number };
    console.log(`${database}: ${all.totalRows} ${list.name} in the list, ${found.totalRows} with "${PART2_KEYWORD}"`);
  }
  const rows: Row[] = [];
  const meter = { pid: server.pid, postgres: Boolean(env.DATABASE_URL) };
  for (const connections of [10, 50]) {
    for (const list of lists) {
      rows.push(await cannon(meter, database, `${list.name}, first page`, connections, { url: list.url(''), headers }));
      rows.push(await cannon(meter, database, `${list.name}, keyword "${PART2_KEYWORD}"`, connections, { url: list.url(keyword), headers }));
    }
  }
  return rows;
}

/** News: the keyword list, the first page, a record by id and an update (the table). */
async function benchNews(database: string, env: { DATA_DIR: string; DATABASE_URL?: string }, server: BenchServer): Promise<Row[]> {
  const token = await signIn(server.url);
  const headers = { authorization: `Bearer ${token}` };
  const list = (query: string) => `${server.url}/api/News/1/vi-VN?page=1&pageSize=50${query}`;
  const first = (await (await fetch(list(''), { headers })).json()) as { data: { id: number }[]; totalRows: number };
  const found = (await (await fetch(list(`&keyword=${encodeURIComponent(KEYWORD)}`), { headers })).json()) as { totalRows: number };
  const pending = (await (await fetch(list('&approvedStatus=1'), { headers })).json()) as { totalRows: number };
  console.log(`${database}: website 1 has ${first.totalRows} news, ${found.totalRows} with "${KEYWORD}", ${pending.totalRows} waiting for review`);
  // Records to read and update: approved ones (the demo's pending news are locked against saves).
  const approved = (await (await fetch(list('&approvedStatus=2'), { headers })).json()) as { data: { id: number }[] };
  const ids = approved.data.map((r) => r.id);
  const rows: Row[] = [];
  const postgres = Boolean(env.DATABASE_URL);
  const meter = { pid: server.pid, postgres };
  const lists = [
    { call: `list, keyword "${KEYWORD}"`, query: `&keyword=${encodeURIComponent(KEYWORD)}` },
    { call: 'list, first page', query: '' },
  ];
  const bare = await startBareList(env.DATABASE_URL ?? path.join(env.DATA_DIR, 'sitedesk.db'));
  try {
    const bareList = (query: string) => `${bare.url}/api/News/1/vi-VN?page=1&pageSize=50${query}`;
    for (const l of lists) await sameAnswer(database, l.call, list(l.query), bareList(l.query), headers);
    for (const l of lists) await Promise.all([warm(list(l.query), headers), warm(bareList(l.query))]);
    const bareMeter = { pid: bare.pid, postgres };
    for (const connections of [10, 50]) {
      for (const l of lists) {
        rows.push(await cannon(meter, database, l.call, connections, { url: list(l.query), headers }));
        rows.push(await cannon(meter, database, `${l.call}, ${AFRESH}`, connections, afresh(list(l.query), headers)));
        rows.push(await cannon(bareMeter, `${database}, ${BARE}`, l.call, connections, afresh(bareList(l.query))));
      }
      rows.push(await cannon(meter, database, 'list, waiting for review', connections, { url: list('&approvedStatus=1'), headers }));
      rows.push(await cannon(meter, database, 'record by id', connections, { url: `${server.url}/api/News/detail/1/${ids[0]}`, headers }));
      rows.push(await updates(meter, database, server.url, token, ids, connections));
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * The real server as a process with WORKERS=1, then WORKERS=2 (server/workers.ts: node:cluster, one port), on the
 * PostgreSQL database the news bench loaded: the keyword list and the first page, as served and read afresh, at 50
 * connections. The CPU is the primary's and its workers'.
 */
async function benchWorkers(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Row[]> {
  // Both run at once (one idles while the other is measured), and their figures alternate, so that both meet the
  // same moments of a shared machine.
  const servers: { workers: number; server: BenchServer }[] = [];
  try {
    for (const workers of [1, 2]) servers.push({ workers, server: await startServer({ ...env, WORKERS: String(workers) }, [], workers) });
    const runs = await Promise.all(
      servers.map(async ({ workers, server }) => {
        const headers = { authorization: `Bearer ${await signIn(server.url)}` };
        const list = (query: string) => `${server.url}/api/News/1/vi-VN?page=1&pageSize=50${query}`;
        return { meter: { pid: server.pid, postgres: true, tree: true }, database: `PostgreSQL, WORKERS=${workers}`, headers, list };
      }),
    );
    const rows: Row[] = [];
    const calls = [[`list, keyword "${KEYWORD}"`, `&keyword=${encodeURIComponent(KEYWORD)}`], ['list, first page', '']];
    for (const [, query] of calls) await Promise.all(runs.map((r) => warm(r.list(query), r.headers)));
    for (const [call, query] of calls) {
      for (const r of runs) rows.push(await cannon(r.meter, r.database, call, 50, { url: r.list(query), headers: r.headers }));
      for (const r of runs) rows.push(await cannon(r.meter, r.database, `${call}, ${AFRESH}`, 50, afresh(r.list(query), r.headers)));
    }
    return rows;
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

/** The same rows for Directus: website 1 and 2 alternating, the Vietnamese title, the same content and times. */
function* directusRows(): Generator<NewsRow> {
  const start = Date.parse('2024-01-01T00:00:00Z');
  for (let i = 0; i < ROWS; i++) yield { websiteId: (i % 2) + 1, title: titles(i).vi, content: CONTENT, createdAt: new Date(start + i * 60_000).toISOString() };
}

/** The same two list requests on Directus: website 1, newest first, 50 rows, the total (`filter_count`). */
async function benchDirectus(dataDir: string): Promise<Row[]> {
  const loading = Date.now();
  const directus = await startDirectus(dataDir, directusRows());
  const name = `Directus ${directus.version} (SQLite)`;
  try {
    console.log(`${name}: started and ${ROWS.toLocaleString('en-US')} news loaded in ${((Date.now() - loading) / 1000).toFixed(1)} s`);
    const headers = { authorization: `Bearer ${directus.token}` };
    const list = (filter: string) =>
      `${directus.url}/items/news?fields=id,website_id,title,created_at&filter[website_id][_eq]=1${filter}&sort=-created_at,-id&limit=50&meta=filter_count`;
    const keyword = list(`&filter[title][_icontains]=${encodeURIComponent(KEYWORD)}`);
    const found = (await (await fetch(keyword, { headers })).json()) as { meta: { filter_count: number } };
    console.log(`${name}: ${found.meta.filter_count} news of website 1 with "${KEYWORD}"`);
    const rows: Row[] = [];
    const meter = { pid: directus.pid, postgres: false };
    for (const connections of [10, 50]) {
      rows.push(await cannon(meter, name, `list, keyword "${KEYWORD}"`, connections, { url: keyword, headers }));
      rows.push(await cannon(meter, name, 'list, first page', connections, { url: list(''), headers }));
    }
    return rows;
  } finally {
    await directus.stop();
  }
}

export async function run(): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-list-'));
  const pg = await startEmbeddedPostgres({ durable: true });
  try {
    // BENCH_LIST_DATABASES=sqlite (or postgres) measures one of the two.
    const only = process.env.BENCH_LIST_DATABASES ?? 'sqlite,postgres';
    if (only.includes('sqlite')) rows.push(...(await benchDatabase('SQLite', { DATA_DIR: path.join(dataDir, 'sqlite') })));
    if (only.includes('postgres')) {
      const db = await createDatabase(pg, 'listbench');
      const env = { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: db.url };
      rows.push(...(await benchDatabase('PostgreSQL', env)));
      if (SETS.includes('news') && process.env.BENCH_LIST_WORKERS !== '0') rows.push(...(await benchWorkers(env)));
    }
    // BENCH_DIRECTUS=0 leaves the peer out (it installs from npm the first time: about three minutes).
    if (process.env.BENCH_DIRECTUS !== '0') rows.push(...(await benchDirectus(path.join(dataDir, 'directus'))));
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const times = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a');
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
const figure = (r: Row) => `${r.requestsPerSecond} req/s, p99 ${r.p99Ms} ms, server ${r.cpu.server.toFixed(2)} ms CPU`;

function print(rows: Row[]) {
  console.log(`\n${ROWS.toLocaleString('en-US')} rows a list (${SETS}), ${DURATION_S} s per figure, ${machineLoad()}`);
  console.log('The server, the database, the load generator (and any other work on this machine) share its cores: goals are ratios measured side by side in this run.');
  console.log(`"${AFRESH}": a new address each request, so no page kept per change number answers it; "${BARE}": _bare-list.ts (one plain Fastify route, one prepared statement, the same answer).`);
  console.log(`target: the keyword list at p99 ≤ ${TARGET_P99_MS} ms at 50 connections\n`);
  printLoadRows(rows);
  const sitedesk = (r: Row) => !r.database.startsWith('Directus') && !r.database.includes(BARE) && !r.database.includes('WORKERS');

  // Sitedesk against the bare route: server CPU per request (goal: read afresh ≤ 1.3× the bare route's).
  const bare = rows.filter((r) => r.database.includes(BARE));
  if (bare.length) console.log(`\nSitedesk against the bare route, server CPU per request (goal: read afresh ≤ ${GOALS.bare}× the bare route's):`);
  for (const b of bare) {
    const database = b.database.replace(`, ${BARE}`, '');
    const at = (call: string) => rows.find((r) => r.database === database && r.call === call && r.connections === b.connections);
    const read = at(`${b.call}, ${AFRESH}`);
    const served = at(b.call);
    if (!read || !served) continue;
    const ratio = read.cpu.server / b.cpu.server;
    console.log(
      `${database} ${b.call} at ${b.connections} connections: read afresh ${figure(read)}; bare ${figure(b)}; ` +
        `${ratio.toFixed(2)}× (${verdict(ratio <= GOALS.bare)}); as served (page kept) ${figure(served)}, ${(served.cpu.server / b.cpu.server).toFixed(2)}× the bare route's`,
    );
  }

  const peer = rows.filter((r) => r.database.startsWith('Directus'));
  if (peer.length) {
    console.log(`\nSide by side with ${peer[0].database}, same rows, same request (Sitedesk ÷ Directus; goals: keyword list ≥ ${GOALS.keyword}×, first page ≥ ${GOALS.firstPage}× the requests per second):`);
  } else console.log('\nDirectus left out (BENCH_DIRECTUS=0): no ratio against it.');
  for (const d of peer) {
    const goal = d.call.startsWith('list, keyword') ? GOALS.keyword : GOALS.firstPage;
    for (const r of rows.filter((x) => !x.database.startsWith('Directus') && !x.database.includes('WORKERS') && x.call.startsWith(d.call) && x.connections === d.connections)) {
      // Directus answering under one request a second (rounded to 0): the ratio is at least Sitedesk's figure.
      const ratio = r.requestsPerSecond / Math.max(1, d.requestsPerSecond);
      const shown = d.requestsPerSecond > 0 ? times(r.requestsPerSecond, d.requestsPerSecond) : `over ${r.requestsPerSecond}× (Directus under 1 request a second)`;
      const judged = sitedesk(r) && r.call === d.call ? ` (goal ≥ ${goal}×: ${verdict(ratio >= goal)})` : '';
      const p99 = d.p99Ms > 0 ? `p99 ${times(d.p99Ms, r.p99Ms)} shorter` : 'no p99 of Directus';
      console.log(`${r.database} ${r.call} at ${r.connections} connections: ${shown} the requests per second${judged}, ${p99}`);
    }
  }

  // WORKERS=1 against WORKERS=2 on PostgreSQL.
  const two = rows.filter((r) => r.database === 'PostgreSQL, WORKERS=2');
  if (two.length) {
    console.log(`\nWORKERS=2 against WORKERS=1 on PostgreSQL (the real server as a process; this ${os.cpus().length}-core machine also runs PostgreSQL and the load generator, so two workers share the same two cores with them):`);
  }
  for (const r2 of two) {
    const r1 = rows.find((r) => r.database === 'PostgreSQL, WORKERS=1' && r.call === r2.call && r.connections === r2.connections);
    if (!r1) continue;
    console.log(`${r2.call} at ${r2.connections} connections: WORKERS=1 ${r1.requestsPerSecond} req/s, p99 ${r1.p99Ms} ms; WORKERS=2 ${r2.requestsPerSecond} req/s, p99 ${r2.p99Ms} ms; scaling ${times(r2.requestsPerSecond, r1.requestsPerSecond)}`);
  }
  for (const r of rows.filter((x) => x.call === `list, keyword "${KEYWORD}"` && x.connections === 50 && sitedesk(x))) {
    console.log(`${r.database}: keyword list p99 ${r.p99Ms} ms at 50 connections (target ≤ ${TARGET_P99_MS} ms: ${r.p99Ms <= TARGET_P99_MS ? 'met' : 'not met'})`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  run().then(print, (err) => {
    console.error(err);
    process.exit(1);
  });
}
