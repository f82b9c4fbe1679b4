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
// A page is kept as the JSON text sent, so it is also not serialized again.

export interface KeptPagesLimits {
  /** pages kept at most (the oldest kept goes first) */
  pages: number;
  /** characters of JSON kept at most, all pages together */
  chars: number;
  /** a longer page (a page of a thousand rows) is not kept */
  pageChars: number;
}

export const KEPT_PAGES_DEFAULTS: KeptPagesLimits = { pages: 500, chars: 32 * 1024 * 1024, pageChars: 1024 * 1024 };

export class KeptPages {
  private n: bigint | undefined;
  private pages = new Map<string, string>();
  private chars = 0;

  constructor(private readonly limits: KeptPagesLimits = KEPT_PAGES_DEFAULTS) {}

  /** The page kept under change number `n` for `key`, if any. */
  get(n: string, key: string): string | undefined {
    return this.current(n) ? this.pages.get(key) : undefined;
  }

  /** Keep `body` (read after `n` was) for `key`, unless a newer number has been seen meanwhile or it is too long. */
  keep(n: string, key: string, body: string): void {
    if (!this.current(n) || body.length > this.limits.pageChars) return;
    const before = this.pages.get(key);
    if (before !== undefined) this.chars -= before.length;
    this.pages.delete(key);
    this.pages.set(key, body);
    this.chars += body.length;
    for (const [oldest, page] of this.pages) {
      if (this.pages.size <= this.limits.pages && this.chars <= this.limits.chars) break;
      this.pages.delete(oldest);
      this.chars -= page.length;
    }
  }

  /** Whether `n` is the number the kept pages belong to; a newer one drops them and becomes it. */
  private current(n: string): boolean {
    const number = BigInt(n);
    if (this.n === undefined || number > this.n) {
      this.n = number;
      this.pages.clear();
      this.chars = 0;
    }
    return number === this.n;
  }
}
