/**
 * The connection behind renderer/src/platform/events.ts, apart from the console's session so it runs anywhere (the
 * server suite drives it against a real server): a streamed `fetch` of `GET /api/events` with a bearer token,
 * reading Server-Sent Events; reconnecting with `Last-Event-ID` after the stream ends or fails, from `minBackoff`
 * doubling to `maxBackoff` while it fails; one refresh of the token on a 401, and a stop when that does not help.
 */
import type { LiveEvent } from '../../../shared/events';

export interface StreamSource {
  /** The stream's address (`{api base}/events`), asked at every connection (the environment profile may change). */
  url(): string;
  /** The bearer token to send (the data layer's, refreshed when about to lapse). */
  accessToken(): Promise<string | null>;
  /** A fresh token after a 401; null: signed out. */
  refresh(): Promise<string | null>;
  minBackoff?: number;
  maxBackoff?: number;
}

/** Parses the SSE frames of `body` as they arrive, calling `onEvent` with each frame's data and id. */
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
      const data: string[] = [];
      let id: string | undefined;
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue; // a heartbeat
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      if (data.length) onEvent(data.join('\n'), id);
    }
  }
}

export class EventConnection {
  /** The last event received: sent as `Last-Event-ID` when connecting again. */
  lastEventId: number | undefined;
  /** How many times it connected (for tests and diagnostics). */
  connections = 0;
  private controller: AbortController | null = null;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private backoff: number;
  private running = false;

  constructor(
    private readonly source: StreamSource,
    private readonly deliver: (event: LiveEvent) => void,
  ) {
    this.backoff = source.minBackoff ?? 1000;
  }

  /** Connects (if not already). */
  start(): void {
    this.running = true;
    if (!this.controller) void this.connect();
  }

  /** Disconnects; `forget`: the next start begins from now (another user signs in). */
  stop(forget = false): void {
    this.running = false;
    clearTimeout(this.retry);
    this.controller?.abort();
    this.controller = null;
    this.backoff = this.source.minBackoff ?? 1000;
    if (forget) this.lastEventId = undefined;
  }

  private async connect(): Promise<void> {
    clearTimeout(this.retry);
    const own = new AbortController();
    this.controller = own;
    const min = this.source.minBackoff ?? 1000;
    try {
      const open = (bearer: string | null) =>
        fetch(this.source.url(), {
          headers: {
            Accept: 'text/event-stream',
            ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
            ...(this.lastEventId !== undefined ? { 'Last-Event-ID': String(this.lastEventId) } : {}),
          },
          signal: own.signal,
        });
      let response = await open(await this.source.accessToken());
      if (response.status === 401 && !own.signal.aborted) {
        // The token lapsed between the check and the call: once more with a refreshed one, else signed out.
        const token = await this.source.refresh();
        response = token && !own.signal.aborted ? await open(token) : response;
        if (response.status === 401) {
          this.stop();
          return;
        }
      }
      if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
      this.connections += 1;
      this.backoff = min;
      await readEventStream(response.body, (data, id) => {
        const event = JSON.parse(data) as LiveEvent;
        const n = Number(id ?? event.id);
        if (Number.isSafeInteger(n)) this.lastEventId = n;
        this.deliver(event);
      });
      // The server ended it (its token lapsed, it restarted): back at once with a fresh token.
      this.backoff = min;
    } catch {
      if (own.signal.aborted) return;
      this.backoff = Math.min(this.backoff * 2, this.source.maxBackoff ?? 30_000);
    } finally {
      if (this.controller === own) this.controller = null;
    }
    if (this.running && !own.signal.aborted) this.retry = setTimeout(() => void this.connect(), this.backoff);
  }
}
