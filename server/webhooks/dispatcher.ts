// The dispatcher: sends the pending deliveries of the outbox (./outbox.ts) from the server process, after the commit
// of the write that queued them, never inside a request.
//
//   - A pass reads the deliveries that are due (pending, `nextAttemptAt` passed by the app's clock) and claims each
//     with one conditional UPDATE (still pending, still due at the time it read): of two processes sharing a
//     PostgreSQL database, one claims a delivery, the other skips it. A claim moves `nextAttemptAt` past the
//     attempt's timeout, so a process that stops mid-send leaves it due again later (sent at least once).
//   - A receiver has `timeoutMs` (10 s) to answer 2xx; redirects are not followed. Anything else is a failed attempt,
//     retried with exponential backoff (30 s, 1 min, 2 min… at most 6 h apart) until a day after it was due, then
//     the delivery is marked failed. A delivery to a webhook since removed or switched off fails at once.
//   - Each attempt's outcome (delivered, failed and retried later, failed for good) is written with its history entry
//     (operation `send`, actor the system: the changes of status, response code, error and attempts) in one
//     transaction: one entry per attempt, at most about a dozen per delivery with the default backoff. The claim
//     itself is the dispatcher's lease on the row, not an act on it: no entry of its own.
//   - Passes run a moment after a write queued something (`wake`), every `sweepMs` (an unref'd timer), and at start
//     (what a stopped process left). Closing the app stops the timer and aborts what is in flight (it stays due).
import { DELIVERY_STATUS, webhook, webhookDelivery } from '../../shared/resources/webhook';
import { iso } from '../db/dialect';
import type { WriteListeners } from '../resources/index';
import type { Db } from '../db/schema';
import { searchFields, searchTextOf } from '../resources/search';
import { signature } from './outbox';

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
    private readonly onError: (err: unknown) => void = () => {},
    /** The app's write listeners (server/resources/writes.ts): told of each attempt's outcome, in its transaction. */
    private readonly writes?: WriteListeners,
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
      .set({ attempts: row.attempts + 1, nextAttemptAt: iso(new Date(now.getTime() + this.options.timeoutMs + 60_000)), updatedAt: iso(now) })
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
      const res = await fetch(target.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Sitedesk-Webhooks/1',
          'x-sitedesk-signature': signature(target.secret, row.payload),
          'x-sitedesk-delivery': row.deliveryId,
          'x-sitedesk-event': row.event,
        },
        body: row.payload,
        signal: AbortSignal.any([abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
      });
      // Only the status matters: the answer's body is not read.
      await res.body?.cancel().catch(() => {});
      if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status };
      return { ok: false, statusCode: res.status, error: `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}` };
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
    const write = async (db: Db) => {
      await db
        .updateTable(webhookDelivery.table)
        .set({ ...values, updatedAt: at })
        .where('id', '=', row.id)
        .execute();
      // The attempt as the history tells it: what its outcome changed (not the next attempt's time, a schedule).
      const { status, statusCode, error } = values;
      await this.writes?.tell(db, {
        websiteId: row.websiteId,
        resource: webhookDelivery.name,
        ids: [row.id],
        operation: 'action',
        action: 'send',
        before: { status: row.status, statusCode: row.statusCode, error: row.error, attempts: row.attempts },
        values: { status, statusCode, error, attempts },
      });
    };
    if (this.writes?.active) await this.db.transaction().execute(write);
    else await write(this.db);
  }
}

/** What the log says of a failed request: a timeout, the network's error code, or the message. */
function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
  if (e?.name === 'AbortError') return 'Aborted';
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err);
}
