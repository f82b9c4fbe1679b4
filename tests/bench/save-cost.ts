// What the history costs a save (issue 29: "a save costs at most 20% more server CPU than today"): PUT News, each save
// changing the Vietnamese title (an entry with its change per language and the record's state), against the real
// server with the history on and with it off (SITEDESK_BENCH_HISTORY_OFF=1: the listener is not registered, nothing
// else changes), in the same run, on SQLite and on PostgreSQL (embedded, durable as the other benches). The figure is
// the server process's CPU per save (user + system, /proc), warm-up excluded; rounds alternate off and on so both see
// the same machine, and the medians make the ratio. Goal: on ÷ off ≤ 1.20.
//   npx tsx tests/bench/save-cost.ts        (or: npm run bench -- save-cost)
// BENCH_SAVE_COUNT saves a phase (default 400), BENCH_SAVE_ROUNDS rounds (default 3), 4 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, startEmbeddedPostgres } from '../server/embedded-pg';
import { machineLoad, median, processCpuSeconds, round, runIfMain, signIn, startServer } from './_support';

const SAVES = Number(process.env.BENCH_SAVE_COUNT ?? 400);
const ROUNDS = Math.max(1, Number(process.env.BENCH_SAVE_ROUNDS ?? 3));
const WARM_UP = 60;
const CONNECTIONS = 4;
const GOAL = 1.2;

type Mode = 'off' | 'on';

interface Phase {
  /** server CPU milliseconds per save */
  cpuMs: number;
  /** median wall time of a save, ms */
  p50Ms: number;
}

export interface SaveCostRow {
  database: string;
  off: Phase[];
  on: Phase[];
  ratio: number;
}

type NewsRecord = Record<string, unknown> & { id: number; newsTranslations: { languageId: string; title: string }[] };

/** `count` saves over CONNECTIONS workers, each on its own news item (a save needs the stamp the last one answered). */
async function saves(url: string, headers: Record<string, string>, records: NewsRecord[], count: number, latencies: number[] = []): Promise<void> {
  let left = count;
  await Promise.all(
    records.map(async (start) => {
      let record = start;
      while (left-- > 0) {
        const newsTranslations = record.newsTranslations.map((t) => (t.languageId === 'vi-VN' ? { ...t, title: `${t.title.replace(/ #\d+$/, '')} #${left}` } : t));
        const began = performance.now();
        const res = await fetch(`${url}/api/News/1/${record.id}/false`, { method: 'PUT', headers, body: JSON.stringify({ ...record, newsTranslations }) });
        const body = (await res.json()) as { data?: NewsRecord; Message?: string };
        latencies.push(performance.now() - began);
        if (!res.ok || !body.data) throw new Error(`a save answered ${res.status}: ${body.Message}`);
        record = body.data;
      }
    }),
  );
}

async function phase(env: Record<string, string>, mode: Mode): Promise<Phase> {
  const server = await startServer({ ...env, ...(mode === 'off' ? { SITEDESK_BENCH_HISTORY_OFF: '1' } : {}) });
  try {
    const token = await signIn(server.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // News of website 1 not waiting for review (those are locked against saves; a saved approved item becomes a draft).
    const list = (await (await fetch(`${server.url}/api/News/1/vi-VN?page=1&pageSize=50`, { headers })).json()) as { data: { id: number; approvedStatus: number }[] };
    const open = list.data.filter((n) => n.approvedStatus !== 1).slice(0, CONNECTIONS);
    if (open.length < CONNECTIONS) throw new Error(`website 1 has ${open.length} news not under review, ${CONNECTIONS} needed`);
    const records = await Promise.all(
      open.map(async ({ id }) => ((await (await fetch(`${server.url}/api/News/detail/1/${id}`, { headers })).json()) as { data: NewsRecord }).data),
    );
    await saves(server.url, headers, records, WARM_UP);
    const fresh = await Promise.all(records.map(async ({ id }) => ((await (await fetch(`${server.url}/api/News/detail/1/${id}`, { headers })).json()) as { data: NewsRecord }).data));
    const latencies: number[] = [];
    const before = processCpuSeconds(server.pid);
    await saves(server.url, headers, fresh, SAVES, latencies);
    const cpu = processCpuSeconds(server.pid) - before;
    return { cpuMs: round((cpu * 1000) / SAVES, 2), p50Ms: round(median(latencies), 1) };
  } finally {
    await server.stop();
  }
}

async function benchDatabase(database: string, env: Record<string, string>): Promise<SaveCostRow> {
  // A first start makes the schema and the demo content; then the rounds, history off then on in each.
  await (await startServer(env)).stop();
  const row: SaveCostRow = { database, off: [], on: [], ratio: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of ['off', 'on'] as const) {
      const p = await phase(env, mode);
      row[mode].push(p);
      console.log(`${database}, round ${r + 1}, history ${mode}: ${p.cpuMs} ms server CPU a save, p50 ${p.p50Ms} ms`);
    }
  }
  row.ratio = round(median(row.on.map((p) => p.cpuMs)) / median(row.off.map((p) => p.cpuMs)), 2);
  return row;
}

export async function run(): Promise<SaveCostRow[]> {
  const rows: SaveCostRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-bench-save-'));
  const pg = await startEmbeddedPostgres({ durable: true });
  try {
    rows.push(await benchDatabase('SQLite', { DATA_DIR: path.join(dataDir, 'sqlite') }));
    const db = await createDatabase(pg, 'bench');
    rows.push(await benchDatabase('PostgreSQL', { DATA_DIR: path.join(dataDir, 'pg'), DATABASE_URL: db.url }));
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

function print(rows: SaveCostRow[]) {
  console.log(`\nPUT News (the Vietnamese title changed), ${SAVES} saves a phase at ${CONNECTIONS} connections, ${ROUNDS} rounds; ${machineLoad()}\n`);
  console.log('| database | server CPU ms a save, history off (median; rounds) | history on (median; rounds) | p50 ms off / on | on ÷ off | goal |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const fig = (ps: Phase[]) => `${median(ps.map((p) => p.cpuMs)).toFixed(2)} (${ps.map((p) => p.cpuMs.toFixed(2)).join(' / ')})`;
    const p50 = `${median(r.off.map((p) => p.p50Ms))} / ${median(r.on.map((p) => p.p50Ms))}`;
    console.log(`| ${r.database} | ${fig(r.off)} | ${fig(r.on)} | ${p50} | ${r.ratio.toFixed(2)} | ≤ ${GOAL.toFixed(2)} ${r.ratio <= GOAL ? 'met' : 'NOT met'} |`);
  }
}

runIfMain(import.meta.url, async () => print(await run()));
