import { useEffect, useState } from 'react';
import { feedback } from '../../../shared/resources/feedback';
import { serviceClient } from '../api/client';
import { expandPath } from './paths';

/**
 * Counts shown beside areas of the side navigation (the unread feedback of the current website). Read when the
 * website changes, when the user moves between screens, every minute, and at once when a screen says it changed
 * one (`navCountsChanged()`, e.g. after opening an unread feedback).
 */
const EVENT = 'sitedesk:nav-counts';
const EVERY_MS = 60_000;

export const navCountsChanged = () => window.dispatchEvent(new Event(EVENT));

export function useNavCounts(websiteId: number | string | null, pathname: string): Record<string, number> {
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const bump = () => setTick((n) => n + 1);
    window.addEventListener(EVENT, bump);
    const timer = window.setInterval(bump, EVERY_MS);
    return () => {
      window.removeEventListener(EVENT, bump);
      window.clearInterval(timer);
    };
  }, []);
  useEffect(() => {
    if (websiteId === null) return;
    let alive = true;
    // The shell loads this with the dashboard: the path alone, not the data provider (it stays with the screens).
    const target = expandPath(feedback.api.actions.unread, { website: websiteId });
    serviceClient(target.service)
      .request<{ data?: unknown }>({ method: target.method, url: target.url, quietStatuses: [401, 403, 404] })
      .then(
        ({ data }) => alive && setCounts({ '/feedback': Number(data?.data) || 0 }),
        // A count is a hint: when it cannot be read the entry simply shows none.
        () => alive && setCounts({}),
      );
    return () => {
      alive = false;
    };
  }, [websiteId, pathname, tick]);
  return counts;
}
