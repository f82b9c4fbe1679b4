import { useSearchParams } from 'react-router-dom';

/** A tab kept in the address (`?tab=music`), so back, reload and a shared link open the same tab. */
export function useUrlTab(name: string, fallback: string): [string, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get(name) ?? fallback;
  const set = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(name, next);
        return copy;
      },
      { replace: true },
    );
  return [tab, set];
}
