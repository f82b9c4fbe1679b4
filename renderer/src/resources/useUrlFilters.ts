import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type Kind = 'int' | 'bool' | 'text';
type Value<K extends Kind> = K extends 'int' ? number : K extends 'text' ? string : boolean;

/**
 * A list's filters kept in the address (`/news?status=1`): links (the dashboard's figures) open a list already
 * filtered, and back/forward step through filter changes. `spec` names each query parameter and its type.
 */
export function useUrlFilters<S extends Record<string, Kind>>(spec: S) {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => {
    const out: Partial<{ [P in keyof S]: Value<S[P]> }> = {};
    for (const [name, kind] of Object.entries(spec)) {
      const raw = search.get(name);
      if (raw === null || raw === '') continue;
      if (kind === 'int' && /^\d+$/.test(raw)) (out as Record<string, unknown>)[name] = Number(raw);
      if (kind === 'bool' && (raw === 'true' || raw === 'false')) (out as Record<string, unknown>)[name] = raw === 'true';
      if (kind === 'text') (out as Record<string, unknown>)[name] = raw;
    }
    return out;
    // The spec is a constant of the calling screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  // Several at once (a date range's two ends): two calls of `setFilter` in one event would each start from the same address.
  const setFilters = useCallback(
    (values: Partial<{ [P in keyof S]: Value<S[P]> | undefined }>) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        for (const [name, value] of Object.entries(values)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      }),
    [setSearch],
  );
  const setFilter = useCallback(
    <P extends keyof S & string>(name: P, value: Value<S[P]> | undefined) => setFilters({ [name]: value } as Partial<{ [Q in keyof S]: Value<S[Q]> | undefined }>),
    [setFilters],
  );
  return [filters, setFilter, setFilters] as const;
}
