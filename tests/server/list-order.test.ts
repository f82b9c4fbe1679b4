// A list's pages are read in its order from an index (server/resources/schema.ts ensureOrderIndex), not by sorting
// every row of the website: bookings, applications and feedback arrive from the public sites and grow to 100,000 rows.
// The pages stay in the definition's order (ties by id, no row twice), the database's plan reads the index, and a
// definition whose order changes gets its new index in place of the old one.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { booking, recruitment } from '../../shared/resources/people';
import { feedback } from '../../shared/resources/feedback';
import { dynamic } from '../../server/resources/index';
import { listOrder, syncResourceTables } from '../../server/resources/schema';
import { demoWebsites, describeEachDatabase } from './harness';

const ROWS = 3000;
const NEWEST_FIRST = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const;

describeEachDatabase('list order', (ctx) => {
  let clinic = 0;

  it('pages bookings in their order (date newest first, then time, then id) without a row twice', async () => {
    ({ clinic } = await demoWebsites(ctx));
    const at = new Date().toISOString();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      websiteId: clinic,
      customerName: `Khách ${i}`,
      customerPhone: '0912345678',
      // Many bookings share a day and a time: the id decides between them.
      appointmentDate: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      startTime: `${String(8 + (i % 3)).padStart(2, '0')}:00`,
      approvedStatus: i % 4,
      servicePackageName: '{}',
      customerAddress: '{}',
      concurrencyStamp: `s${i}`,
      createdAt: at,
      updatedAt: at,
      searchText: `khach ${i}`,
    }));
    const db = dynamic(ctx.db);
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('bookings').values(rows.slice(i, i + 500)).execute();
    if (ctx.dialect === 'postgres') await sql`analyze bookings`.execute(ctx.db);

    const seen: { id: number; appointmentDate: string; startTime: string }[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const res = await ctx.authed('GET', `/api/Bookings/${clinic}?page=${page}&pageSize=100`);
      expect(res.status).toBe(200);
      total = res.body.totalRows;
      if (!res.body.data.length) break;
      seen.push(...res.body.data);
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(total);
    const key = (r: (typeof seen)[number]) => [r.appointmentDate, r.startTime, r.id] as const;
    for (let i = 1; i < seen.length; i++) {
      const [d0, t0, id0] = key(seen[i - 1]);
      const [d1, t1, id1] = key(seen[i]);
      const inOrder = d0 > d1 || (d0 === d1 && (t0 < t1 || (t0 === t1 && id0 < id1)));
      expect(inOrder, `${JSON.stringify(seen[i - 1])} before ${JSON.stringify(seen[i])}`).toBe(true);
    }
  });

  it('reads the first page from the order index, with no sort of the website\'s rows', async () => {
    const order = sql.join(listOrder(booking).map((o) => sql`${sql.ref(o.field)} ${sql.raw(o.direction)}`));
    const page = sql`select * from bookings where ${sql.ref('websiteId')} = ${clinic} order by ${order} limit 50`;
    if (ctx.dialect === 'sqlite') {
      const plan = (await sql<{ detail: string }>`explain query plan ${page}`.execute(ctx.db)).rows.map((r) => r.detail).join('\n');
      expect(plan).toMatch(/USING INDEX bookings_order_/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    } else {
      const plan = (await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(ctx.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan using bookings_order_/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('reads a page of a filter that keeps few rows from its own index: new bookings, unread applications and feedback, news and questions to review, unanswered questions', async () => {
    const db = dynamic(ctx.db);
    const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString();
    const news = Array.from({ length: ROWS }, (_, i) => ({ websiteId: clinic, approvedStatus: i % 50 ? 2 : 1, concurrencyStamp: `n${i}`, createdAt: at(i), updatedAt: at(i) }));
    const questions = Array.from({ length: ROWS }, (_, i) => ({ websiteId: clinic, approvedStatus: i % 50 ? 2 : 1, isAnswer: i % 40 !== 0, concurrencyStamp: `q${i}`, createdAt: at(i), updatedAt: at(i) }));
    const sent = (i: number) => ({ websiteId: clinic, fullName: `Người gửi ${i}`, phoneNumber: '0912345678', isView: i % 40 !== 0, concurrencyStamp: `s${i}`, createdAt: at(i), updatedAt: at(i) });
    for (let i = 0; i < ROWS; i += 500) {
      await db.insertInto('news').values(news.slice(i, i + 500)).execute();
      await db.insertInto('qa_questions').values(questions.slice(i, i + 500)).execute();
      const part = Array.from({ length: 500 }, (_, k) => sent(i + k));
      await db.insertInto('recruitments').values(part).execute();
      await db.insertInto('feedbacks').values(part.map((r) => ({ ...r, title: 'Góp ý', email: 'a@b.vn' }))).execute();
    }
    if (ctx.dialect === 'postgres') await sql`analyze`.execute(ctx.db);
    const cases = [
      { table: 'bookings', filter: 'approvedStatus', value: 3, order: listOrder(booking) },
      { table: 'recruitments', filter: 'isView', value: false, order: listOrder(recruitment) },
      { table: 'feedbacks', filter: 'isView', value: false, order: listOrder(feedback) },
      { table: 'news', filter: 'approvedStatus', value: 1, order: NEWEST_FIRST },
      { table: 'qa_questions', filter: 'approvedStatus', value: 1, order: NEWEST_FIRST },
      { table: 'qa_questions', filter: 'isAnswer', value: false, order: NEWEST_FIRST },
    ];
    for (const { table, filter, value, order } of cases) {
      const by = sql.join(order.map((o) => sql`${sql.ref(o.field)} ${sql.raw(o.direction)}`));
      const page = sql`select * from ${sql.table(table)} where ${sql.ref('websiteId')} = ${clinic} and ${sql.ref(filter)} = ${value} order by ${by} limit 50`;
      if (ctx.dialect === 'sqlite') {
        const plan = (await sql<{ detail: string }>`explain query plan ${page}`.execute(ctx.db)).rows.map((r) => r.detail).join('\n');
        expect(plan, `${table} ${filter}`).toMatch(new RegExp(`USING INDEX \\w+ \\(websiteId=\\? AND ${filter}=\\?\\)`));
        expect(plan, `${table} ${filter}`).not.toMatch(/TEMP B-TREE/);
      } else {
        const plan = (await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(ctx.db)).rows.map((r) => r['QUERY PLAN']).join('\n');
        expect(plan, `${table} ${filter}`).toMatch(new RegExp(`Index Cond: \\(\\("websiteId" = \\d+\\) AND \\("${filter}" = `));
        // PostgreSQL may take the few matches through the index and sort them (cheap): it must not read the table.
        expect(plan, `${table} ${filter}`).not.toMatch(/Seq Scan/);
      }
    }
  });

  it('a definition whose order changes gets the new index and loses the old one', async () => {
    const names = async () => {
      const rows =
        ctx.dialect === 'postgres'
          ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'bookings'`.execute(ctx.db)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'bookings'`.execute(ctx.db)).rows;
      return rows.map((r) => r.name).filter((n) => n.startsWith('bookings_order_'));
    };
    const before = await names();
    expect(before).toHaveLength(2); // the list's order, and new bookings (approvedStatus) in that order
    const byCreation = { ...booking, list: { ...booking.list, orderBy: [{ field: 'createdAt', direction: 'desc' as const }], indexedFilters: [] } };
    await syncResourceTables(dynamic(ctx.db), ctx.dialect, [byCreation], () => 'websites');
    const after = await names();
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
    // And back: the definition as it ships.
    await syncResourceTables(dynamic(ctx.db), ctx.dialect, [booking], () => 'websites');
    expect((await names()).sort()).toEqual(before.sort());
  });

  it('pages the team and its referred patients newest first through their search index, the same whichever way a page is read', async () => {
    const db = dynamic(ctx.db);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(); // ties of three
    const member = (i: number) => ({ fullName: `Cộng tác ${i % 4 ? 'viên' : 'hiếm'} ${i}`, phoneNumber: `0800${String(i).padStart(6, '0')}`, referralCode: `LO${i}`, approvedStatus: 2, isActive: true, searchText: `cong tac ${i % 4 ? 'vien' : 'hiem'} ${i}`, concurrencyStamp: `m${i}`, createdAt: at(i), updatedAt: at(i) });
    const members = await db.insertInto('collaborators').values(Array.from({ length: 120 }, (_, i) => member(i))).returning('id').execute();
    const patient = (i: number) => ({ collaboratorId: members[i % members.length].id, websiteId: clinic, fullName: `Bệnh nhân ${i % 10 ? 'thường' : 'hiếm'} ${i}`, phoneNumber: '0912345678', status: 0, searchText: `benh nhan ${i % 10 ? 'thuong' : 'hiem'} ${i}`, concurrencyStamp: `p${i}`, createdAt: at(i), updatedAt: at(i) });
    for (let i = 0; i < 600; i += 300) await db.insertInto('referrals').values(Array.from({ length: 300 }, (_, k) => patient(i + k))).execute();

    for (const [path, keyword, expected] of [
      ['/api/DoiNhom/ttbn-search', 'thuong', 540],
      ['/api/DoiNhom/ttbn-search', 'hiếm', 60],
      ['/api/DoiNhom', 'cộng tác viên', 90],
      ['/api/DoiNhom', 'hiem', 30],
    ] as const) {
      const list = async (page: number, pageSize: number) => {
        const res = await ctx.authed('GET', `${path}?page=${page}&pageSize=${pageSize}&keyword=${encodeURIComponent(keyword)}`);
        expect(res.status, res.text).toBe(200);
        return res.body as { data: { id: number; createTime: string }[]; totalRows: number };
      };
      const whole = await list(1, 1000);
      expect(whole.totalRows, `${path} ${keyword}`).toBe(expected);
      for (let i = 1; i < whole.data.length; i++) {
        const [a, b] = [whole.data[i - 1], whole.data[i]];
        expect(a.createTime > b.createTime || (a.createTime === b.createTime && a.id > b.id), `${path}: ${a.id} before ${b.id}`).toBe(true);
      }
      // Small pages: the first ones walk the order index (a common word), later ones may use the search index.
      const paged: number[] = [];
      for (let page = 1; paged.length < expected; page++) paged.push(...(await list(page, 7)).data.map((r) => r.id));
      expect(paged).toEqual(whole.data.map((r) => r.id));
    }
    // Their search indexes exist, like every searchable table's.
    for (const table of ['collaborators', 'referrals']) {
      const found =
        ctx.dialect === 'postgres'
          ? await sql`select 1 from pg_indexes where indexname = ${`${table}_search_trgm`}`.execute(ctx.db)
          : await sql`select 1 from sqlite_master where name = ${`${table}_search`}`.execute(ctx.db);
      expect(found.rows, table).toHaveLength(1);
    }
  });

  it('a page past the last row is empty and still says how many rows there are', async () => {
    const res = await ctx.authed('GET', `/api/Bookings/${clinic}?page=1000&pageSize=100`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.totalRows).toBeGreaterThanOrEqual(ROWS);
    const none = await ctx.authed('GET', `/api/Bookings/${clinic}?page=1&pageSize=10&keyword=${encodeURIComponent('không có ai tên này')}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ data: [], totalRows: 0 });
  });
});
