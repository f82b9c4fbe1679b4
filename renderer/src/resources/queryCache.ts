/**
 * The console's query cache: TanStack Query's model (one store of server reads keyed by what was asked, reads
 * shared by every component that asks the same, invalidation instead of reload callbacks), hand-written because the
 * part we use is small (@tanstack/react-query is not a dependency of this project and would bring its provider,
 * devtools and a second notion of "loading" next to ProTable's).
 *
 * - A key is an array: the resource's name first, then what scopes it (website, language, parent), then what was
 *   asked (`list` and its params, `one` and the id). Keys are compared by value (object keys in any order).
 * - An entry is fresh until invalidated. It is invalidated by a write of this console to its resource, its parent
 *   or its children (`invalidate(prefix)`, called by the data provider after each write), and by the server's change
 *   number (`X-Changes` on every signed-in answer, noted by the HTTP client): an entry read at number n is stale as
 *   soon as any answer says the number is past n — someone, anywhere, wrote since.
 * - Invalidating an entry nobody shows drops it (the next reader loads it); an entry on screen is marked stale and
 *   its subscribers are told, so they load it again (a list reloads, a count is read again).
 * - An entry may opt out of the change number (`followChanges: false`): a form being edited keeps the record the
 *   user started from, and the 409 on save tells of a later change.
 */

export type QueryKey = readonly unknown[];

/** Filled by a fetcher with what the answer said beside its data. */
export interface QueryMeta {
  /** The change number the answer reflects (its `X-Changes`), when the server said it. */
  changes?: string;
}

export type Fetcher<T> = (meta: QueryMeta) => Promise<T>;

export interface FetchOptions {
  /** Load even when a fresh value is kept (a reload button, a list asked by ProTable). */
  force?: boolean;
  /** Whether the server's change number makes this entry stale (default true). */
  followChanges?: boolean;
}

export interface QueryState<T = unknown> {
  data?: T;
  error?: unknown;
  /** Loading with nothing to show yet, or loading again. */
  fetching: boolean;
  stale: boolean;
}

interface Entry {
  key: QueryKey;
  data?: unknown;
  error?: unknown;
  hasData: boolean;
  pending?: Promise<unknown>;
  /** Invalidated while its load was under way: the load may predate the write, so it is stale when it lands. */
  invalidatedInFlight: boolean;
  stale: boolean;
  /** The change number its data reflects. */
  changes?: number;
  followChanges: boolean;
  listeners: Set<() => void>;
  usedAt: number;
}

/** At most this many entries kept; beyond, the least recently used that nobody shows go first. */
const MAX_ENTRIES = 300;

/** A key as text: arrays in order, object keys sorted, undefined left out (so `{ a: 1 }` and `{ a: 1, b: undefined }` match). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** `prefix` is the first elements of `key`. */
export const keyStartsWith = (key: QueryKey, prefix: QueryKey): boolean =>
  prefix.length <= key.length && hashKey(key.slice(0, prefix.length)) === hashKey(prefix);

