import { useSyncExternalStore } from 'react';

/** Screen size classes of the spec (part 2, "Screen size classes"). */
export type ScreenClass = 'xsmall' | 'small' | 'medium' | 'large';

const queries: [ScreenClass, string][] = [
  ['large', '(min-width: 1280px)'],
  ['medium', '(min-width: 960px)'],
  ['small', '(min-width: 600px)'],
];

export function screenClassNow(): ScreenClass {
  if (typeof window.matchMedia !== 'function') return 'large';
  return queries.find(([, query]) => window.matchMedia(query).matches)?.[0] ?? 'xsmall';
}

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const lists = queries.map(([, query]) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/** x-small < 600 px, small 600–959, medium 960–1279, large ≥ 1280; re-renders when the class changes. */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribe, screenClassNow);
}

/** Side menu collapses below medium; the header compacts at x-small. */
export const isNarrow = (c: ScreenClass) => c === 'xsmall' || c === 'small';
