// The dispatcher: sends the pending deliveries of the outbox (./outbox.ts) from the server process, after the commit
// of the write that queued them, never inside a request.
//
//   - A pass reads the deliveries that are due (pending, `nextAttemptAt` passed by the app's clock) and claims each
//     with one conditional UPDATE (still pending, still due at the time it read): of two processes sharing a
//     PostgreSQL database, one claims a delivery, the other skips it. A claim moves `nextAttemptAt` past the
//     attempt's timeout, so a process that stops mid-send leaves it due again later (sent at least once). The claim
//     is the dispatcher's lease on the row and changes only its schedule, nothing the log or the history shows.
//   - A receiver has `timeoutMs` (10 s) to answer 2xx; redirects are not followed. Anything else is a failed attempt,
//     retried with exponential backoff (30 s, 1 min, 2 min… at most 6 h apart) until a day after it was due, then
//     the delivery is marked failed. A delivery to a webhook since removed or switched off fails at once.
//   - Each attempt's outcome (delivered, failed and retried later, failed for good) and its count are written through
//     the engine (`engine.change`, action `send`, actor the system: the changes of status, response code, error,
//     attempts and the next attempt's time), so its history entry, live event and log refresh are the engine's, in
//     its transaction: one entry per attempt, at most about a dozen per delivery with the default backoff. An attempt
//     cut short by the process stopping is not counted: its delivery is claimed and sent again later.
//   - Passes run a moment after a write queued something (`wake`), every `sweepMs` (an unref'd timer), and at start
//     (what a stopped process left). Closing the app stops the timer and aborts what is in flight (it stays due).
import { DELIVERY_STATUS, webhook, webhookDelivery } from '../../shared/resources/webhook';
import { iso } from '../db/dialect';
import { HttpError } from '../errors';
import { systemContext, type ResourceEngine } from '../resources/index';
import type { Db } from '../db/schema';
import { searchFields, searchTextOf } from '../resources/search';
import { signature } from './outbox';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { addressVerdict, allowed, hostVerdict } from './address';

const LOG_FIELDS = searchFields(webhookDelivery);

export interface WebhookOptions {
  /** A receiver's time to answer (default 10 s). */
  timeoutMs?: number;
  /** How often due deliveries are looked for besides after writes (default 30 s). */
  sweepMs?: number;
  /** The first retry's delay, doubled at each retry (default 30 s). */
  retryBaseMs?: number;
  /** The longest delay between two attempts (default 6 h). */
  retryMaxMs?: number;
  /** How long after the event attempts go on before the delivery is marked failed (default a day). */
  giveUpAfterMs?: number;
  /**
   * Whether receivers on loopback, private and other non-public addresses may be sent to (WEBHOOKS_ALLOW_PRIVATE=1;
   * default off). Link-local and cloud-metadata addresses never are (./address.ts).
   */
  allowPrivate?: boolean;
  /** The delay between a write and the pass that sends what it queued (default 50 ms: after its commit). */
  wakeDelayMs?: number;
  /** false: nothing is sent by this process (deliveries are still queued): a process that only serves reads. */
  send?: boolean;
}

export const WEBHOOK_DEFAULTS: Required<WebhookOptions> = {
  timeoutMs: 10_000,
  sweepMs: 30_000,
  retryBaseMs: 30_000,
  retryMaxMs: 6 * 3600_000,
  giveUpAfterMs: 24 * 3600_000,
  wakeDelayMs: 50,
  allowPrivate: false,
  send: true,
};

/** At most this many deliveries in flight per pass. */
const BATCH = 20;
/** What the log keeps of an error. */
const MAX_ERROR = 500;

interface DueRow {
  id: number;
  websiteId: number;
  status: string;
  statusCode: number | null;
  error: string | null;
  webhookId: number;
  attempts: number;
  nextAttemptAt: string;
  dueAt: string | null;
  createdAt: string;
  deliveryId: string;
  event: string;
  resource: string;
  ids: string;
  payload: string;
}

