// Publish webhooks (docs/api.md "Publish webhooks"): administrators register a website's webhooks; a write that changes
// public content queues a signed POST in its own transaction, sent after the commit by the dispatcher, retried with
// backoff, logged, replayable; a slow or failing receiver never slows a save. A real receiver (node:http) on both
// databases.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { banner } from '../../shared/resources/banner';
import { WEBHOOK_AREAS } from '../../shared/resources/webhook';
import { dynamic } from '../../server/resources/index';
import { webhookDispatcher } from '../../server/webhooks/state';
import { demoWebsitesAndStaff, describeEachDatabase, EN, tr, type ServerTestContext } from './harness';
import { createNews, newsBody } from './news-helpers';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: answers `status()` (after `delay()` ms), keeps what it got. */
async function receiver(behaviour: { status?: () => number; delay?: () => number } = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      setTimeout(() => res.writeHead(behaviour.status?.() ?? 200).end('ok'), behaviour.delay?.() ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/sitedesk`;
  return { url, received, close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }) };
}

/** Waits until `check` holds (polling), or fails with what it last saw. */
async function until<T>(read: () => Promise<T> | T, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > end) throw new Error(`gave up waiting; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

// Banners as a definition area (the delivery core declares it the same way): its own records and its items feed it.
const banners = { ...banner, delivery: { path: 'banners', summary: 'Banners', fields: ['name', 'type', 'position'], children: [{ resource: 'bannerItem', as: 'items' }] } };

describeEachDatabase(
  'publish webhooks',
  (ctx: ServerTestContext) => {
    let clinic = 0;
    let lanToken = '';
    const closing: (() => Promise<void>)[] = [];
    beforeAll(async () => {
      ({ clinic, lanToken } = await demoWebsitesAndStaff(ctx));
    });
    afterEach(async () => {
      // Each test its own receivers and webhooks.
      await dynamic(ctx.db).deleteFrom('webhooks').execute();
      await dynamic(ctx.db).deleteFrom('webhook_deliveries').execute();
      for (const close of closing.splice(0)) await close();
    });

    async function hook(behaviour?: Parameters<typeof receiver>[0], extra: Record<string, unknown> = {}) {
      const r = await receiver(behaviour);
      closing.push(r.close);
      const res = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: r.url, description: 'Astro rebuild', isActive: true, ...extra });
      expect(res.status, res.text).toBe(200);
      return { ...r, webhook: res.body.data as { id: number; secret: string } };
    }

    const log = async () => (await ctx.authed('GET', `/api/WebhookDeliveries/${clinic}?pageSize=100`)).body.data as Record<string, any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any
    const addSocial = async () => {
      const res = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Zalo'), url: 'https://zalo.me', order: 0 });
      expect(res.status, res.text).toBe(200);
      return res.body.data as { id: number };
    };

    it('lets administrators only manage webhooks and read the log (403 otherwise); the server makes the secret', async () => {
      const asLan = (method: string, path: string, json?: unknown) => ctx.request(method, path, { json, token: lanToken, ...EN });
      for (const [method, path] of [
        ['GET', `/api/Webhooks/${clinic}`],
        ['POST', `/api/Webhooks/${clinic}`],
        ['GET', `/api/WebhookDeliveries/${clinic}`],
        ['POST', `/api/WebhookDeliveries/replay/${clinic}/1`],
      ]) {
        const res = await asLan(method, path, method === 'POST' ? { url: 'https://example.com/hook' } : undefined);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.Message).toBe('Only an administrator can do this');
      }
      expect(await dynamic(ctx.db).selectFrom('webhooks').selectAll().execute()).toEqual([]);

      const created = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://example.com/hook', secret: 'mine', isActive: false });
      expect(created.status, created.text).toBe(200);
      expect(created.body.data.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      const id = created.body.data.id;
      // The log's lookup of webhooks (its webhook column shows the URL).
      const lookup = await ctx.authed('GET', `/api/Webhooks/get-all/${clinic}`);
      expect(lookup.body).toEqual([expect.objectContaining({ id, url: 'https://example.com/hook' })]);
      expect((await asLan('GET', `/api/Webhooks/get-all/${clinic}`)).status).toBe(403);
      expect((await asLan('PUT', `/api/Webhooks/${clinic}/${id}`, { url: 'https://evil.example', concurrencyStamp: created.body.data.concurrencyStamp })).status).toBe(403);
      expect((await asLan('DELETE', `/api/Webhooks/${clinic}/${id}`)).status).toBe(403);
      // A save keeps the secret; rotate makes a new one.
      const saved = await ctx.authed('PUT', `/api/Webhooks/${clinic}/${id}`, { url: 'https://example.com/other', secret: 'mine', concurrencyStamp: created.body.data.concurrencyStamp });
      expect(saved.body.data.secret).toBe(created.body.data.secret);
      const rotated = await ctx.authed('POST', `/api/Webhooks/rotate-secret/${clinic}/${id}`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.secret).not.toBe(created.body.data.secret);
    });

    it('refuses what is not an http(s) URL, credentials in it, and unknown areas (400 naming the field)', async () => {
      for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:pw@example.com/', 'example.com/hook', '']) {
        const res = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url }, EN);
        expect(res.status, url).toBe(400);
        expect(res.body.field).toBe('url');
      }
      const areas = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://example.com/h', areas: ['news', 'bookings'] }, EN);
      expect(areas.status).toBe(400);
      // The valid ones are named (issue 42), and they are what the console offers as choices.
      expect(areas.body).toMatchObject({ field: 'areas', Message: expect.stringMatching(/^Unknown areas: bookings \(the areas: .*news.*\)$/) });
      const named = /\(the areas: (.*)\)$/.exec(areas.body.Message as string)![1].split(', ');
      expect(WEBHOOK_AREAS.map((a) => a.value).sort()).toEqual([...named].sort());
      expect(await dynamic(ctx.db).selectFrom('webhooks').selectAll().execute()).toEqual([]);
    });

    it('POSTs a public change once, signed with the secret, with a delivery id; the log says delivered', async () => {
      const { received, webhook } = await hook();
      const social = await addSocial();
      await until(() => received.length, (n) => n >= 1);
      await sleep(100);
      expect(received).toHaveLength(1);
      const [{ headers, body }] = received;
      expect(JSON.parse(body)).toEqual({ website: clinic, resource: 'site', ids: [clinic], event: 'updated' });
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-sitedesk-signature']).toBe(sign(webhook.secret, body));
      expect(headers['x-sitedesk-event']).toBe('updated');
      const [entry] = await until(log, (rows) => rows[0]?.status === 'delivered');
      expect(entry).toMatchObject({ webhookId: webhook.id, resource: 'site', event: 'updated', attempts: 1, statusCode: 200, error: null, payload: body, deliveryId: headers['x-sitedesk-delivery'] });
      expect(entry.deliveredAt).toBeTruthy();
      expect(social.id).toBeGreaterThan(0);
    });

    it("tells the site area about a change of the website's languages (a hand-written writer)", async () => {
      const { received } = await hook();
      const off = await ctx.authed('PUT', `/api/Websites/${clinic}/languages/en-US`, { isActive: false });
      expect(off.status, off.text).toBe(200);
      expect((await ctx.authed('PUT', `/api/Websites/${clinic}/languages/en-US`, { isActive: true })).status).toBe(200);
      await until(() => received.length, (n) => n >= 2);
      expect(received.map((r) => JSON.parse(r.body))).toEqual([
        { website: clinic, resource: 'site', ids: [clinic], event: 'updated' },
        { website: clinic, resource: 'site', ids: [clinic], event: 'updated' },
      ]);
    });

    it('names the area and its records: a banner published, its item changed, the banner deleted', async () => {
      const { received } = await hook();
      const created = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Khai trương'), type: 1, position: 1, order: 0, isActive: true });
      expect(created.status, created.text).toBe(200);
      const bannerId = created.body.data.id;
      await until(() => received.length, (n) => n >= 1);
      const item = await ctx.authed('POST', `/api/Banners/item/${clinic}/${bannerId}`, { name: tr('Ảnh 1'), images: '/files/a.jpg', imagesMobile: '/files/a-m.jpg', order: 0 });
      expect(item.status, item.text).toBe(200);
      await until(() => received.length, (n) => n >= 2);
      expect((await ctx.authed('DELETE', `/api/Banners/${clinic}/${bannerId}`)).status).toBe(200);
      await until(() => received.length, (n) => n >= 3);
      expect(received.map((r) => JSON.parse(r.body))).toEqual([
        { website: clinic, resource: 'banners', ids: [bannerId], event: 'published' },
        { website: clinic, resource: 'banners', ids: [bannerId], event: 'updated' },
        { website: clinic, resource: 'banners', ids: [bannerId], event: 'deleted' },
      ]);
    });

    it('sends nothing for a draft, a review request, a decline, or what no area shows; the approval publishes', async () => {
      const { received } = await hook({}, { areas: ['news', 'site'] });
      const draft = await createNews(ctx, clinic, 'false');
      const pending = await createNews(ctx, clinic, 'true');
      const declined = await createNews(ctx, clinic, 'true');
      expect((await ctx.reviewer('PUT', `/api/News/status/${clinic}/${declined.id}`, { status: 3, declineReason: 'Thiếu ảnh' })).status).toBe(200);
      // Feedback comes from visitors and is never public.
      expect((await ctx.authed('POST', `/api/Feedbacks/${clinic}`, { fullName: 'Lan', phoneNumber: '0901234567', content: 'Tốt' })).status).toBeLessThan(500);
      await sleep(300);
      expect(received).toEqual([]);
      expect(await log()).toEqual([]);
      expect((await ctx.reviewer('PUT', `/api/News/status/${clinic}/${pending.id}`, { status: 2 })).status).toBe(200);
      await until(() => received.length, (n) => n >= 1);
      expect(JSON.parse(received[0].body)).toEqual({ website: clinic, resource: 'news', ids: [pending.id], event: 'published' });
      // Saving the approved item with another isActive changes what the sites show at once; an edit alone does not.
      const approved = (await ctx.authed('GET', `/api/News/detail/${clinic}/${pending.id}`)).body.data;
      const hidden = await ctx.authed('PUT', `/api/News/${clinic}/${pending.id}/false`, { ...newsBody(), isActive: false, concurrencyStamp: approved.concurrencyStamp });
      expect(hidden.status, hidden.text).toBe(200);
      await until(() => received.length, (n) => n >= 2);
      expect(JSON.parse(received[1].body)).toEqual({ website: clinic, resource: 'news', ids: [pending.id], event: 'updated' });
      expect((await ctx.authed('PUT', `/api/News/${clinic}/${pending.id}/false`, { ...newsBody(), isActive: false, concurrencyStamp: hidden.body.data.concurrencyStamp })).status).toBe(200);
      expect((await ctx.authed('DELETE', `/api/News/${clinic}/${draft.id}`)).status).toBe(200);
      await until(() => received.length, (n) => n >= 3);
      expect(received).toHaveLength(3);
      expect(JSON.parse(received[2].body)).toEqual({ website: clinic, resource: 'news', ids: [draft.id], event: 'deleted' });
    });

    it('tells the sites about a scheduled item when its start time comes, not when it is approved', async () => {
      const { received } = await hook();
      const start = new Date(ctx.clock.now().getTime() + 3600_000);
      const news = await createNews(ctx, clinic, 'true', { startTime: start.toISOString() });
      expect((await ctx.reviewer('PUT', `/api/News/status/${clinic}/${news.id}`, { status: 2 })).status).toBe(200);
      const [entry] = await until(log, (rows) => rows.length === 1);
      expect(entry).toMatchObject({ status: 'pending', attempts: 0, dueAt: start.toISOString(), nextAttemptAt: start.toISOString() });
      await sleep(200);
      expect(await webhookDispatcher(ctx.app).sweep()).toBe(0);
      expect(received).toEqual([]);
      ctx.clock.set(start.getTime() + 1000);
      expect(await webhookDispatcher(ctx.app).sweep()).toBe(1);
      expect(received.map((r) => JSON.parse(r.body))).toEqual([{ website: clinic, resource: 'news', ids: [news.id], event: 'published' }]);
    });

    it('sends nothing to an inactive webhook, nor to one that asked for other areas', async () => {
      const inactive = await hook({}, { isActive: false });
      const newsOnly = await hook({}, { areas: ['news'] });
      const every = await hook();
      await addSocial();
      await until(() => every.received.length, (n) => n >= 1);
      await sleep(200);
      expect(inactive.received).toEqual([]);
      expect(newsOnly.received).toEqual([]);
      expect((await log()).map((r) => r.webhookId)).toEqual([every.webhook.id]);
    });

    it('retries a failing receiver with backoff, delivers once it recovers, and keeps the attempts in the log', async () => {
      let status = 500;
      const { received, webhook } = await hook({ status: () => status });
      await addSocial();
      let [entry] = await until(log, (rows) => rows[0]?.attempts === 1 && rows[0]?.statusCode === 500);
      expect(entry).toMatchObject({ status: 'pending', error: 'HTTP 500 Internal Server Error' });
      const first = Date.parse(entry.nextAttemptAt) - ctx.clock.now().getTime();
      expect(first).toBeGreaterThan(25_000);
      expect(first).toBeLessThanOrEqual(30_000);
      // Not yet due: the sweep sends nothing.
      expect(await webhookDispatcher(ctx.app).sweep()).toBe(0);
      ctx.clock.advance(31_000);
      expect(await webhookDispatcher(ctx.app).sweep()).toBe(1);
      [entry] = await log();
      expect(entry).toMatchObject({ status: 'pending', attempts: 2, statusCode: 500 });
      expect(Date.parse(entry.nextAttemptAt) - ctx.clock.now().getTime()).toBeGreaterThan(55_000);
      // The log's keyword finds a delivery by its error.
      expect((await ctx.authed('GET', `/api/WebhookDeliveries/${clinic}?keyword=internal%20server`)).body.totalRows).toBe(1);
      expect((await ctx.authed('GET', `/api/WebhookDeliveries/${clinic}?status=pending&webhookId=${webhook.id}`)).body.totalRows).toBe(1);
      status = 204;
      ctx.clock.advance(61_000);
      expect(await webhookDispatcher(ctx.app).sweep()).toBe(1);
      [entry] = await log();
      expect(entry).toMatchObject({ status: 'delivered', attempts: 3, statusCode: 204, error: null, nextAttemptAt: null });
      expect(received).toHaveLength(3);
      expect(new Set(received.map((r) => r.headers['x-sitedesk-delivery'])).size).toBe(1);
    });

    it('gives up a day after the event: the delivery is marked failed', async () => {
      await hook({ status: () => 503 });
      await addSocial();
      await until(log, (rows) => rows[0]?.attempts === 1);
      for (let i = 0; i < 40; i++) {
        ctx.clock.advance(6 * 3600_000);
        await webhookDispatcher(ctx.app).sweep();
        if ((await log())[0].status !== 'pending') break;
      }
      const [entry] = await log();
      expect(entry).toMatchObject({ status: 'failed', statusCode: 503, nextAttemptAt: null });
      expect(entry.attempts).toBeGreaterThan(3);
      expect(entry.attempts).toBeLessThan(20);
    });

    it('does not slow the save for a slow receiver (5 s)', { timeout: 30_000 }, async () => {
      const { received } = await hook({ delay: () => 5000 });
      const started = Date.now();
      await addSocial();
      expect(Date.now() - started).toBeLessThan(1000);
      // A second save while the first delivery is still waiting for its answer: just as quick.
      const again = Date.now();
      await addSocial();
      expect(Date.now() - again).toBeLessThan(1000);
      await until(log, (rows) => rows.length === 2 && rows.every((r) => r.status === 'delivered'), 15_000);
      expect(received).toHaveLength(2);
    });

    it('replays a delivery: the same body again, as a new delivery', async () => {
      const { received, webhook } = await hook();
      await addSocial();
      const [original] = await until(log, (rows) => rows[0]?.status === 'delivered');
      const replayed = await ctx.authed('POST', `/api/WebhookDeliveries/replay/${clinic}/${original.id}`, undefined, EN);
      expect(replayed.status, replayed.text).toBe(200);
      expect(replayed.body).toMatchObject({ message: 'Queued to be sent again', data: { replayOf: original.id, status: 'pending', payload: original.payload } });
      await until(() => received.length, (n) => n >= 2);
      expect(received[1].body).toBe(received[0].body);
      expect(received[1].headers['x-sitedesk-signature']).toBe(sign(webhook.secret, received[0].body));
      expect(received[1].headers['x-sitedesk-delivery']).not.toBe(received[0].headers['x-sitedesk-delivery']);
      expect((await ctx.authed('POST', `/api/WebhookDeliveries/replay/${clinic}/999999`)).status).toBe(404);
    });

    it('leaves a delivery pending when the process stops before sending, and the next start sends it', async () => {
      const { received } = await hook();
      // A process that does not send (it stopped right after the commit, as far as the delivery can tell).
      await ctx.restart({ webhooks: { send: false } });
      await addSocial();
      await sleep(300);
      expect(received).toEqual([]);
      expect((await log())[0]).toMatchObject({ status: 'pending', attempts: 0 });
      await ctx.restart({ webhooks: {} });
      await until(() => received.length, (n) => n >= 1);
      expect((await until(log, (rows) => rows[0]?.status === 'delivered'))[0].attempts).toBe(1);
    });

    it('never sends one delivery twice when two dispatchers share the database', async () => {
      const { received } = await hook({ delay: () => 200 });
      await ctx.restart({ webhooks: { send: false } });
      await addSocial();
      await addSocial();
      await ctx.restart({ webhooks: {} });
      // The running app's dispatcher and a second one over the same database, at once.
      const { WebhookDispatcher } = await import('../../server/webhooks/dispatcher');
      // Receivers on loopback are allowed in tests, as the app's own dispatcher is (harness: WEBHOOKS_ALLOW_PRIVATE).
      const other = new WebhookDispatcher(dynamic(ctx.db), () => ctx.clock.now(), { allowPrivate: true }, ctx.app.resources.engine);
      await Promise.all([other.sweep(), webhookDispatcher(ctx.app).sweep()]);
      await until(log, (rows) => rows.length === 2 && rows.every((r) => r.status === 'delivered'));
      await other.close();
      expect(received).toHaveLength(2);
      expect((await log()).map((r) => r.attempts)).toEqual([1, 1]);
    });
  },
  { app: { resources: { defs: { banner: banners } } } },
);
