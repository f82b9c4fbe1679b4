// The outbox: in the transaction of a write that changes public content, one pending delivery per active webhook of
// the website (that wants the area) goes into `webhook_deliveries`. Nothing is sent here: the dispatcher sends after
// the commit, so a save never waits for a receiver, and a process that stops loses nothing (the row waits).
import { createHmac, randomUUID } from 'node:crypto';
import { DELIVERY_STATUS, webhook, webhookDelivery } from '../../shared/resources/webhook';
import { iso } from '../db/dialect';
import type { WriteEvent, WriteListener } from '../resources/index';
import type { Db } from '../db/schema';
import { searchFields, searchTextOf } from '../resources/search';
import type { AreaFeeds, WebhookEvent } from './feeds';

/** The body a webhook receives (key order fixed: it is signed as sent). */
export interface WebhookBody {
  website: number;
  resource: string;
  ids: number[];
  event: WebhookEvent;
}

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the webhook's secret (the X-Sitedesk-Signature header). */
export const signature = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const LOG_FIELDS = searchFields(webhookDelivery);

/** The areas a webhook asked for (empty: every area). */
function wants(areas: unknown, path: string): boolean {
  if (typeof areas !== 'string' || !areas) return true;
  try {
    const list: unknown = JSON.parse(areas);
    return !Array.isArray(list) || list.length === 0 || list.includes(path);
  } catch {
    return true;
  }
}

/** A pending delivery of `body` to a webhook, due at `due` (default `now`; also what a replay writes). */
export async function enqueue(db: Db, websiteId: number, webhookId: number, body: WebhookBody, now: Date, replayOf: number | null = null, due: Date = now): Promise<number> {
  const payload = JSON.stringify(body);
  const row = {
    webhookId,
    event: body.event,
    resource: body.resource,
    ids: body.ids.join(', '),
    status: DELIVERY_STATUS.pending,
    attempts: 0,
    statusCode: null,
    error: null,
    nextAttemptAt: iso(due),
    dueAt: iso(due),
    deliveredAt: null,
    deliveryId: randomUUID(),
    payload,
    replayOf,
  };
  const inserted = await db
    .insertInto(webhookDelivery.table)
    .values({ ...row, websiteId, searchText: searchTextOf(LOG_FIELDS, row), createdAt: iso(now), updatedAt: iso(now) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (inserted as { id: number }).id;
}

/**
 * When a write becomes public: now, or the start time of a record that has one still to come (news approved today to
 * appear tomorrow: the sites are told tomorrow, when the delivery API starts answering it).
 */
function publicFrom(event: WriteEvent, now: Date): Date {
  const start = event.values?.startTime ?? event.before?.startTime;
  const at = typeof start === 'string' ? Date.parse(start) : NaN;
  return event.operation !== 'delete' && Number.isFinite(at) && at > now.getTime() ? new Date(at) : now;
}

/** The write listener (server/resources/writes.ts): pending deliveries for a write that changes public content. */
export function outboxListener(feeds: AreaFeeds, now: () => Date, wake: () => void): WriteListener {
  return async (db: Db, event: WriteEvent) => {
    if (event.websiteId === undefined) return;
    const notices = feeds
      .feeds(event.resource)
      .map((feed) => ({ path: feed.path, notice: feeds.notice(event, feed) }))
      .filter((n) => n.notice);
    if (!notices.length) return;
    const hooks = (await db.selectFrom(webhook.table).select(['id', 'areas']).where('websiteId', '=', event.websiteId).where('isActive', '=', true).execute()) as { id: number; areas: unknown }[];
    let queued = 0;
    const at = now();
    const due = publicFrom(event, at);
    for (const hook of hooks) {
      for (const { path, notice } of notices) {
        if (!wants(hook.areas, path)) continue;
        const ids = [...new Set(notice!.ids)].sort((a, b) => a - b);
        await enqueue(db, event.websiteId, hook.id, { website: event.websiteId, resource: path, ids, event: notice!.event }, at, null, due);
        queued++;
      }
    }
    // After the commit (a moment later): the dispatcher sends them, the save does not wait.
    if (queued) wake();
  };
}
