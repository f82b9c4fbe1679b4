// Committed writes: one hook that hears every write of content, inside the write's transaction, so what a listener
// records (the publish webhooks' pending deliveries today, the history of every write tomorrow) commits or rolls
// back with the write itself. The engine tells it on every create, update, delete, status move and change
// (`ResourceEngine.change`: a reorder, a read mark, a default flag moved); a table no definition describes writes
// through `ResourceEngine.own` (an integration key, muted event kinds, push tokens). Only the engine, the ledger
// (server/team/ledger.ts), the sign-in records (server/auth) and the file catalogue (server/files, a store of its own)
// call `tell` themselves.
//
// Per app, never a module-level global: the listeners live in the app's ResourceSet (built in buildApp) and the app
// is decorated with them (`app.writes`), so tests that build many apps in one process keep them apart.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/schema';
import type { Row } from './records';

declare module 'fastify' {
  interface FastifyInstance {
    /** The listeners of committed writes (server/resources/writes.ts), per app. */
    writes: WriteListeners;
  }
  interface FastifyRequest {
    /**
     * Who makes the request when it is not a signed-in user (`request.user`): a route that identifies its caller
     * otherwise sets it (the integration API: its key). The listeners read it from the event's request.
     */
    actor?: WriteActor;
  }
}

/**
 * `action`: a hand-written action that is none of the others, named by `action` ('pay', 'reverse', 'signIn').
 * `restore`: a deleted record put back from the trash under its old id (a create with its `after`).
 * `read`: no write at all, a person's data read (issue 40, "who read it"): `action` says how ('view' one record's
 * detail, 'export' a list); the history records it, nothing else listens (no webhook, no live event).
 */
export type WriteOperation = 'create' | 'update' | 'delete' | 'move' | 'action' | 'restore' | 'read';

/**
 * Who wrote: a user; the public intake (a visitor, with the client address); an integration key (its id and name);
 * the system (the seed, start-up work: a write without a request).
 */
export interface WriteActor {
  kind: 'user' | 'public' | 'integration' | 'system';
  id?: number | null;
  name?: string | null;
}

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
  /** An update or a move: the record before it, in wire form (what changed is `values` against it). A delete: its stored row. */
  before?: Row;
  /** A delete: what went with the record (its children's stored rows, by the child definition's name). */
  children?: Record<string, Row[]>;
  /** A create or update: the column values written. */
  values?: Row;
  /** A create, update or move: the record right after it, in wire form (the engine reads it in the transaction). */
  after?: Row;
  /** A status move: its name ('approve'), the field it moved, from and to. */
  move?: { name: string; field: string; from: unknown; to: unknown };
  /** An `action` operation: its name ('pay', 'reverse', 'reorder', 'signIn', 'signInFailed'). */
  action?: string;
  /** The request that made the write, when one did (who: `request.user`, else `request.actor`). */
  request?: FastifyRequest;
  /** Who wrote, when neither the request's user nor `request.actor` says it (a sign-in: the account). */
  actor?: WriteActor;
}

/** Called in the write's transaction (`db` is it): throw to refuse the write as a whole. */
export type WriteListener = (db: Db, event: WriteEvent) => Promise<void>;

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
  async tell(db: Db, event: WriteEvent): Promise<void> {
    if (!event.ids.length) return;
    for (const listener of this.listeners) await listener(db, event);
  }
}
