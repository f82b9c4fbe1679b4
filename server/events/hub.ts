// One hub per app instance: the event streams open on it (GET /api/events) and how committed events reach them.
//   - PostgreSQL: the write listener notifies each event's id on EVENTS_CHANNEL inside the writing transaction;
//     PostgreSQL delivers it at commit to every instance's one LISTEN connection (DbHandle.listen), whichever
//     instance took the write. The hub reads those events by id.
//   - SQLite (one process): the listener wakes the hub, which reads the events after the last it saw; the read waits
//     for the connection the writing transaction holds, so it sees the events once committed (none of a rollback).
// For each event the readers of the connected users are read afresh (./store.ts), and each stream gets what its
// user may read and has not muted.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { LiveEvent } from '../../shared/events';
import { mayRead, openTitles, readers, toWire, type EventRow } from './store';

export interface EventStream {
  userId: number;
  /** Sends one event (the stream keeps what it sent, a replay and a live delivery never send one twice). */
  send(event: LiveEvent): void;
}

export class EventHub {
  private readonly streams = new Set<EventStream>();
  /** The last event id read (SQLite) or heard of (PostgreSQL). */
  private cursor: number | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (err: unknown) => void,
  ) {}

  /** Where the SQLite cursor starts: after every event that exists at start. */
  async start(): Promise<void> {
    const row = await this.db.selectFrom('events').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    this.cursor = Number(row?.max ?? 0);
  }

  add(stream: EventStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  /** SQLite: something was written; read what is new once the write's transaction ends. */
  wake(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        const rows = await this.db.selectFrom('events').selectAll().where('id', '>', this.cursor ?? 0).orderBy('id').execute();
        if (rows.length) this.cursor = rows[rows.length - 1].id;
        await this.deliver(rows);
      } while (this.again && !this.closed);
    })()
      .catch(this.log)
      .finally(() => {
        this.pumping = undefined;
      });
  }

  /** PostgreSQL: these events were committed (their ids came through LISTEN). */
  async notified(ids: number[]): Promise<void> {
    if (this.closed || !ids.length) return;
    this.cursor = Math.max(this.cursor ?? 0, ...ids);
    if (!this.streams.size) return;
    const rows = await this.db.selectFrom('events').selectAll().where('id', 'in', ids).orderBy('id').execute();
    await this.deliver(rows);
  }

  /**
   * PostgreSQL: the LISTEN connection was lost and is back; what was notified meanwhile never came. Delivers the
   * events after the last one heard (the streams skip what they already sent).
   */
  async caughtUp(): Promise<void> {
    if (this.closed) return;
    const rows = await this.db.selectFrom('events').selectAll().where('id', '>', this.cursor ?? 0).orderBy('id').execute();
    if (rows.length) this.cursor = rows[rows.length - 1].id;
    await this.deliver(rows);
  }

  private async deliver(stored: EventRow[]): Promise<void> {
    if (!stored.length || !this.streams.size) return;
    const streams = [...this.streams];
    const byUser = await readers(this.db, streams.map((s) => s.userId));
    const rows = await openTitles(this.db, stored);
    for (const row of rows) {
      for (const stream of streams) {
        const reader = byUser.get(stream.userId);
        if (reader && !reader.muted.has(row.kind) && mayRead(reader, row)) stream.send(toWire(row, reader));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.pumping;
  }
}
