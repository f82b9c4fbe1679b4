/**
 * Live events from the server (`GET /api/events`, docs/api.md "Live events"): one connection per console, shared by
 * whoever subscribes (the bell, the side navigation's counts). A streamed `fetch` reading Server-Sent Events, since
 * `EventSource` cannot send the bearer token: the token the data layer uses (`session.accessToken()`, refreshed when
 * it is about to lapse), against the API base of the current environment profile.
 *
 * - The server ends a stream when its access token stops being valid; the connection comes back with a fresh token
 *   and `Last-Event-ID`, so what arrived meanwhile is replayed (kept a day) and nothing is lost over a network drop
 *   or a closed laptop lid. Failures back off from 1 s to 30 s.
 * - It runs while someone listens and the session is signed in; signing out stops it (and forgets where it was).
 */
import { serviceClient } from '../api/client';
import { session } from '../session';

export const EVENT_KINDS = ['booking', 'feedback', 'application', 'question', 'collaborator', 'referral', 'review-requested', 'review-decided'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** An event as the server sends it. */
export interface LiveEvent {
  id: number;
  kind: EventKind;
  website: number;
  recordId: string;
  title: string;
  time: string;
  /** the definition's name ('booking', 'news', 'qaExpert'…) */
  resource: string;
  /** a decision's outcome */
  decision?: 'approve' | 'decline';
}

export type EventListener = (event: LiveEvent) => void;

const listeners = new Set<EventListener>();
let controller: AbortController | null = null;
let lastEventId: number | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let backoff = 1000;
const MAX_BACKOFF = 30_000;

/** Parses the SSE frames of `body` as they arrive, calling `onEvent` for each `data:` frame. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (data: string, id: string | undefined) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let data: string[] = [];
      let id: string | undefined;
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue; // a heartbeat
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data = [...data, value];
        else if (field === 'id') id = value;
      }
      if (data.length) onEvent(data.join('\n'), id);
    }
  }
}

function streamUrl(): string {
  const base = String(serviceClient('api').defaults.baseURL ?? '/api').replace(/\/+$/, '');
  return `${base}/events`;
}

async function connect(): Promise<void> {
  if (controller || !listeners.size || session.getSnapshot().status !== 'signedIn') return;
  const own = new AbortController();
  controller = own;
  try {
    let token = await session.accessToken();
    if (own.signal.aborted) return;
    const open = (bearer: string | null) =>
      fetch(streamUrl(), {
        headers: { Accept: 'text/event-stream', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...(lastEventId !== undefined ? { 'Last-Event-ID': String(lastEventId) } : {}) },
        signal: own.signal,
        cache: 'no-store',
      });
    let response = await open(token);
    if (response.status === 401) {
      // The token lapsed between the check and the call: once more with a refreshed one.
      token = await session.refresh();
      if (!token || own.signal.aborted) return stop();
      response = await open(token);
      if (response.status === 401) return stop();
    }
    if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
    backoff = 1000;
    await readEventStream(response.body, (data, id) => {
      const event = JSON.parse(data) as LiveEvent;
      const n = Number(id ?? event.id);
      if (Number.isSafeInteger(n)) lastEventId = n;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('live events: a listener failed', error);
        }
      }
    });
    // The server ended it (its token lapsed, the server restarted): straight back, with a fresh token.
    backoff = 1000;
  } catch {
    if (own.signal.aborted) return;
    backoff = Math.min(backoff * 2, MAX_BACKOFF);
  } finally {
    if (controller === own) controller = null;
  }
  if (!own.signal.aborted) schedule(backoff);
}

function schedule(ms: number) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void connect(), ms);
}

function stop() {
  clearTimeout(retryTimer);
  controller?.abort();
  controller = null;
}

// Signing out stops the stream and forgets where it was (the next user's stream starts from now); signing in
// (again) starts it for whoever listens.
session.subscribe(() => {
  if (session.getSnapshot().status === 'signedIn') {
    void connect();
  } else {
    stop();
    lastEventId = undefined;
    backoff = 1000;
  }
});

/** Calls `listener` with each live event while it is subscribed; answers the unsubscribe. */
export function subscribeEvents(listener: EventListener): () => void {
  listeners.add(listener);
  void connect();
  return () => {
    listeners.delete(listener);
    if (!listeners.size) stop();
  };
}
