import { useSyncExternalStore } from 'react';

// WCAG 2.3.3: a person who asked the system for less motion (prefers-reduced-motion) gets antd without its
// opening/closing animations. The browser journeys emulate the same setting, so they do not wait on animations.
const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia?.(query);
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const current = () => window.matchMedia?.(query).matches ?? false;

/** Whether the system asks for reduced motion, following changes while the console is open. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, current, () => false);
}
