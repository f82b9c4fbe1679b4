// Live events (docs/api.md "Live events"), bearer:
//   GET  /api/events                    Server-Sent Events (a streamed fetch with the Authorization header: EventSource
//                                       cannot send it). Frames `id: <id>\nevent: <kind>\ndata: <event JSON>\n\n`, a
//                                       comment every 25 s; `Last-Event-ID` (or `?lastEventId=`) replays the day's
//                                       events after it first. The stream ends when the access token stops being
//                                       valid (signed out, expired): the client reconnects with a fresh one.
//   GET  /api/events/recent?limit=50&beforeId=   { data: [event & { read }], unread, more }: newest first; `beforeId`
//                                       (the last one shown) pages back, `more` says whether older ones are left
//   POST /api/events/read { ids }       marks these read
//   POST /api/events/read-all           marks everything so far read
//   GET/PUT /api/events/settings        { muted: kind[] }: kinds the user does not receive
// And at start: the write listener (./listener.ts) and this instance's hub (./hub.ts), with its LISTEN on PostgreSQL.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { every } from '../db/periodic';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { queryInt } from '../http/query';
import { M } from '../messages';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { bodyObject, operationContext } from '../resources/index';
import { EventHub } from './hub';
import { EVENTS_CHANNEL, eventsListener } from './listener';
import { EVENT_KINDS, type EventKind, type LiveEvent } from '../../shared/events';
import { eventsFor, readerOf, toWire, type Reader } from './store';
import { Gauge } from 'prom-client';
import { metric } from '../http/metrics';

/** buildApp({ events }): the events module's option. */
export interface EventsOptions {
  /** Between two comment frames of a stream (default 25 s; tests shorten it). */
  heartbeatMs?: number;
}

const DAY = 86_400_000;
/** Open streams per user, on all instances together: the next one closes the oldest. */
const MAX_STREAMS = 10;
/** The PostgreSQL channel the ids of streams to close (a user's oldest, over MAX_STREAMS) go to every instance on. */
const STREAMS_CHANNEL = 'sitedesk_streams';

interface OpenStream {
  /** its row in event_streams */
  id: number;
  userId: number;
  sessionId: string;
  token: string;
  end: () => void;
}
/** How long the recent list and the unread count look back. */
const RECENT_DAYS = 30;
/** At most this many unread are counted (the bell shows 99+). */
const UNREAD_CAP = 999;

/**
 * When `kind` was last muted by `userId`: the time of the newest settings entry (resource `eventSettings`) whose change
 * of `muted` added it. Undefined when the history has none (then the recent list's reach is used).
 */
async function mutedSince(db: Kysely<Database>, userId: number, kind: string): Promise<string | undefined> {
  const entries = await db
    .selectFrom('history_entries')
    .select(['time', 'changes'])
    .where('resource', '=', 'eventSettings')
    .where('recordId', '=', String(userId))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  for (const entry of entries) {
    const changes = JSON.parse(String(entry.changes ?? '[]')) as { field: string; before?: unknown; after?: unknown }[];
    const muted = changes.find((c) => c.field === 'muted');
    const before = Array.isArray(muted?.before) ? muted.before : [];
    if (Array.isArray(muted?.after) && muted.after.includes(kind) && !before.includes(kind)) return String(entry.time);
  }
  return undefined;
}

/** `Last-Event-ID` (the header the SSE protocol resends) or `?lastEventId=`: an event id, or nothing. */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const raw = (Array.isArray(header) ? header[0] : header) ?? (request.query as Record<string, unknown>).lastEventId;
  if (raw === undefined || raw === '') return undefined;
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 0) throw httpError(400, M.badQuery('lastEventId'), { field: 'lastEventId' });
  return id;
}

const frame = (e: LiveEvent) => `id: ${e.id}\nevent: ${e.kind}\ndata: ${JSON.stringify(e)}\n\n`;

