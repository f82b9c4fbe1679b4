import { useCallback, useEffect, useRef, useState } from 'react';
import { hashKey, queryCache, type Fetcher, type QueryKey } from './queryCache';

export interface QueryOptions {
  /** Whether the server's change number makes the value stale (default true). */
  followChanges?: boolean;
  /** Read again every so many milliseconds while the window is visible (a count staff wait for). */
  refetchInterval?: number;
  /** Read again when the window comes back to the front (TanStack's refetchOnWindowFocus). */
  refetchOnFocus?: boolean;
  /** Read on every mount, showing the kept value meanwhile (what must be the newest when a form opens). */
  refetchOnMount?: boolean;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  /** Nothing to show yet. */
  loading: boolean;
  /** Load again now (a reload button). */
  refetch(): Promise<void>;
}

/**
 * A value of the cache on screen: read when shown (shared with every other component showing the same key), read
 * again when it goes stale (a write, the change number). `key` null: nothing to read yet.
 */
export function useQuery<T>(key: QueryKey | null, fetcher: Fetcher<T>, options: QueryOptions = {}): QueryResult<T> {
  const hash = key ? hashKey(key) : null;
  const latest = useRef({ key, fetcher });
  useEffect(() => {
    latest.current = { key, fetcher };
  });
  const [, rerender] = useState(0);
  const { followChanges, refetchInterval, refetchOnFocus, refetchOnMount } = options;

  const load = useCallback(
    (force = false) => {
      const { key: current } = latest.current;
      if (!current) return Promise.resolve();
      return queryCache.fetch(current, (meta) => latest.current.fetcher(meta), { force, followChanges }).then(
        () => undefined,
        // The state shows the error; callers of refetch need not catch it.
        () => undefined,
      );
    },
    [followChanges],
  );

  useEffect(() => {
    if (!hash) return;
    const current = latest.current.key!;
    const unsubscribe = queryCache.subscribe(
      current,
      () => {
        rerender((n) => n + 1);
        const state = queryCache.peek(current);
        if (state.stale && !state.fetching && state.error === undefined) void load();
      },
      { followChanges },
    );
    void load(Boolean(refetchOnMount));
    const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
    const timer = refetchInterval ? window.setInterval(() => visible() && void load(true), refetchInterval) : undefined;
    const onFocus = () => void load(true);
    if (refetchOnFocus) window.addEventListener('focus', onFocus);
    return () => {
      unsubscribe();
      if (timer !== undefined) window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [hash, load, followChanges, refetchInterval, refetchOnFocus, refetchOnMount]);

  const state = key ? queryCache.peek<T>(key) : undefined;
  return {
    data: state?.data,
    error: state?.error,
    loading: Boolean(key) && state?.data === undefined && state?.error === undefined,
    refetch: useCallback(() => load(true), [load]),
  };
}

/**
 * For a component that loads by itself (ProTable's `request`) but should load again when what it shows goes stale:
 * answers `read(key, fetcher)`, which loads through the cache (always, unless told the cache has just read it: the
 * component asks when it wants the newest) and watches that key, calling `onStale` when a write or the change number
 * makes it stale, or when another reader of the same key has just read it again.
 */
export function useWatchedRead(onStale: () => void): <T>(key: QueryKey, fetcher: Fetcher<T>) => Promise<T> {
  const stale = useRef(onStale);
  useEffect(() => {
    stale.current = onStale;
  });
  const watching = useRef<(() => void) | null>(null);
  /** A load of the watched key started elsewhere: when it lands, what this component shows is older. */
  const foreign = useRef(false);
  /** The next read may take the cache's value (it was just read). */
  const cached = useRef(false);
  const own = useRef(false);
  /** Told to read again and not read yet: loads meanwhile are not news. */
  const told = useRef(false);
  useEffect(
    () => () => {
      watching.current?.();
      watching.current = null;
    },
    [],
  );
  return useCallback(<T,>(key: QueryKey, fetcher: Fetcher<T>) => {
    watching.current?.();
    foreign.current = false;
    told.current = false;
    // Watch before loading: a write while the load is under way makes it stale when it lands.
    watching.current = queryCache.subscribe(key, () => {
      const state = queryCache.peek(key);
      if (told.current) return;
      if (state.fetching) {
        if (!own.current) foreign.current = true;
        return;
      }
      if (state.error !== undefined) return;
      if (state.stale || foreign.current) {
        // Stale: load it; read again elsewhere: take that.
        cached.current = !state.stale;
        told.current = true;
        stale.current();
      }
    });
    const force = !cached.current;
    cached.current = false;
    own.current = true;
    try {
      return queryCache.fetch(key, fetcher, { force });
    } finally {
      own.current = false;
    }
  }, []);
}
