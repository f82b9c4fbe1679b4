// The query client's hooks beyond TanStack's own `useQuery` (./queries.ts says the rules).
import { QueryObserver, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { serverRead, type Fetcher } from './queries';

/** Reads `refetch` again whenever the window comes back to the front (a count staff wait for). */
export function useRefetchOnFocus(refetch: () => unknown): void {
  const latestRefetch = useRef(refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  });
  useEffect(() => {
    const onFocus = () => void latestRefetch.current();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, []);
}

/**
 * For a component that loads by itself (ProTable's `request`) but should load again when what it shows goes stale:
 * answers `read(key, fetcher)`, which reads through the query client (always, unless told the client has just read
 * it: the component asks when it wants the newest) and then watches that key, calling `onChanged` when the client
 * holds a newer value for it than the one it answered: read again after a write or a newer change number, or by
 * another reader of the same key (a folder tree and the view of that folder).
 */
export function useWatchedRead(onChanged: () => void): <T>(key: QueryKey, fetcher: Fetcher<T>) => Promise<T> {
  const client = useQueryClient();
  const changed = useRef(onChanged);
  useEffect(() => {
    changed.current = onChanged;
  });
  const stop = useRef<(() => void) | null>(null);
  /** The next read may take the client's value (it was just read). */
  const cached = useRef(false);
  useEffect(
    () => () => {
      stop.current?.();
      stop.current = null;
    },
    [],
  );
  return useCallback(
    async <T>(key: QueryKey, fetcher: Fetcher<T>): Promise<T> => {
      const queryFn = serverRead(fetcher);
      const fresh = cached.current;
      cached.current = false;
      const data = await client.fetchQuery({ queryKey: key, queryFn, staleTime: fresh ? Infinity : 0 });
      // The value as the client keeps it (a read that answered the same keeps the earlier object).
      const shown = client.getQueryData<T>(key) ?? data;
      // Watched while shown: an observer makes it active, so a write or a newer number reads it again at once (and a
      // change while it loaded, which made it stale, reads it again now).
      stop.current?.();
      const observer = new QueryObserver<T>(client, { queryKey: key, queryFn });
      stop.current = observer.subscribe((result) => {
        if (result.fetchStatus !== 'idle' || result.data === undefined || result.data === shown) return;
        cached.current = true;
        changed.current();
      });
      return data;
    },
    [client],
  );
}