type Outcome = { ok: true; statusCode: number } | { ok: false; statusCode: number | null; error: string };

export class WebhookDispatcher {
  private readonly options: Required<WebhookOptions>;
  private timer?: NodeJS.Timeout;
  private woken?: NodeJS.Timeout;
  private closed = false;
  private readonly inFlight = new Set<AbortController>();
  private readonly passes = new Set<Promise<number>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    options: WebhookOptions = {},
    /** The app's engine (server/resources/engine.ts): each attempt's outcome is its write. */
    private readonly engine: ResourceEngine,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.options = { ...WEBHOOK_DEFAULTS, ...options };
  }

  /** Starts sending: a pass now (what a stopped process left), then every `sweepMs`. */
  start(): void {
    if (!this.options.send || this.closed) return;
    this.wake();
    this.timer = setInterval(() => void this.sweep().catch(this.onError), this.options.sweepMs);
    this.timer.unref();
  }

  /** A pass a moment from now (after the commit of the write that queued something). */
  wake(): void {
    if (!this.options.send || this.closed || this.woken) return;
    this.woken = setTimeout(() => {
      this.woken = undefined;
      void this.sweep().catch(this.onError);
    }, this.options.wakeDelayMs);
    this.woken.unref();
  }

  /** One pass: sends every delivery due now (by the app's clock); answers how many it attempted. */
  async sweep(): Promise<number> {
    if (this.closed) return 0;
    const pass = this.pass();
    this.passes.add(pass);
    try {
      return await pass;
    } finally {
      this.passes.delete(pass);
    }
  }

  /** Stops the timer, aborts what is in flight (it stays due) and waits for the passes to end. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    clearTimeout(this.woken);
    for (const abort of this.inFlight) abort.abort();
    await Promise.allSettled([...this.passes]);
  }

  private async pass(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const due = (await this.db
        .selectFrom(webhookDelivery.table)
        .select(['id', 'websiteId', 'status', 'statusCode', 'error', 'webhookId', 'attempts', 'nextAttemptAt', 'dueAt', 'createdAt', 'deliveryId', 'event', 'resource', 'ids', 'payload'])
        .where('status', '=', DELIVERY_STATUS.pending)
        .where('nextAttemptAt', '<=', iso(this.now()))
        .orderBy('nextAttemptAt')
        .orderBy('id')
        .limit(BATCH)
        .execute()) as DueRow[];
      const results = await Promise.all(due.map((row) => this.attempt(row)));
      attempted += results.filter(Boolean).length;
      // A full batch may hide more; a batch of which nothing could be claimed is another process's.
      if (due.length < BATCH || !results.some(Boolean) || this.closed) return attempted;
    }
  }

  /** Claims one delivery and sends it; false when another process had claimed it. */
  private async attempt(row: DueRow): Promise<boolean> {
    const now = this.now();
    const claim = await this.db
      .updateTable(webhookDelivery.table)
      .set({ nextAttemptAt: iso(new Date(now.getTime() + this.options.timeoutMs + 60_000)) })
      .where('id', '=', row.id)
      .where('status', '=', DELIVERY_STATUS.pending)
      .where('nextAttemptAt', '=', row.nextAttemptAt)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) return false;

    const target = (await this.db.selectFrom(webhook.table).select(['url', 'secret', 'isActive']).where('id', '=', row.webhookId).executeTakeFirst()) as
      | { url: string; secret: string; isActive: boolean }
      | undefined;
    const outcome: Outcome =
      target && target.isActive ? await this.send(target, row) : { ok: false, statusCode: null, error: 'The webhook was removed or switched off' };
    // Closing: what was in flight stays claimed, and is due again once its claim runs out.
    if (this.closed) return true;
    await this.record(row, outcome, Boolean(target?.isActive));
    return true;
  }

  private async send(target: { url: string; secret: string }, row: DueRow): Promise<Outcome> {
    const abort = new AbortController();
    this.inFlight.add(abort);
    try {
      const status = await post(target.url, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Sitedesk-Webhooks/1',
          'x-sitedesk-signature': signature(target.secret, row.payload),
          'x-sitedesk-delivery': row.deliveryId,
          'x-sitedesk-event': row.event,
        },
        body: row.payload,
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        allowPrivate: this.options.allowPrivate,
      });
      if (status.code >= 200 && status.code < 300) return { ok: true, statusCode: status.code };
      return { ok: false, statusCode: status.code, error: `HTTP ${status.code}${status.text ? ` ${status.text}` : ''}` };
    } catch (err) {
      return { ok: false, statusCode: null, error: describe(err, this.options.timeoutMs) };
    } finally {
      this.inFlight.delete(abort);
    }
  }

  private async record(row: DueRow, outcome: Outcome, retryable: boolean): Promise<void> {
    const now = this.now();
    const at = iso(now);
    const attempts = row.attempts + 1;
    let values: Record<string, unknown>;
    if (outcome.ok) {
      values = { status: DELIVERY_STATUS.delivered, statusCode: outcome.statusCode, error: null, deliveredAt: at, nextAttemptAt: null };
    } else {
      const delay = Math.min(this.options.retryBaseMs * 2 ** (attempts - 1), this.options.retryMaxMs);
      const next = now.getTime() + delay;
      const giveUp = !retryable || next > Date.parse(row.dueAt ?? row.createdAt) + this.options.giveUpAfterMs;
      const error = outcome.error.slice(0, MAX_ERROR);
      values = {
        status: giveUp ? DELIVERY_STATUS.failed : DELIVERY_STATUS.pending,
        statusCode: outcome.statusCode,
        error,
        // The log's keyword finds the error too.
        searchText: searchTextOf(LOG_FIELDS, { ...row, error }),
        nextAttemptAt: giveUp ? null : iso(new Date(next)),
      };
    }
    try {
      await this.engine.change(systemContext(this.db, now, row.websiteId), webhookDelivery, { websiteId: row.websiteId, keys: {} }, row.id, { ...values, attempts }, { action: 'send' });
    } catch (err) {
      // Removed meanwhile (with its webhook or its website): nothing left to record.
      if (!(err instanceof HttpError && err.status === 404)) throw err;
    }
  }
}

