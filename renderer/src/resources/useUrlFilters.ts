import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

type Kind = 'int' | 'bool';
type Value<K extends Kind> = K extends 'int' ? number : boolean;

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
    }
    return out;
    // The spec is a constant of the calling screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const setFilter = useCallback(
    <P extends keyof S & string>(name: P, value: Value<S[P]> | undefined) =>
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        if (value === undefined) next.delete(name);
        else next.set(name, String(value));
        return next;
      }),
    [setSearch],
  );
  return [filters, setFilter] as const;
}
