/**
 * The console's server state: TanStack Query (`@tanstack/react-query`), one `QueryClient` for the whole console, with
 * the two rules of this console on top of its cache.
 *
 * - A key is an array: the resource's name first, then what scopes it (website, language, parent), then what was
 *   asked (`list` and its params, `one` and the id); lookups under `['lookup', …]`, the file manager's listings under
 *   `['files', …]` (resources/dataProvider.ts, features/files/api.ts).
 * - A value is fresh until invalidated (`staleTime: Infinity`): nothing is read again on a timer, a focus or a remount
 *   unless it went stale. It goes stale
 *   - by a write of this console to its resource, its parent or its children (`invalidate(prefix)`, called by the data
 *     provider after each write, and by the file manager after each change), and
 *   - by the server's change number (`X-Changes` on every signed-in answer, noted by the HTTP client through
 *     `noteChanges`): a value read at number n is stale as soon as any answer says the number is past n — someone,
 *     anywhere, wrote since. A query may opt out (`meta: { followChanges: false }`): a form being edited keeps the
 *     record the user started from, the bell waits for the event stream.
 *   What is on screen (a query with an observer: `useQuery`, a ProTable list through `useWatchedRead`) is read again at
 *   once; what is not is read by its next reader. The hooks are in ./queryHooks.ts.
 * - A load under way when its value goes stale (a write while the list loads, a newer number seen elsewhere) may
 *   predate the change: it is stale when it lands, and read again.
 * - Read functions report the change number of their answer: `serverRead(fetcher)` gives a fetcher a `QueryMeta` to
 *   fill (the data provider's calls take it as `meta`).
 */
// query-core (what @tanstack/react-query is built on, without React): the data provider imports this module, and
// runs under Node too (tests/unit).
import { partialMatchKey, QueryCache, QueryClient, type QueryFunction, type QueryKey } from '@tanstack/query-core';

export type { QueryKey };

/** Filled by a fetcher with what the answer said beside its data. */
export interface QueryMeta {
  /** The change number the answer reflects (its `X-Changes`), when the server said it. */
  changes?: string;
}

/** A read of the server that reports the change number of its answer. */
export type Fetcher<T> = (meta: QueryMeta) => Promise<T>;

declare module '@tanstack/query-core' {
  interface Register {
    queryMeta: {
      /** Whether the server's change number makes this value stale (default true). */
      followChanges?: boolean;
    };
  }
}

/** A query of the cache (what the maps below are keyed by). */
type Query = object & { readonly meta?: { followChanges?: boolean } };

const asNumber = (text: string | undefined | null): number | undefined => {
  if (text === undefined || text === null || text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
};

/** The highest change number any answer said. */
let latest: number | undefined;
/** The change number each query's value reflects. */
const readAt = new WeakMap<Query, number>();
/** How many times each query was invalidated (a load compares the count at its start and at its end). */
const invalidations = new WeakMap<Query, number>();
/** Whether the value a query's last load brought was stale when it landed (a write came during the load). */
const landedStale = new WeakMap<Query, boolean>();

const followsChanges = (query: Query) => query.meta?.followChanges !== false;
/** Read before the newest change number seen. */
const behind = (query: Query) => {
  const at = readAt.get(query);
  return followsChanges(query) && at !== undefined && latest !== undefined && at < latest;
};

const cache = new QueryCache({
  onSuccess: (_data, query) => {
    const stale = landedStale.get(query) === true || behind(query);
    landedStale.delete(query);
    // Read again (what is on screen at once, the rest by its next reader).
    if (stale) queueMicrotask(() => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
  },
});
cache.subscribe((event) => {
  if (event.type === 'updated' && event.action.type === 'invalidate') invalidations.set(event.query, (invalidations.get(event.query) ?? 0) + 1);
});

/** The console's one query client. */
export const queryClient = new QueryClient({
  queryCache: cache,
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      // The HTTP client has told the user what failed; a stale value is read again by its next reader.
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    },
  },
});

/** A query function reading through `fetcher`, noting the change number of its answer. */
export function serverRead<T>(fetcher: Fetcher<T>): QueryFunction<T> {
  return async ({ queryKey }) => {
    const query = cache.find({ queryKey, exact: true });
    const started = query ? (invalidations.get(query) ?? 0) : 0;
    const meta: QueryMeta = {};
    const data = await fetcher(meta);
    if (query) {
      const at = asNumber(meta.changes);
      if (at === undefined) readAt.delete(query);
      else readAt.set(query, at);
      landedStale.set(query, (invalidations.get(query) ?? 0) !== started);
    }
    return data;
  };
}

/**
 * What went stale since the last pass: prefixes written to, and whether the change number moved. A write's answer
 * carries the new number and the provider invalidates the resource right after: both are one pass (one read of
 * each value on screen, not a read cancelled by a second one).
 */
let pending: { prefixes: QueryKey[]; changes: boolean; done: Promise<void>; resolve(): void } | null = null;

function schedule(prefix: QueryKey | null): Promise<void> {
  if (!pending) {
    let resolve = () => undefined as void;
    const done = new Promise<void>((r) => (resolve = r));
    pending = { prefixes: [], changes: false, done, resolve };
    setTimeout(flush, 0);
  }
  if (prefix) pending.prefixes.push(prefix);
  else pending.changes = true;
  return pending.done;
}

function flush(): void {
  if (!pending) return;
  const { prefixes, changes, resolve } = pending;
  pending = null;
  void queryClient
    .invalidateQueries({
      predicate: (query) =>
        prefixes.some((prefix) => partialMatchKey(query.queryKey, prefix)) ||
        // A load under way is judged when it lands (`onSuccess` above).
        (changes && query.state.fetchStatus === 'idle' && behind(query)),
    })
    .finally(resolve);
}

/**
 * After a write: every value under `prefix` is stale; what is on screen is read again. Answers when those reads have
 * landed.
 */
export function invalidate(prefix: QueryKey): Promise<void> {
  return schedule(prefix);
}

/** An answer said the server's change number is `changes`: values read before it are stale. */
export function noteChanges(changes: string | null | undefined): void {
  const n = asNumber(changes);
  if (n === undefined || (latest !== undefined && n <= latest)) return;
  latest = n;
  void schedule(null);
}

/** Forget everything (signing out: the next user reads their own). */
export function clearQueries(): void {
  queryClient.clear();
  latest = undefined;
}