/** A refused receiver address (./address.ts): the log says so. */
export class RefusedAddress extends Error {
  readonly code = 'ADDRESS_REFUSED';
  constructor(what: string) {
    super(`The receiver's address ${what} is not allowed (link-local, metadata or private)`);
  }
}

/**
 * A `lookup` for node:http that resolves a name and refuses it when any address it resolves to is one a webhook may
 * not reach (./address.ts): the connection is made to the addresses checked, never to a second lookup's.
 */
export function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => !allowed(addressVerdict(a.address), allowPrivate));
      if (refused) return callback(new RefusedAddress(`${hostname} (${refused.address})`), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * One POST, redirects not followed, the answer's body not read. The name is resolved here and every address it
 * resolves to is checked before the connection is made to one of them (the one checked: no second lookup).
 */
function post(raw: string, o: { headers: Record<string, string>; body: string; signal: AbortSignal; allowPrivate: boolean }): Promise<{ code: number; text: string }> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    if (!allowed(hostVerdict(url.hostname), o.allowPrivate)) {
      reject(new RefusedAddress(url.hostname));
      return;
    }
    const lookup = checkedLookup(o.allowPrivate);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'POST', headers: { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) }, signal: o.signal, lookup, agent: false }, (res) => {
      res.resume(); // only the status matters
      resolve({ code: res.statusCode ?? 0, text: res.statusMessage ?? '' });
      res.destroy();
    });
    req.on('error', (err) => reject(o.signal.aborted ? (o.signal.reason as Error) : err));
    req.end(o.body);
  });
}

/** What the log says of a failed request: a timeout, the network's error code, or the message. */
function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
  if (err instanceof RefusedAddress) return err.message;
  if (e?.code && e.name !== 'AbortError') return e.code;
  if (e?.name === 'AbortError') return 'Aborted';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