const asNumber = (text: string | undefined | null): number | undefined => {
  if (text === undefined || text === null || text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

export class QueryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly watchers = new Set<{ prefix: QueryKey; listener: () => void }>();
  /** The highest change number any answer said. */
  private latest: number | undefined;
  private clock = 0;

  /** What is kept for `key` (nothing: all empty). */
  peek<T>(key: QueryKey): QueryState<T> {
    const entry = this.entries.get(hashKey(key));
    return { data: entry?.data as T | undefined, error: entry?.error, fetching: Boolean(entry?.pending), stale: entry ? entry.stale : true };
  }

  /**
   * The value of `key`: the kept one while fresh, else loaded by `fetcher` (one load at a time per key: a second
   * asker waits for the first).
   */
  fetch<T>(key: QueryKey, fetcher: Fetcher<T>, options: FetchOptions = {}): Promise<T> {
    const entry = this.entry(key, options);
    entry.usedAt = ++this.clock;
    if (entry.pending) return entry.pending as Promise<T>;
    if (!options.force && entry.hasData && !entry.stale) return Promise.resolve(entry.data as T);
    const meta: QueryMeta = {};
    entry.invalidatedInFlight = false;
    const pending = fetcher(meta).then(
      (data) => {
        entry.pending = undefined;
        entry.data = data;
        entry.error = undefined;
        entry.hasData = true;
        entry.changes = asNumber(meta.changes);
        // A write during the load, or an answer elsewhere past this one's number: someone wrote after it was read.
        entry.stale = entry.invalidatedInFlight || this.pastChanges(entry);
        this.notify(entry);
        return data;
      },
      (error: unknown) => {
        entry.pending = undefined;
        entry.error = error;
        // A failure is not kept as a value: the next reader tries again.
        entry.stale = true;
        this.notify(entry);
        throw error;
      },
    );
    entry.pending = pending;
    this.notify(entry);
    this.trim();
    return pending;
  }

  /**
   * Mark every entry under `prefix` stale (after a write): dropped when nobody shows it, else its subscribers reload.
   * Answers when the reloads its subscribers started have landed (TanStack's invalidateQueries).
   */
  invalidate(prefix: QueryKey): Promise<void> {
    const shown: Entry[] = [];
    for (const [hash, entry] of [...this.entries]) {
      if (!keyStartsWith(entry.key, prefix)) continue;
      this.expire(hash, entry);
      if (entry.listeners.size) shown.push(entry);
    }
    return Promise.allSettled(shown.map((entry) => entry.pending)).then(() => undefined);
  }

  /** An answer said the server's change number is `changes`: entries read before it are stale. */
  noteChanges(changes: string | null | undefined): void {
    const n = asNumber(changes);
    if (n === undefined || (this.latest !== undefined && n <= this.latest)) return;
    this.latest = n;
    for (const [hash, entry] of [...this.entries]) if (!entry.pending && this.pastChanges(entry)) this.expire(hash, entry);
  }

  /** Called when an entry under `key` changes (loaded, failed, stale). Answers the unsubscribe. */
  subscribe(key: QueryKey, listener: () => void, options: FetchOptions = {}): () => void {
    const entry = this.entry(key, options);
    entry.listeners.add(listener);
    return () => {
      entry.listeners.delete(listener);
    };
  }

  /** Called when any entry under `prefix` changes (a folder tree showing every folder listing read so far). */
  subscribeUnder(prefix: QueryKey, listener: () => void): () => void {
    const watcher = { prefix, listener };
    this.watchers.add(watcher);
    return () => {
      this.watchers.delete(watcher);
    };
  }

  /** The keys and values kept under `prefix`. */
  valuesUnder<T>(prefix: QueryKey): [QueryKey, T][] {
    return [...this.entries.values()].filter((e) => e.hasData && keyStartsWith(e.key, prefix)).map((e) => [e.key, e.data as T]);
  }

  /** Forget everything (signing out: the next user reads their own). */
  clear(): void {
    this.entries.clear();
    this.latest = undefined;
  }

  /** How many entries are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private entry(key: QueryKey, options: FetchOptions): Entry {
    const hash = hashKey(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { key, hasData: false, invalidatedInFlight: false, stale: true, followChanges: options.followChanges ?? true, listeners: new Set(), usedAt: ++this.clock };
      this.entries.set(hash, entry);
    } else if (options.followChanges !== undefined) {
      entry.followChanges = options.followChanges;
    }
    return entry;
  }

  private pastChanges(entry: Entry): boolean {
    return entry.followChanges && entry.changes !== undefined && this.latest !== undefined && entry.changes < this.latest;
  }

  private expire(hash: string, entry: Entry): void {
    if (entry.pending) {
      entry.invalidatedInFlight = true;
      return;
    }
    if (entry.listeners.size === 0) {
      this.entries.delete(hash);
      for (const watcher of [...this.watchers]) if (keyStartsWith(entry.key, watcher.prefix)) watcher.listener();
      return;
    }
    entry.stale = true;
    // What failed before may work now: the subscribers try again.
    entry.error = undefined;
    this.notify(entry);
  }

  private notify(entry: Entry): void {
    for (const listener of [...entry.listeners]) listener();
    for (const watcher of [...this.watchers]) if (keyStartsWith(entry.key, watcher.prefix)) watcher.listener();
  }

  private trim(): void {
    if (this.entries.size <= MAX_ENTRIES) return;
    const idle = [...this.entries].filter(([, e]) => e.listeners.size === 0 && !e.pending).sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [hash] of idle.slice(0, this.entries.size - MAX_ENTRIES)) this.entries.delete(hash);
  }
}

/** The console's one cache. */
export const queryCache = new QueryCache();
