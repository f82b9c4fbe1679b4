// Committed writes: one hook that hears every write of content, inside the write's transaction, so what a listener
// records (the publish webhooks' pending deliveries today, the history of every write tomorrow) commits or rolls
// back with the write itself. The engine tells it on every create, update, delete and status move; a hand-written
// writer (a reorder, the websites' own routes) tells it where it writes (`request.server.writes.tell(trx, …)`).
//
// Per app, never a module-level global: the listeners live in the app's ResourceSet (built in buildApp) and the app
// is decorated with them (`app.writes`), so tests that build many apps in one process keep them apart.
import type { FastifyRequest } from 'fastify';
import type { DynamicDb } from './dynamic';
import type { Row } from './records';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listeners of committed writes (server/resources/writes.ts), per app. */
    writes: WriteListeners;
  }
}

export type WriteOperation = 'create' | 'update' | 'delete' | 'move';

export interface WriteEvent {
  /** The website the records belong to (a website's own write: that website); undefined for organisation records. */
  websiteId: number | undefined;
  /** The definition's name ('banner', 'menuItem'). */
  resource: string;
  /** The records written (a link record with a natural key, a website's language: that key). */
  ids: readonly (number | string)[];
  operation: WriteOperation;
  /** The parent keys of the path (`{ bannerId: 4 }` for a banner's item). */
  keys?: Record<string, number>;
  /** An update: the record before it, in wire form (what changed is `values` against it). */
  before?: Row;
  /** A create or update: the column values written. */
  values?: Row;
  /** A status move: its name ('approve'), the field it moved, from and to. */
  move?: { name: string; field: string; from: unknown; to: unknown };
  /** The request that made the write, when one did (who: `request.user`). */
  request?: FastifyRequest;
}

/** Called in the write's transaction (`db` is it): throw to refuse the write as a whole. */
export type WriteListener = (db: DynamicDb, event: WriteEvent) => Promise<void>;

export class WriteListeners {
  private readonly listeners: WriteListener[] = [];

  /** Adds a listener; answers the function that removes it. */
  listen(listener: WriteListener): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Whether anyone listens (without listeners, a write needs no transaction of its own for them). */
  get active(): boolean {
    return this.listeners.length > 0;
  }

  /** Tell every listener of a write, in its transaction (`db`). */
  async tell(db: DynamicDb, event: WriteEvent): Promise<void> {
    if (!event.ids.length) return;
    for (const listener of this.listeners) await listener(db, event);
  }
}
