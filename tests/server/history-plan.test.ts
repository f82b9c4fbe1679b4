// History at size (issue 29, "Held under load and faults"): with 1,000,000 entries in the table, one record's history
// is read from its index newest first (no sort, no scan of the table), and so are the audit's common filters (by
// user, by website, by time). The table is filled by one INSERT … SELECT of generated rows (the append-only triggers
// refuse UPDATE and DELETE only), then the database's own plan is read, as the list plan tests do (list-order.test.ts).
// On both databases.
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';

const ENTRIES = Number(process.env.PLAN_ENTRIES ?? 1_000_000);
/** 4,000 records of 5 resources, 250 entries each: the clinic's, and the spa's (records 0 to 399: a tenth). */
const RECORDS = 4_000;

describeEachDatabase(
  'history plans at 1,000,000 entries',
  (ctx) => {
    let clinic = 0;
    let spa = 0;
    beforeAll(async () => {
      ({ clinic, spa } = await demoWebsites(ctx)); // signed in: the figures below are the calls' own
      const started = Date.now();
      // Fastest fill: the table's indexes are dropped, the rows written in one statement, then the indexes made again
      // from the database's own definitions (sorting a million keys once, not inserting them one by one).
      const indexes = (
        ctx.dialect === 'sqlite'
          ? await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and tbl_name = 'history_entries' and sql is not null`.execute(ctx.db)
          : await sql<{ name: string; sql: string }>`select indexname as name, indexdef as sql from pg_indexes where tablename = 'history_entries' and indexname <> 'history_entries_pkey'`.execute(ctx.db)
      ).rows;
      expect(indexes.map((i) => i.name)).toContain('history_entries_record');
      for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(ctx.db);
      // Entry i: record i % 4,000 (its resource and website follow from it), 10 s after the one before; by the
      // administrator (user 1), but one in a hundred by one of 9 others (user 3: one entry in 900).
      if (ctx.dialect === 'sqlite') {
        await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(ENTRIES)})
          insert into history_entries (time, "websiteId", resource, "recordId", operation, "actorKind", "actorId", "actorName", "clientAddress", changes, state)
          select strftime('%Y-%m-%dT%H:%M:%fZ', 1735689600 + i * 10, 'unixepoch'), case when i % ${sql.lit(RECORDS)} < 400 then ${sql.lit(spa)} else ${sql.lit(clinic)} end,
            'plan' || (i % 5), cast(i % ${sql.lit(RECORDS)} as text), case when i % 50 = 0 then 'create' else 'update' end, 'user', case when i % 100 = 0 then 2 + (i / 100) % 9 else 1 end,
            'Quản trị viên', '127.0.0.1', '[]', null
          from n`.execute(ctx.db);
      } else {
        await sql`insert into history_entries (time, "websiteId", resource, "recordId", operation, "actorKind", "actorId", "actorName", "clientAddress", changes, state)
          select to_char(timestamp '2025-01-01' + i * interval '10 seconds', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), case when i % ${sql.lit(RECORDS)} < 400 then ${sql.lit(spa)} else ${sql.lit(clinic)} end,
            'plan' || (i % 5), (i % ${sql.lit(RECORDS)})::text, case when i % 50 = 0 then 'create' else 'update' end, 'user', case when i % 100 = 0 then 2 + (i / 100) % 9 else 1 end,
            'Quản trị viên', '127.0.0.1', '[]', null
          from generate_series(1, ${sql.lit(ENTRIES)}) as i`.execute(ctx.db);
      }
      for (const index of indexes) await sql.raw(index.sql).execute(ctx.db);
      await sql.raw(ctx.dialect === 'sqlite' ? 'analyze' : 'analyze history_entries').execute(ctx.db);
      console.log(`[${ctx.dialect}] ${ENTRIES.toLocaleString('en')} entries written in ${Date.now() - started} ms`);
    }, 300_000);

    /** The database's plan of a query, one line per step. */
    async function planOf(query: RawBuilder<unknown>): Promise<string> {
      if (ctx.dialect === 'sqlite') return (await sql<{ detail: string }>`explain query plan ${query}`.execute(ctx.db)).rows.map((r) => r.detail).join('\n');
      return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(ctx.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
    }

    /** Read from `index` in id order (backwards: newest first), without a sort and without reading the whole table. */
    function expectIndexed(plan: string, index: string) {
      if (ctx.dialect === 'sqlite') {
        expect(plan).toMatch(new RegExp(`(USING|USING COVERING) INDEX ${index} `));
        expect(plan).not.toMatch(/TEMP B-TREE/);
        expect(plan).not.toMatch(/^SCAN history_entries$/m);
      } else {
        expect(plan).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index} `));
        expect(plan).not.toMatch(/Sort|Seq Scan/);
      }
    }

    it("answers one record's history from history_entries_record, newest first", async () => {
      const where = sql`${sql.ref('websiteId')} = ${clinic} and resource = 'plan4' and ${sql.ref('recordId')} = '1234'`;
      expectIndexed(await planOf(sql`select * from history_entries where ${where} order by id desc limit 20`), 'history_entries_record');
      expectIndexed(await planOf(sql`select count(*) from history_entries where ${where}`), 'history_entries_record');
      // Through the route (the History path's resource is any name: the plan's), its page and count.
      const started = Date.now();
      const answer = await ctx.authed('GET', `/api/History/${clinic}/plan4/1234?pageSize=20`);
      const ms = Date.now() - started;
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.totalRows).toBe(ENTRIES / RECORDS);
      expect(answer.body.data).toHaveLength(Math.min(20, ENTRIES / RECORDS));
      expect(answer.body.data[0].id).toBeGreaterThan(answer.body.data.at(-1).id);
      console.log(`[${ctx.dialect}] one record's history among ${ENTRIES.toLocaleString('en')} entries: ${ms} ms`);
    });

    it("answers the audit's common filters from an index: by user, by website, by time", async () => {
      for (const query of [`/api/Audit?userId=3`, `/api/Audit?website=${spa}`, `/api/Audit?from=2025-01-02&to=2025-01-02`]) {
        const started = Date.now();
        const answer = await ctx.authed('GET', `${query}&pageSize=20`);
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.data.length).toBeGreaterThan(0);
        const times = answer.body.data.map((e: { time: string }) => e.time);
        expect(times).toEqual([...times].sort().reverse());
        console.log(`[${ctx.dialect}] GET ${query} among ${ENTRIES.toLocaleString('en')} entries: ${Date.now() - started} ms (${answer.body.totalRows} rows)`);
      }
      const page = (where: RawBuilder<unknown>) => sql`select * from history_entries where ${where} order by id desc limit 20`;
      expectIndexed(await planOf(page(sql`${sql.ref('actorId')} = 3 and ${sql.ref('actorKind')} = 'user'`)), 'history_entries_actor');
      // The spa has a tenth of the entries: reading the ids backwards and keeping the spa's finds a page in about 200
      // rows, as cheap as the website index by PostgreSQL's estimate, so its planner takes either (both newest first,
      // neither sorts nor reads the table).
      expectIndexed(await planOf(page(sql`${sql.ref('websiteId')} = ${spa}`)), ctx.dialect === 'sqlite' ? 'history_entries_website' : '(history_entries_website|history_entries_pkey)');
      // A time range: its page by time then id (routes.ts), from the time index read backwards.
      expectIndexed(await planOf(sql`select * from history_entries where time >= '2025-01-02' and time < '2025-01-03' order by time desc, id desc limit 20`), 'history_entries_time');
    });
  },
);
