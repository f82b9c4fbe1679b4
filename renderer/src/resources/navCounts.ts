import { useEffect } from 'react';
import { feedback } from '../../../shared/resources/feedback';
import { serviceClient } from '../api/client';
import { subscribeEvents } from '../platform/events';
import { expandPath } from './paths';
import { useQuery } from '@tanstack/react-query';
import { invalidate, serverRead } from './queries';
import { useRefetchOnFocus } from './queryHooks';

/**
 * Counts shown beside areas of the side navigation (the unread feedback of the current website), through the query
 * client under the feedback resource: read again when a write of this console touches feedback (opening an unread
 * one marks it read), when the server's change number moves (seen on any answer), when the window comes back to the
 * front, and at once when new feedback arrives as a live event (renderer/src/platform/events.ts: no polling).
 */
export function useNavCounts(websiteId: number | string | null): Record<string, number> {
  const { data, refetch } = useQuery({
    queryKey: [feedback.name, 'unreadCount', websiteId],
    enabled: websiteId !== null,
    queryFn: serverRead(async (meta): Promise<Record<string, number>> => {
      // The shell loads this with the dashboard: the path alone, not the data provider (it stays with the screens).
      const target = expandPath(feedback.api.actions.unread, { website: websiteId });
      try {
        const response = await serviceClient(target.service).request<{ data?: unknown }>({ method: target.method, url: target.url, quietStatuses: [401, 403, 404] });
        meta.changes = response.headers['x-changes'] as string | undefined;
        return { '/feedback': Number(response.data?.data) || 0 };
      } catch {
        // A count is a hint: when it cannot be read the entry simply shows none.
        return {};
      }
    }),
  });
  useRefetchOnFocus(() => websiteId !== null && refetch());
  useEffect(
    () =>
      subscribeEvents((event) => {
        if (event.kind === 'feedback' && websiteId !== null && String(event.website) === String(websiteId)) void invalidate([feedback.name, 'unreadCount']);
      }),
    [websiteId],
  );
  return data ?? {};
}
