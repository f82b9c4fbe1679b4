// Running it for real (issue 43; docs/operations.md): /metrics as Prometheus reads it, the request's log line and its
// id, and /health/ready that checks the database, the schema and the file store for real. Both databases.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createDb } from '../../server/db/dialect';
import { describeEachDatabase, demoWebsites, type ServerTestContext } from './harness';
import { TEST_JWT_SECRET } from './global-setup';
import { CHUNK, sendChunk } from './files-helpers';
import { pdfBytes } from './file-bytes';
import { startS3Double } from './s3-double';

const METRICS_TOKEN = 'scraper-token-0123456789';

/** One series of a scrape: its name, its labels and its value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!m) throw new Error(`not a Prometheus sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the one sample of `name` whose labels include `labels` (undefined when none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(ctx: ServerTestContext): Promise<Sample[]> {
  // The harness's requests come from 127.0.0.1: this machine, no token needed.
  const res = await ctx.request('GET', '/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.text);
}

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logged = () => logLines.map((l) => JSON.parse(l) as Record<string, unknown>);

describeEachDatabase(
  'running it: metrics, request logs and readiness',
  (ctx) => {
    describe('GET /metrics', () => {
      it('counts requests by route template, method and status, and times them by route template', async () => {
        const before = await scrape(ctx);
        const count = (samples: Sample[], labels: Record<string, string>) => valueOf(samples, 'sitedesk_http_requests_total', labels) ?? 0;
        const item = { route: '/probe/items/:id', method: 'GET' };
        for (const id of [1, 2, 3]) expect((await ctx.request('GET', `/probe/items/${id}?note=x${id}`)).status).toBe(200);
        expect((await ctx.request('GET', '/probe/items/404')).status).toBe(404);
        expect((await ctx.request('GET', `/no/such/place/${randomUUID()}`)).status).toBe(404);

        const after = await scrape(ctx);
        expect(count(after, { ...item, status: '200' }) - count(before, { ...item, status: '200' })).toBe(3);
        expect(count(after, { ...item, status: '404' }) - count(before, { ...item, status: '404' })).toBe(1);
        // Unknown addresses under one label, never one series per URL.
        expect(count(after, { route: '(unmatched)', method: 'GET', status: '404' }) - count(before, { route: '(unmatched)', method: 'GET', status: '404' })).toBe(1);
        expect(after.some((s) => s.name === 'sitedesk_http_requests_total' && /\/probe\/items\/\d|no\/such/.test(s.labels.route))).toBe(false);
        // The histogram: four answers of the item route more in its count, each in the +Inf bucket.
        const histogram = (samples: Sample[], name: string, extra: Record<string, string> = {}) => valueOf(samples, name, { ...item, ...extra }) ?? 0;
        expect(histogram(after, 'sitedesk_http_request_duration_seconds_count') - histogram(before, 'sitedesk_http_request_duration_seconds_count')).toBe(4);
        expect(histogram(after, 'sitedesk_http_request_duration_seconds_bucket', { le: '+Inf' }) - histogram(before, 'sitedesk_http_request_duration_seconds_bucket', { le: '+Inf' })).toBe(4);
        expect(histogram(after, 'sitedesk_http_request_duration_seconds_sum')).toBeGreaterThan(0);
      });

      it('reports the database pool, the periodic tasks from their shared table, and the process', async () => {
        let samples = await scrape(ctx);
        expect(valueOf(samples, 'sitedesk_db_pool_max')).toBe(ctx.dialect === 'postgres' ? 10 : 1);
        expect(valueOf(samples, 'sitedesk_db_pool_in_use')).toBeGreaterThanOrEqual(0);
        // (PostgreSQL: the scrape's own reads may wait for a connection being opened.)
        expect(valueOf(samples, 'sitedesk_db_pool_waiting')).toBeGreaterThanOrEqual(0);
        // The hourly tasks ran at start and left their row in periodic_runs.
        const age = valueOf(samples, 'sitedesk_periodic_task_age_seconds', { task: 'session-purge' })!;
        expect(age).toBeGreaterThanOrEqual(0);
        expect(age).toBeLessThan(600);
        expect(valueOf(samples, 'sitedesk_periodic_task_failed', { task: 'session-purge' })).toBe(0);
        // The age is the table's, by the app's clock: an hour later it is an hour older.
        ctx.clock.advance(3600_000);
        samples = await scrape(ctx);
        expect(valueOf(samples, 'sitedesk_periodic_task_age_seconds', { task: 'session-purge' })).toBeGreaterThanOrEqual(3600);
        ctx.clock.reset();
        // Another instance's run (a row it wrote) is reported here too.
        await ctx.db.insertInto('periodic_runs').values({ name: 'elsewhere-task', finishedAt: new Date(Date.now() - 120_000).toISOString(), failed: true, durationMs: 5 }).execute();
        samples = await scrape(ctx);
        expect(valueOf(samples, 'sitedesk_periodic_task_age_seconds', { task: 'elsewhere-task' })).toBeGreaterThanOrEqual(119);
        expect(valueOf(samples, 'sitedesk_periodic_task_failed', { task: 'elsewhere-task' })).toBe(1);
        // The process's own: event-loop lag and memory.
        expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
        expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      });

      it('counts uploads in progress and their bytes, open event streams, webhook deliveries and delivery cache hits', async () => {
        const token = (await ctx.signIn()).access_token;
        let samples = await scrape(ctx);
        const bytesBefore = valueOf(samples, 'sitedesk_upload_bytes_received_total')!;
        const uploadsBefore = valueOf(samples, 'sitedesk_uploads_in_progress')!;
        // One chunk of two: an upload in progress.
        const fileId = randomUUID();
        const first = await sendChunk(ctx, token, { fileId, chunkIndex: 0, totalChunks: 2, originalFileName: 'report.pdf', totalSize: CHUNK + 100 }, pdfBytes(CHUNK));
        expect(first.status).toBe(200);
        samples = await scrape(ctx);
        expect(valueOf(samples, 'sitedesk_uploads_in_progress')).toBe(uploadsBefore + 1);
        expect(valueOf(samples, 'sitedesk_upload_bytes_received_total')).toBe(bytesBefore + CHUNK);

        // An open event stream, counted while it is open.
        const abort = new AbortController();
        const stream = await fetch(`${ctx.baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
        expect(stream.status).toBe(200);
        samples = await scrape(ctx);
        expect(valueOf(samples, 'sitedesk_event_streams_open')).toBe(1);
        abort.abort();
        await expect.poll(async () => valueOf(await scrape(ctx), 'sitedesk_event_streams_open')).toBe(0);

        // Webhook deliveries as the table holds them.
        const pending = await ctx.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirst();
        expect(valueOf(samples, 'sitedesk_webhook_deliveries', { status: 'pending' })).toBe(Number(pending?.n ?? 0));
        expect(valueOf(samples, 'sitedesk_webhook_deliveries', { status: 'failed' })).toBeGreaterThanOrEqual(0);

        // The delivery API: built once (a miss), then from memory and as a 304 (hits).
        const { clinic } = await demoWebsites(ctx);
        const hits = () => valueOf(samples, 'sitedesk_delivery_cache_hits_total')!;
        const misses = () => valueOf(samples, 'sitedesk_delivery_cache_misses_total')!;
        const [hits0, misses0] = [hits(), misses()];
        const url = `/content/${clinic}/vi-VN/news?pageSize=${(Date.now() % 7) + 3}`;
        const built = await ctx.request('GET', url);
        expect(built.status).toBe(200);
        expect((await ctx.request('GET', url)).status).toBe(200);
        expect((await ctx.request('GET', url, { headers: { 'if-none-match': built.headers.get('etag')! } })).status).toBe(304);
        samples = await scrape(ctx);
        expect(misses() - misses0).toBe(1);
        expect(hits() - hits0).toBe(2);
        // The delivery routes are labelled by their template.
        expect(valueOf(samples, 'sitedesk_http_requests_total', { route: '/content/:website/:lang/:area', method: 'GET', status: '304' })).toBeGreaterThanOrEqual(1);
      });

      it('answers a client on another machine only with METRICS_TOKEN as a bearer', async () => {
        const from = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers: { 'accept-language': 'en-US', ...headers } });
        const refused = await from();
        expect(refused.statusCode).toBe(403);
        expect(refused.json().Message).toMatch(/only on this machine/);
        expect(refused.body).not.toContain('sitedesk_http_requests_total');
        const wrong = await from({ authorization: 'Bearer not-the-token' });
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json().Message).toBe('The metrics token is not right');
        const allowed = await from({ authorization: `Bearer ${METRICS_TOKEN}` });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.body).toContain('sitedesk_http_requests_total');
        // A proxy on this machine forwarding someone else's request is not this machine.
        const forwarded = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } });
        expect(forwarded.statusCode).toBe(403);
        expect((await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      });
    });

    describe('request logs', () => {
      it('writes one JSON line per request with its route, status, duration, user, website and request id, echoed in the answer and in the error body', async () => {
        const tokens = await ctx.signIn('admin', 'Admin@123');
        const { clinic } = await demoWebsites(ctx);
        logLines.length = 0;
        const id = `proxy-${randomUUID()}`;
        const listed = await ctx.request('GET', `/api/News/${clinic}/vi-VN?page=1&pageSize=20&keyword=0912345678&websiteId=${clinic}`, { token: tokens.access_token, headers: { 'x-request-id': id } });
        expect(listed.status).toBe(200);
        expect(listed.headers.get('x-request-id')).toBe(id);

        const missingId = `proxy-${randomUUID()}`;
        const missing = await ctx.request('GET', '/probe/items/404', { headers: { 'x-request-id': missingId } });
        expect(missing.status).toBe(404);
        expect(missing.headers.get('x-request-id')).toBe(missingId);
        expect(missing.body).toMatchObject({ code: 404, requestId: missingId });
        expect(missing.body.Message).toBeTruthy();

        // Without one, or with one no proxy would send (spaces, a line break's worth of length), an id is made.
        const made = await ctx.request('GET', '/no/such/address', { headers: { 'x-request-id': 'two words' } });
        const madeId = made.headers.get('x-request-id')!;
        expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
        expect(made.body.requestId).toBe(madeId);
        const long = await ctx.request('GET', '/health', { headers: { 'x-request-id': 'x'.repeat(200) } });
        expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

        // A refused sign-in: its password never reaches the log, nor the token of the good one.
        const refused = await ctx.request('POST', '/auth/connect/token', {
          form: { grant_type: 'password', username: 'admin', password: 'Wr0ng#Secret!', client_id: 'sitedesk', client_secret: 'sitedesk-secret' },
        });
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.body.requestId).toBe(refused.headers.get('x-request-id'));

        await expect.poll(() => logged().filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(5);
        const lines = logged();
        const listLine = lines.find((l) => l.requestId === id && l.msg === 'request');
        expect(listLine).toMatchObject({ level: 30, method: 'GET', status: 200, website: String(clinic) });
        // The route's template: neither the website's id nor the query.
        expect(listLine!.route).toMatch(/^\/api\/news\/:\w+\/:\w+$/i);
        expect(typeof listLine!.userId).toBe('number');
        expect(typeof listLine!.durationMs).toBe('number');
        expect(lines.filter((l) => l.requestId === id && l.msg === 'request')).toHaveLength(1);
        expect(lines.find((l) => l.requestId === missingId && l.msg === 'request')).toMatchObject({ route: '/probe/items/:id', status: 404 });
        expect(lines.find((l) => l.requestId === madeId && l.msg === 'request')).toMatchObject({ route: '(unmatched)', status: 404 });
        const text = logLines.join('\n');
        for (const secret of ['Admin@123', 'Wr0ng#Secret!', tokens.access_token, tokens.refresh_token, '0912345678', 'sitedesk-secret']) {
          expect(text.includes(secret), `the log holds ${secret}`).toBe(false);
        }
      });
    });

    describe('GET /health/ready', () => {
      it('answers 200 while the database, the schema and the file store work, 503 naming the file store while it cannot write, and 200 again', async () => {
        expect((await ctx.request('GET', '/health/ready')).body).toEqual({ status: 'ok' });
        expect((await ctx.request('GET', '/health')).body).toEqual({ status: 'ok' });
        // The folder where uploads land, made unwritable: replaced by a file (as root, permissions would not stop a write).
        const tmp = `${ctx.dataDir}/files/.tmp`;
        fs.rmSync(tmp, { recursive: true, force: true });
        fs.writeFileSync(tmp, 'not a folder');
        try {
          const res = await ctx.request('GET', '/health/ready', { headers: { 'accept-language': 'en-US' } });
          expect(res.status).toBe(503);
          expect(res.body).toMatchObject({ status: 'unavailable', failing: ['fileStore'], code: 503 });
          expect(res.body.Message).toBe('Not ready: fileStore not working');
          expect((await ctx.request('GET', '/health')).status).toBe(200);
        } finally {
          fs.rmSync(tmp, { force: true });
          fs.mkdirSync(tmp, { recursive: true });
        }
        expect((await ctx.request('GET', '/health/ready')).status).toBe(200);
      });

      it('answers 503 naming the migrations while a schema step is not recorded', async () => {
        const step = '0038_periodic_runs';
        const table = 'kysely_migration' as never;
        const row = (await ctx.db.selectFrom(table).selectAll().where('name' as never, '=', step as never).executeTakeFirst()) as Record<string, unknown>;
        await ctx.db.deleteFrom(table).where('name' as never, '=', step as never).execute();
        try {
          const res = await ctx.request('GET', '/health/ready');
          expect(res.status).toBe(503);
          expect(res.body.failing).toEqual(['migrations']);
        } finally {
          await ctx.db.insertInto(table).values(row as never).execute();
        }
        expect((await ctx.request('GET', '/health/ready')).status).toBe(200);
      });

      it('answers 503 naming the file store while its S3 bucket does not answer', async () => {
        const double = await startS3Double();
        let closed = false;
        const fresh = await ctx.freshDatabase();
        const app = await buildApp({ ...fresh, rendererDir: null, jwtSecret: TEST_JWT_SECRET, seed: { admin: { userName: 'boss', password: 'S3cret!pass' } }, files: { s3: double.settings } });
        try {
          expect((await app.inject({ method: 'GET', url: '/health/ready' })).json()).toEqual({ status: 'ok' });
          await double.close();
          closed = true;
          const res = await app.inject({ method: 'GET', url: '/health/ready' });
          expect(res.statusCode).toBe(503);
          expect(res.json().failing).toEqual(['fileStore']);
        } finally {
          await app.close();
          if (!closed) await double.close();
        }
      });

      it('answers 503 naming the database once it is closed', async () => {
        const fresh = await ctx.freshDatabase();
        const handle = createDb({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
        const app = await buildApp({ db: handle, dataDir: fresh.dataDir, rendererDir: null, jwtSecret: TEST_JWT_SECRET, seed: { admin: { userName: 'boss', password: 'S3cret!pass' } } });
        try {
          expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
          await handle.close();
          const res = await app.inject({ method: 'GET', url: '/health/ready' });
          expect(res.statusCode).toBe(503);
          expect(res.json().failing).toEqual(['database']);
        } finally {
          await app.close().catch(() => {});
        }
      });
    });
  },
  {
    app: {
      logger: { level: 'info', stream: logStream },
      metrics: { token: METRICS_TOKEN },
      extraModules: [
        {
          name: 'probe',
          prefix: '/probe',
          auth: 'public',
          plugin: async (app) => {
            app.get('/items/:id', async (request, reply) => {
              const { id } = request.params as { id: string };
              if (id === '404') return reply.code(404).send({ code: 404, Message: 'No such item', message: 'No such item' });
              return { id };
            });
          },
        },
      ],
    },
  },
);