export const eventsRoutes: FastifyPluginAsync = async (app) => {
  const heartbeatMs = app.moduleOptions.events?.heartbeatMs ?? 25_000;
  const hub = new EventHub(app.db, (err) => app.log.error({ err }, 'live events: delivery failed'));
  await hub.start();
  metric(app, Gauge, {
    name: 'sitedesk_event_streams_open',
    help: 'Live event streams (GET /api/events) open on this instance',
    collect(this: Gauge) {
      this.set(hub.size);
    },
  });
  const stopListening = app.writes.listen(eventsListener(app.resources.engine, app.resources.defs, () => app.now(), () => hub.wake()));
  const stopNotify = app.listenDb
    ? await app.listenDb(EVENTS_CHANNEL, (payload) => {
        const id = Number(payload);
        if (Number.isSafeInteger(id)) hub.notified([id]).catch((err: unknown) => app.log.error({ err }, 'live events: delivery failed'));
      }, () => void hub.caughtUp().catch((err: unknown) => app.log.error({ err }, 'live events: catching up failed')))
    : undefined;
  // Past the recent list's reach, an event is gone, with its read marks (one instance at a time, every hour).
  every(app, 'events-purge', 3_600_000, async () => {
    const before = new Date(app.now().getTime() - RECENT_DAYS * DAY).toISOString();
    const last = await app.db.selectFrom('events').select((eb) => eb.fn.max('id').as('max')).where('time', '<', before).executeTakeFirst();
    const through = Number(last?.max ?? 0);
    if (!through) return;
    await app.db.deleteFrom('event_reads').where('eventId', '<=', through).execute();
    await app.db.deleteFrom('events').where('id', '<=', through).execute();
  });
  /** The open streams' endings, so the app's close does not wait for clients that keep them open. */
  const endings = new Set<() => void>();
  /** The open streams of this instance, oldest first: by session (ended sessions close theirs) and user (at most 10). */
  const open: OpenStream[] = [];
  // A session ended — signed out, revoked, its refresh token reused, all of a user's ended (TokenService.sessionsEnded,
  // heard from every instance) — closes its streams at once, not at the next heartbeat. Each checks its session first:
  // on SQLite the news comes before the ending transaction commits (the check waits for it), and a rolled-back one
  // leaves the stream open.
  const stopEnded = app.tokens.onSessionsEnded((ids) => {
    const ended = new Set(ids);
    for (const stream of open.filter((s) => ended.has(s.sessionId))) {
      app.tokens
        .verifySession(stream.token)
        .then((session) => session ?? stream.end())
        .catch(() => stream.end());
    }
  });
  app.addHook('preClose', async () => {
    for (const end of [...endings]) end();
  });
  // Streams another instance found over a user's limit (or this one, on SQLite): closed here if they are here.
  const closeStreams = (ids: number[]) => {
    const gone = new Set(ids);
    for (const stream of open.filter((s) => gone.has(s.id))) stream.end();
  };
  const stopStreams = app.listenDb
    ? await app.listenDb(STREAMS_CHANNEL, (payload) => closeStreams(payload.split(' ').map(Number)))
    : undefined;
  /**
   * Keeps `userId` to MAX_STREAMS open streams in all: the rows past the newest ten are the oldest streams, wherever
   * they are open. Their rows go, and their ids to every instance (PostgreSQL NOTIFY; SQLite: this one). A row left by
   * an instance that died is only ever one of the oldest: evicted the same way.
   */
  const keepLimit = async (userId: number) => {
    const rows = await app.db.selectFrom('event_streams').select('id').where('userId', '=', userId).orderBy('id', 'desc').execute();
    const over = rows.slice(MAX_STREAMS).map((r) => r.id);
    if (!over.length) return;
    await app.db.deleteFrom('event_streams').where('id', 'in', over).execute();
    if (app.dialect === 'postgres') await sql`select pg_notify(${STREAMS_CHANNEL}, ${over.join(' ')})`.execute(app.db);
    else closeStreams(over);
  };
  app.addHook('onClose', async () => {
    await stopStreams?.();
    stopEnded();
    stopListening();
    await stopNotify?.();
    await hub.close();
  });

  const reader = async (request: FastifyRequest): Promise<Reader> => {
    const r = await readerOf(app.db, request.user.id);
    if (!r) throw httpError(401, M.unauthorized);
    return r;
  };

  app.get('/events', async (request, reply) => {
    const last = lastEventIdOf(request);
    const token = /^Bearer\s+(\S+)/i.exec(String(request.headers.authorization))![1];
    const userId = request.user.id;
    const me = await reader(request);
    const streamId = (await app.db.insertInto('event_streams').values({ userId, openedAt: app.now().toISOString() }).returning('id').executeTakeFirstOrThrow()).id;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // A proxy (nginx) passes each frame on at once instead of buffering the stream.
      'x-accel-buffering': 'no',
    });
    // Reconnect after 3 s when the connection drops (EventSource-like clients read it; ours has its own backoff).
    res.write('retry: 3000\n\n');

    const sent = new Set<number>();
    let replaying = true;
    const queued: LiveEvent[] = [];
    const write = (e: LiveEvent) => {
      if (sent.has(e.id)) return;
      sent.add(e.id);
      // Remember the recent ids only (a replay and a live delivery overlap by moments, not by days).
      if (sent.size > 2000) sent.delete(sent.values().next().value!);
      res.write(frame(e));
    };
    const remove = hub.add({ userId, send: (e) => (replaying ? queued.push(e) : write(e)) });
    const heartbeat = setInterval(() => {
      // The stream lasts as long as its access token: signed out or expired, it ends, and the client comes back with
      // a fresh token (and Last-Event-ID, losing nothing).
      app.tokens
        .verifySession(token)
        .then((session) => {
          if (!session) end();
          else if (!res.writableEnded) res.write(': heartbeat\n\n');
        })
        .catch(() => end());
    }, heartbeatMs);
    heartbeat.unref();
    const end = () => {
      clearInterval(heartbeat);
      remove();
      endings.delete(end);
      const i = open.indexOf(stream);
      if (i >= 0) open.splice(i, 1);
      if (!res.writableEnded) res.end();
      void app.db.deleteFrom('event_streams').where('id', '=', stream.id).execute().catch(() => undefined);
    };
    endings.add(end);
    const stream: OpenStream = { id: streamId, userId, sessionId: request.user.sessionId, token, end };
    open.push(stream);
    request.raw.on('close', end);
    // One user holds at most MAX_STREAMS streams on all instances: a new one closes the oldest (a console reopened in
    // a loop, a leaked token's listeners).
    try {
      await keepLimit(userId);
    } catch (err) {
      app.log.error({ err }, 'live events: keeping the streams limit failed');
    }

    try {
      if (last !== undefined) {
        const since = new Date(app.now().getTime() - DAY).toISOString();
        for (const row of await eventsFor(app.db, me, { limit: 10_000, afterId: last, since, oldestFirst: true })) write(toWire(row, me));
      }
    } catch (err) {
      app.log.error({ err }, 'live events: replay failed');
      end();
      return;
    }
    replaying = false;
    for (const e of queued.splice(0)) write(e);
  });

  app.get('/events/recent', async (request) => {
    const query = request.query as Record<string, unknown>;
    const limit = queryInt(query.limit, 'limit', 1, 200) ?? 50;
    const beforeId = queryInt(query.beforeId, 'beforeId', 1, Number.MAX_SAFE_INTEGER);
    const me = await reader(request);
    const since = new Date(app.now().getTime() - RECENT_DAYS * DAY).toISOString();
    const [page, unreadCandidates] = await Promise.all([
      // One more than asked: whether the bell offers "more".
      eventsFor(app.db, me, { limit: limit + 1, since, beforeId }),
      eventsFor(app.db, me, { limit: UNREAD_CAP, since, afterId: me.readThrough }),
    ]);
    const recent = page.slice(0, limit);
    const ids = [...new Set([...recent, ...unreadCandidates].map((e) => e.id))];
    const read = new Set<number>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await app.db.selectFrom('event_reads').select('eventId').where('userId', '=', me.id).where('eventId', 'in', ids.slice(i, i + 500)).execute();
      for (const r of rows) read.add(r.eventId);
    }
    const isRead = (id: number) => id <= me.readThrough || read.has(id);
    return {
      ...ok(request, M.success, recent.map((e) => ({ ...toWire(e, me), read: isRead(e.id) }))),
      unread: unreadCandidates.filter((e) => !isRead(e.id)).length,
      more: page.length > limit,
    };
  });

  app.post('/events/read', async (request) => {
    const body = bodyObject(request.body);
    const ids = body.ids;
    if (!Array.isArray(ids) || ids.length > 1000 || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
      throw httpError(400, M.listInvalid('ids'), { field: 'ids' });
    }
    const userId = request.user.id;
    if (ids.length) {
      const known = await app.db.selectFrom('events').select('id').where('id', 'in', ids as number[]).execute();
      if (known.length) {
        await app.db
          .insertInto('event_reads')
          .values(known.map((k) => ({ userId, eventId: k.id })))
          .onConflict((oc) => oc.columns(['userId', 'eventId']).doNothing())
          .execute();
      }
    }
    return ok(request, M.updated);
  });

  app.post('/events/read-all', async (request) => {
    const userId = request.user.id;
    await app.db.transaction().execute(async (trx) => {
      const max = Number((await trx.selectFrom('events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst())?.max ?? 0);
      await trx
        .insertInto('event_settings')
        .values({ userId, muted: '[]', readThrough: max })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ readThrough: max }))
        .execute();
      // What was marked one by one is covered now.
      await trx.deleteFrom('event_reads').where('userId', '=', userId).where('eventId', '<=', max).execute();
    });
    return ok(request, M.updated);
  });

  app.get('/events/settings', async (request) => {
    const me = await reader(request);
    return ok(request, M.success, { muted: [...me.muted] });
  });

  app.put('/events/settings', async (request) => {
    const body = bodyObject(request.body);
    const muted = body.muted;
    if (!Array.isArray(muted) || !muted.every((k) => typeof k === 'string' && (EVENT_KINDS as readonly string[]).includes(k))) {
      throw httpError(400, M.listInvalid('muted'), { field: 'muted' });
    }
    const kinds = EVENT_KINDS.filter((k) => muted.includes(k)) as EventKind[];
    const userId = request.user.id;
    // A user's choice, with its history entry (the user's `eventSettings`: what was muted before and after), in one
    // transaction through the engine; choosing again what was chosen changes nothing (no entry).
    await app.resources.engine.own(operationContext(app, request), 'eventSettings', async (db) => {
      const trx = db as unknown as Kysely<Database>;
      const row = await trx.selectFrom('event_settings').select(['muted', 'readThrough']).where('userId', '=', userId).executeTakeFirst();
      const was = row ? EVENT_KINDS.filter((k) => (JSON.parse(row.muted) as string[]).includes(k)) : [];
      // What arrived of a kind while it was muted was not for this user: unmuted, it is there as read, never a pile
      // of unread old bookings in the bell (issue 42). When it was muted is the time of this user's settings entry that
      // muted it (the history keeps every change of the settings); what came before that stays as it was.
      for (const kind of was.filter((k) => !kinds.includes(k))) {
        const since = (await mutedSince(trx, userId, kind)) ?? new Date(app.now().getTime() - RECENT_DAYS * DAY).toISOString();
        await trx
          .insertInto('event_reads')
          .columns(['userId', 'eventId'])
          .expression(
            trx
              .selectFrom('events')
              .select([sql.lit(userId).as('userId'), 'id'])
              .where('kind', '=', kind)
              .where('id', '>', Number(row?.readThrough ?? 0))
              .where('time', '>=', since),
          )
          .onConflict((oc) => oc.columns(['userId', 'eventId']).doNothing())
          .execute();
      }
      await trx
        .insertInto('event_settings')
        .values({ userId, muted: JSON.stringify(kinds), readThrough: 0 })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ muted: JSON.stringify(kinds) }))
        .execute();
      if (was.join() === kinds.join()) return { result: undefined };
      return { result: undefined, written: { websiteId: undefined, ids: [userId], operation: row ? 'update' : 'create', before: row ? { muted: was } : undefined, values: { muted: kinds }, after: { muted: kinds } } };
    });
    return ok(request, M.updated, { muted: kinds });
  });
};
