// List pages kept per change number (server/db/changes.ts), as the delivery API keeps its answers
// (server/delivery/routes.ts): a page read again while nothing has been written — staff going back to a page, paging
// back and forth, the console reading its lists again when its window comes back, several consoles open on one
// list — is answered from memory, after the request's own sign-in, scope and access checks, without reading the
// database or building the rows again. What the answer depends on besides the data is in the key: the user (a module's
// hooks see who asks), the interface language (the envelope's message) and the address (the path and its query).
//
// Any committed write moves the change number on — through any route, a seed, or another instance sharing the
// database, since each request reads the number from the database with its session — and the pages kept under an
// older number are dropped. A request that began under an older number than the one kept neither reads nor keeps.
// A page is kept as the JSON bytes sent (not serialized again), and in the compressed forms clients have asked for,
// each made once (server/http/encoding.ts: the delivery API keeps its answers so too): a console reading a kept page
// of fifty news is sent the brotli bytes made the first time, not the page compressed again on every read. The bytes
// live outside the JavaScript heap, so a full store does not weigh on the garbage collector.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendEncodedJson, type EncodedJson } from '../http/encoding';

export interface KeptPagesLimits {
  /** pages kept at most (the oldest kept goes first) */
  pages: number;
  /** bytes kept at most, all pages and their compressed forms together */
  bytes: number;
  /** a longer page (a page of a thousand rows), in bytes of JSON, is not kept */
  pageBytes: number;
}

export const KEPT_PAGES_DEFAULTS: KeptPagesLimits = { pages: 500, bytes: 32 * 1024 * 1024, pageBytes: 1024 * 1024 };

/** A page's JSON and its compressed forms; `kept` while it counts in the store's bytes. */
export interface KeptPage extends EncodedJson {
  kept: boolean;
}

const size = (page: KeptPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);

export class KeptPages {
  private n: bigint | undefined;
  private pages = new Map<string, KeptPage>();
  private bytes = 0;

  constructor(private readonly limits: KeptPagesLimits = KEPT_PAGES_DEFAULTS) {}

  /** The page kept under change number `n` for `key`, if any. */
  get(n: string, key: string): KeptPage | undefined {
    return this.current(n) ? this.pages.get(key) : undefined;
  }

  /**
   * Keep `json` (read after `n` was) for `key`, unless a newer number has been seen meanwhile or it is too long.
   * Answers the page either way, to be sent (`send`).
   */
  keep(n: string, key: string, json: string): KeptPage {
    const page: KeptPage = { body: Buffer.from(json), kept: false };
    if (!this.current(n) || page.body.length > this.limits.pageBytes) return page;
    const before = this.pages.get(key);
    if (before !== undefined) this.drop(key, before);
    this.pages.set(key, page);
    page.kept = true;
    this.bytes += page.body.length;
    this.trim();
    return page;
  }

  /** Sends `page` in the form the request accepts (server/http/encoding.ts); a compressed form made now is kept with it. */
  send(request: FastifyRequest, reply: FastifyReply, page: KeptPage): Buffer {
    return sendEncodedJson(request, reply, page, (bytes) => {
      if (!page.kept) return;
      this.bytes += bytes;
      this.trim();
    });
  }

  /** The oldest pages go until the store is within its limits. */
  private trim(): void {
    for (const [oldest, page] of this.pages) {
      if (this.pages.size <= this.limits.pages && this.bytes <= this.limits.bytes) break;
      this.drop(oldest, page);
    }
  }

  private drop(key: string, page: KeptPage): void {
    this.pages.delete(key);
    page.kept = false;
    this.bytes -= size(page);
  }

  /** Whether `n` is the number the kept pages belong to; a newer one drops them and becomes it. */
  private current(n: string): boolean {
    const number = BigInt(n);
    if (this.n === undefined || number > this.n) {
      this.n = number;
      for (const page of this.pages.values()) page.kept = false;
      this.pages.clear();
      this.bytes = 0;
    }
    return number === this.n;
  }
}
