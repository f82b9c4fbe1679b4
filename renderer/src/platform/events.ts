/**
 * Live events from the server (`GET /api/events`, docs/api.md "Live events"): one connection per console, shared by
 * whoever subscribes (the bell, the side navigation's counts). A streamed `fetch` reading Server-Sent Events
 * (./eventStream.ts), since `EventSource` cannot send the bearer token: the token the data layer uses
 * (`session.accessToken()`, refreshed when about to lapse), against the API base of the current environment profile.
 *
 * - The server ends a stream when its access token stops being valid; the connection comes back with a fresh token
 *   and `Last-Event-ID`, so what arrived meanwhile is replayed (kept a day) and nothing is lost over a network drop
 *   or a closed laptop lid. Failures back off from 1 s to 30 s.
 * - It runs while someone listens and the session is signed in; signing out stops it (and forgets where it was).
 */
import { serviceClient } from '../api/client';
import { session } from '../session';
import type { LiveEvent } from '../../../shared/events';
import { EventConnection } from './eventStream';

export type EventListener = (event: LiveEvent) => void;

const listeners = new Set<EventListener>();

const connection = new EventConnection(
  {
    url: () => `${String(serviceClient('api').defaults.baseURL ?? '/api').replace(/\/+$/, '')}/events`,
    accessToken: () => session.accessToken(),
    refresh: () => session.refresh(),
  },
  (event) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('live events: a listener failed', error);
      }
    }
  },
);

const signedIn = () => session.getSnapshot().status === 'signedIn';

// Signing out stops the stream and forgets where it was (the next user's stream starts from now); signing in
// (again) starts it for whoever listens.
session.subscribe(() => {
  if (!signedIn()) connection.stop(true);
  else if (listeners.size) connection.start();
});

/** Calls `listener` with each live event while it is subscribed; answers the unsubscribe. */
export function subscribeEvents(listener: EventListener): () => void {
  listeners.add(listener);
  if (signedIn()) connection.start();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) connection.stop();
  };
}
