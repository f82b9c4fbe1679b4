// Live events (server/events, docs/api.md "Live events"), on SQLite and PostgreSQL, through a real listening server:
// what each role receives on its stream and what it does not (a website it is not staff of, a review it may not
// decide on, another user's decision), replay with Last-Event-ID, muted kinds, the recent list and marking read, and
// on PostgreSQL an intake post taken by one instance reaching a stream open on another (LISTEN/NOTIFY).
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { demoWebsites, describeEachDatabase, tr, type ServerTestContext } from './harness';
import { newsBody } from './news-helpers';

interface Received {
  id: number;
  kind: string;
  website: number;
  recordId: string;
  title: string;
  time: string;
  resource: string;
  decision?: string;
}

/** An open event stream: what it has received so far, and a way to wait for an event. */
class Stream {
  readonly events: Received[] = [];
  readonly comments: string[] = [];
  ended = false;
  private readonly abort = new AbortController();
  private waiters: (() => void)[] = [];

  static async open(baseUrl: string, token: string, lastEventId?: number): Promise<Stream> {
    const s = new Stream();
    const res = await fetch(`${baseUrl}/api/events`, {
      headers: { authorization: `Bearer ${token}`, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
      signal: s.abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    void s.read(res.body!);
    return s;
  }

  private async read(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) this.events.push(JSON.parse(data.slice(6)) as Received);
          else if (block.startsWith(':')) this.comments.push(block);
          this.wake();
        }
      }
    } catch {
      // aborted
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits until `test` holds of what was received (or fails after `ms`). */
  async until(test: (events: Received[]) => boolean, ms = 5000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!test(this.events)) {
      if (this.ended) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; received ${JSON.stringify(this.events.map((e) => [e.kind, e.title]))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  has(kind: string, title: string) {
    return this.events.some((e) => e.kind === kind && e.title === title);
  }

  close() {
    this.abort.abort();
  }
}

describeEachDatabase(
  'live events',
  (ctx: ServerTestContext) => {
    let clinic: number;
    let other: number;
    const tokens: Record<'admin' | 'lan' | 'minh', string> = { admin: '', lan: '', minh: '' };
    const ids: Record<string, number> = {};
    const open: Stream[] = [];
    const stream = async (who: keyof typeof tokens, last?: number, baseUrl = ctx.baseUrl) => {
      const s = await Stream.open(baseUrl, tokens[who], last);
      open.push(s);
      return s;
    };
    const post = async (site: number, kind: string, body: Record<string, unknown>) => {
      const res = await ctx.request('POST', `/public/${site}/${kind}`, { json: body });
      expect(res.status, res.text).toBe(201);
    };
    const feedback = (site: number, title: string) => post(site, 'feedback', { title, fullName: 'Lê Văn Khách', email: 'khach@example.com', phoneNumber: '0901234567' });
    const booking = (site: number, name: string) => post(site, 'bookings', { customerName: name, customerPhone: '0901234567', appointmentDate: '2026-12-20', startTime: '08:00', endTime: '09:00' });
    const as = (who: keyof typeof tokens, method: string, url: string, json?: unknown) => ctx.request(method, url, { json, token: tokens[who] });

    beforeAll(async () => {
      ({ clinic } = await demoWebsites(ctx));
      tokens.admin = (await ctx.signIn()).access_token;
      tokens.lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      tokens.minh = (await ctx.signIn('minh.tran', 'Staff@123')).access_token;
      for (const who of ['admin', 'lan', 'minh'] as const) {
        ids[who] = (await ctx.db.selectFrom('users').select('id').where('userName', '=', who === 'admin' ? 'admin' : who === 'lan' ? 'lan.nguyen' : 'minh.tran').executeTakeFirstOrThrow()).id;
      }
      // A website only the administrator (its creator) is staff of.
      const site = await as('admin', 'POST', '/api/Websites', { name: tr('Chi nhánh riêng', 'Private branch'), isActive: true });
      expect(site.status, site.text).toBe(200);
      other = site.body.data.id;
    });
    afterAll(() => {
      for (const s of open) s.close();
    });

    it('needs a signed-in user', async () => {
      expect((await ctx.request('GET', '/api/events')).status).toBe(401);
      expect((await ctx.request('GET', '/api/events/recent')).status).toBe(401);
    });

    it("each intake arrival reaches the website's staff, and only them", async () => {
      const [admin, lan, minh] = [await stream('admin'), await stream('lan'), await stream('minh')];
      await booking(other, 'Khách chi nhánh riêng');
      await feedback(clinic, 'Góp ý phòng khám');
      for (const s of [admin, lan, minh]) await s.until((e) => e.some((x) => x.kind === 'feedback' && x.title === 'Góp ý phòng khám'));
      // The administrator is staff of the other website; Lan and Minh are not, and the booking came first.
      await admin.until((e) => e.some((x) => x.kind === 'booking' && x.title === 'Khách chi nhánh riêng'));
      expect(lan.has('booking', 'Khách chi nhánh riêng')).toBe(false);
      expect(minh.has('booking', 'Khách chi nhánh riêng')).toBe(false);
      const event = admin.events.find((e) => e.kind === 'booking')!;
      expect(event).toMatchObject({ website: other, resource: 'booking', title: 'Khách chi nhánh riêng' });
      expect(typeof event.id).toBe('number');
      expect(new Date(event.time).toISOString()).toBe(event.time);
      const stored = await ctx.db.selectFrom('bookings' as any).select('id').where('customerName', '=', 'Khách chi nhánh riêng').executeTakeFirstOrThrow();
      expect(event.recordId).toBe(String((stored as { id: number }).id));

      // Every kind of the intake, each once.
      await post(clinic, 'applications', { fullName: 'Ứng viên A', phoneNumber: '0901234567', email: 'a@example.com' });
      await post(clinic, 'questions', { fullName: 'Đỗ Hà', email: 'ha@example.com', title: tr('Câu hỏi về tiêm chủng', '') });
      const registered = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cộng tác viên B', phoneNumber: '0912000111' } });
      expect(registered.status, registered.text).toBe(201);
      await lan.until((e) => ['application', 'question', 'collaborator'].every((k) => e.some((x) => x.kind === k)));
      expect(lan.events.find((e) => e.kind === 'question')!.title).toBe('Câu hỏi về tiêm chủng');
      expect(lan.events.find((e) => e.kind === 'collaborator')).toMatchObject({ title: 'Cộng tác viên B', website: clinic });
      // A referral needs an approved collaborator's code.
      const collaborator = (await ctx.db.selectFrom('collaborators').select(['id', 'referralCode']).where('fullName', '=', 'Cộng tác viên B').executeTakeFirstOrThrow()) as { id: number; referralCode: string };
      await ctx.db.updateTable('collaborators').set({ approvedStatus: 2 }).where('id', '=', collaborator.id).execute();
      await post(clinic, 'referrals', { referralCode: collaborator.referralCode, fullName: 'Bệnh nhân C', phoneNumber: '0933000111' });
      await minh.until((e) => e.some((x) => x.kind === 'referral' && x.title === 'Bệnh nhân C'));
      // What staff record themselves is no news to them.
      const before = lan.events.length;
      const byStaff = await as('admin', 'POST', `/api/Bookings/${clinic}`, { customerName: 'Đặt qua điện thoại', customerPhone: '0901234567', appointmentDate: '2026-12-21', startTime: '08:00', endTime: '09:00' });
      expect(byStaff.status, byStaff.text).toBe(200);
      await feedback(clinic, 'Mốc sau điện thoại');
      await lan.until((e) => e.some((x) => x.title === 'Mốc sau điện thoại'));
      expect(lan.events.slice(before).map((e) => e.title)).toEqual(['Mốc sau điện thoại']);
      for (const s of [admin, lan, minh]) s.close();
    });

    it('a record sent for review reaches those who may decide on it; the decision reaches its submitter alone', async () => {
      const [admin, lan, minh] = [await stream('admin'), await stream('lan'), await stream('minh')];
      const body = newsBody();
      const title = (body.newsTranslations[0] as { title: string }).title;
      const sent = await as('lan', 'POST', `/api/News/${clinic}/true`, body);
      expect(sent.status, sent.text).toBe(200);
      const newsId = sent.body.data.id as number;
      await admin.until((e) => e.some((x) => x.kind === 'review-requested' && x.recordId === String(newsId)));
      await minh.until((e) => e.some((x) => x.kind === 'review-requested' && x.recordId === String(newsId)));
      expect(minh.events.find((x) => x.kind === 'review-requested')).toMatchObject({ resource: 'news', website: clinic, title });

      const decided = await as('minh', 'PUT', `/api/News/status/${clinic}/${newsId}`, { status: 3, declineReason: 'Thiếu nguồn' });
      expect(decided.status, decided.text).toBe(200);
      await lan.until((e) => e.some((x) => x.kind === 'review-decided' && x.recordId === String(newsId)));
      expect(lan.events.find((x) => x.kind === 'review-decided')).toMatchObject({ resource: 'news', decision: 'decline', title });
      // Lan has no review permission (and submitted it); the others did not submit it.
      await feedback(clinic, 'Mốc sau quyết định');
      for (const s of [admin, lan, minh]) await s.until((e) => e.some((x) => x.title === 'Mốc sau quyết định'));
      expect(lan.events.some((x) => x.kind === 'review-requested')).toBe(false);
      expect(admin.events.some((x) => x.kind === 'review-decided')).toBe(false);
      expect(minh.events.some((x) => x.kind === 'review-decided')).toBe(false);

      // A reviewer's own submission is not asked of them: the administrator decides on Minh's question.
      const q = await as('minh', 'POST', `/api/QAExperts/${clinic}`, { fullName: 'Hà', title: tr('Câu hỏi của Minh', 'Minh asks'), content: tr('Nội dung', 'Content'), answer: tr('<p>Trả lời</p>', '<p>Answer</p>'), seoLink: tr('cau-hoi-cua-minh', 'minh-asks'), image: '/files/q.jpg', isApproveFlag: true });
      expect(q.status, q.text).toBe(200);
      await admin.until((e) => e.some((x) => x.kind === 'review-requested' && x.resource === 'qaExpert'));
      const approved = await as('admin', 'PUT', `/api/QAExperts/status/${clinic}/${q.body.data.id}`, { status: 2 });
      expect(approved.status, approved.text).toBe(200);
      await minh.until((e) => e.some((x) => x.kind === 'review-decided' && x.decision === 'approve' && x.title === 'Câu hỏi của Minh'));
      expect(minh.events.some((x) => x.kind === 'review-requested' && x.resource === 'qaExpert')).toBe(false);

      // A service saved as a draft, then sent for review by an update; its decision goes back to Lan.
      const draft = await as('lan', 'POST', `/api/Services/${clinic}?type=1`, { title: tr('Khám tim của Lan', 'Heart check'), description: tr('Mô tả'), content: tr('<p>Nội dung</p>'), seoLink: `kham-tim-lan-${Date.now()}`, image: '/files/tim.png', unitPrice: 450000 });
      expect(draft.status, draft.text).toBe(200);
      expect(draft.body.data.approvedStatus).toBe(0);
      const asked = await as('lan', 'PUT', `/api/Services/${clinic}/${draft.body.data.id}`, { ...draft.body.data, isApproveFlag: true });
      expect(asked.status, asked.text).toBe(200);
      await minh.until((e) => e.some((x) => x.kind === 'review-requested' && x.resource === 'service' && x.title === 'Khám tim của Lan'));
      const yes = await as('minh', 'PUT', `/api/Services/status/${clinic}/${draft.body.data.id}`, { status: 2 });
      expect(yes.status, yes.text).toBe(200);
      await lan.until((e) => e.some((x) => x.kind === 'review-decided' && x.resource === 'service' && x.decision === 'approve'));
      expect(lan.events.filter((x) => x.kind === 'review-requested')).toEqual([]);
      for (const s of [admin, lan, minh]) s.close();
    });

    it("replays what a user missed after Last-Event-ID (what they may read only), then goes on live", async () => {
      const first = await stream('lan');
      await feedback(clinic, 'Trước khi mất mạng');
      await first.until((e) => e.some((x) => x.title === 'Trước khi mất mạng'));
      const last = first.events[first.events.length - 1].id;
      first.close();
      // While Lan is away: one for her website, one for a website she is not staff of, a day-old one out of reach.
      await feedback(clinic, 'Trong lúc mất mạng');
      await booking(other, 'Không phải của Lan');
      const again = await stream('lan', last);
      await again.until((e) => e.some((x) => x.title === 'Trong lúc mất mạng'));
      await feedback(clinic, 'Sau khi nối lại');
      await again.until((e) => e.some((x) => x.title === 'Sau khi nối lại'));
      expect(again.events.map((e) => e.title)).toEqual(['Trong lúc mất mạng', 'Sau khi nối lại']);
      // ?lastEventId= does the same (for clients that cannot set the header).
      const res = await ctx.request('GET', `/api/events?lastEventId=abc`, { token: tokens.lan });
      expect(res.status).toBe(400);
      expect(res.body.field ?? res.body.errors?.[0]?.field ?? 'lastEventId').toBe('lastEventId');
      again.close();
      // Kept a day: a day later nothing of it is replayed.
      ctx.clock.advance(25 * 3600_000);
      try {
        const late = await Stream.open(ctx.baseUrl, (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token, last);
        open.push(late);
        await feedback(clinic, 'Một ngày sau');
        await late.until((e) => e.some((x) => x.title === 'Một ngày sau'));
        expect(late.events.map((e) => e.title)).toEqual(['Một ngày sau']);
        late.close();
      } finally {
        ctx.clock.reset();
      }
    });

    it('a muted kind is not sent nor listed; the recent list counts the unread, marks read one by one or all', async () => {
      const put = await as('lan', 'PUT', '/api/events/settings', { muted: ['feedback'] });
      expect(put.status, put.text).toBe(200);
      expect((await as('lan', 'GET', '/api/events/settings')).body.data).toEqual({ muted: ['feedback'] });
      const bad = await as('lan', 'PUT', '/api/events/settings', { muted: ['weather'] });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('muted');
      const lan = await stream('lan');
      await feedback(clinic, 'Lan không nghe');
      await booking(clinic, 'Lan nghe');
      await lan.until((e) => e.some((x) => x.title === 'Lan nghe'));
      expect(lan.has('feedback', 'Lan không nghe')).toBe(false);
      let recent = (await as('lan', 'GET', '/api/events/recent?limit=50')).body;
      expect(recent.data.some((e: Received) => e.kind === 'feedback')).toBe(false);
      expect(recent.data[0]).toMatchObject({ kind: 'booking', title: 'Lan nghe', read: false });
      // Never another website's, never another user's decision.
      expect(recent.data.some((e: Received) => e.website === other)).toBe(false);
      expect(recent.data.some((e: Received) => e.kind === 'review-requested')).toBe(false);
      expect((await as('lan', 'PUT', '/api/events/settings', { muted: [] })).status).toBe(200);
      lan.close();

      recent = (await as('lan', 'GET', '/api/events/recent?limit=5')).body;
      expect(recent.data).toHaveLength(5);
      expect(recent.unread).toBeGreaterThan(5);
      const unread = recent.unread as number;
      // The feedback that came while it was muted is read already (issue 42); two unread ones marked read.
      expect(recent.data.find((e: Received) => e.title === 'Lan không nghe')).toMatchObject({ read: true });
      const marked = recent.data.filter((e: { read: boolean }) => !e.read).slice(0, 2).map((e: { id: number }) => e.id);
      const read = await as('lan', 'POST', '/api/events/read', { ids: marked });
      expect(read.status, read.text).toBe(200);
      recent = (await as('lan', 'GET', '/api/events/recent?limit=5')).body;
      expect(recent.unread).toBe(unread - 2);
      expect(recent.data.filter((e: { id: number }) => marked.includes(e.id)).map((e: { read: boolean }) => e.read)).toEqual([true, true]);
      expect((await as('lan', 'POST', '/api/events/read', { ids: ['x'] })).body.field).toBe('ids');
      // Another user's reading is theirs.
      expect((await as('admin', 'GET', '/api/events/recent')).body.data[0].read).toBe(false);
      expect((await as('lan', 'POST', '/api/events/read-all')).status).toBe(200);
      recent = (await as('lan', 'GET', '/api/events/recent')).body;
      expect(recent.unread).toBe(0);
      expect(recent.data.every((e: { read: boolean }) => e.read)).toBe(true);
      await feedback(clinic, 'Mới sau khi đọc hết');
      recent = (await as('lan', 'GET', '/api/events/recent')).body;
      expect(recent.unread).toBe(1);
      expect(recent.data[0]).toMatchObject({ title: 'Mới sau khi đọc hết', read: false });
    });

    it('bookings that arrived while muted are not unread after unmuting; the recent list pages back past 20 (issue 42)', async () => {
      expect((await as('lan', 'POST', '/api/events/read-all')).status).toBe(200);
      expect((await as('lan', 'PUT', '/api/events/settings', { muted: ['booking'] })).status).toBe(200);
      await booking(clinic, 'Đến khi tắt');
      await feedback(clinic, 'Góp ý khi tắt lịch hẹn');
      expect((await as('lan', 'PUT', '/api/events/settings', { muted: [] })).status).toBe(200);
      let recent = (await as('lan', 'GET', '/api/events/recent?limit=50')).body;
      const quiet = recent.data.find((e: Received) => e.title === 'Đến khi tắt');
      expect(quiet).toMatchObject({ kind: 'booking', read: true });
      // Only the unmuted kind: the feedback that arrived meanwhile is still unread, and it is all that is.
      expect(recent.data.find((e: Received) => e.title === 'Góp ý khi tắt lịch hẹn')).toMatchObject({ read: false });
      expect(recent.unread).toBe(1);
      // A booking after unmuting is news again.
      await booking(clinic, 'Sau khi bật lại');
      recent = (await as('lan', 'GET', '/api/events/recent')).body;
      expect(recent.data[0]).toMatchObject({ title: 'Sau khi bật lại', read: false });
      expect(recent.unread).toBe(2);

      // More than a page: `beforeId` goes on from the last one shown, `more` says when nothing older is left.
      for (let i = 0; i < 3; i += 1) await feedback(clinic, `Trang ${i}`);
      const first = (await as('lan', 'GET', '/api/events/recent?limit=2')).body;
      expect(first.data).toHaveLength(2);
      expect(first.more).toBe(true);
      const next = (await as('lan', 'GET', `/api/events/recent?limit=2&beforeId=${first.data[1].id}`)).body;
      expect(next.data).toHaveLength(2);
      expect(next.data[0].id).toBeLessThan(first.data[1].id);
      const all = (await as('lan', 'GET', '/api/events/recent?limit=200')).body;
      expect(all.more).toBe(false);
      expect((await as('lan', 'GET', '/api/events/recent?beforeId=x')).status).toBe(400);
    });

    it('sends a heartbeat, and ends the stream once its session is signed out', async () => {
      const token = (await ctx.signIn('lan.nguyen', 'Staff@123')) as { access_token: string; refresh_token: string };
      const s = await Stream.open(ctx.baseUrl, token.access_token);
      open.push(s);
      await s.until(() => s.comments.some((c) => c.includes('heartbeat')), 3000);
      const out = await ctx.request('POST', '/auth/connect/revocation', { form: { token: token.refresh_token, token_type_hint: 'refresh_token', client_id: 'sitedesk', client_secret: 'sitedesk-secret' } });
      expect(out.status).toBe(200);
      await s.until(() => s.ended, 3000).catch(() => {});
      expect(s.ended).toBe(true);
    });

    if (ctx.dialect === 'postgres') {
      it("on PostgreSQL, an instance whose LISTEN connection was cut catches up on what was notified meanwhile", async () => {
        const admin = await stream('admin');
        // The database ends this instance's LISTEN connection (a network drop, a failover); a booking comes meanwhile.
        const { sql } = await import('kysely');
        const cut = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(ctx.db);
        expect(cut.rows[0].n).toBeGreaterThanOrEqual(1);
        await booking(clinic, 'Đặt lúc mất LISTEN');
        await admin.until((e) => e.some((x) => x.title === 'Đặt lúc mất LISTEN'), 10_000);
        // And live again afterwards.
        await booking(clinic, 'Đặt sau khi nghe lại');
        await admin.until((e) => e.some((x) => x.title === 'Đặt sau khi nghe lại'));
        expect(admin.events.filter((x) => x.title === 'Đặt lúc mất LISTEN')).toHaveLength(1);
        admin.close();
      });

      it('on PostgreSQL, an intake post taken by instance A reaches a stream open on instance B (LISTEN/NOTIFY)', async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitedesk-events-b-'));
        let b: FastifyInstance | undefined;
        try {
          b = await buildApp({ dataDir: dir, databaseUrl: ctx.databaseUrl, rendererDir: null, now: ctx.clock.now, seed: { demo: true }, jwtSecret: 'test-secret-test-secret-test-secret-0123456789', events: { heartbeatMs: 500 }, intake: { max: 10_000 } });
          const address = await b.listen({ port: 0, host: '127.0.0.1' });
          const onB = await Stream.open(address, tokens.admin);
          open.push(onB);
          await booking(clinic, 'Đặt qua máy A');
          await onB.until((e) => e.some((x) => x.kind === 'booking' && x.title === 'Đặt qua máy A'));
          // And the other way round: a post to B reaches a stream on A.
          const onA = await stream('lan');
          const res = await fetch(`${address}/public/${clinic}/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Gửi qua máy B', fullName: 'Khách', email: 'k@example.com', phoneNumber: '0901234567' }) });
          expect(res.status).toBe(201);
          await onA.until((e) => e.some((x) => x.title === 'Gửi qua máy B'));
          onB.close();
          onA.close();
        } finally {
          if (b) {
            const closing = b.close();
            b.server.closeAllConnections();
            await closing;
          }
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  },
  { app: { events: { heartbeatMs: 500 }, intake: { max: 10_000 } } },
);
