// Serving a derivative already made, again and again, at little cost (issue 41, "Performance": a made derivative at
// ten times Directus' requests per second). Without this, every answer read the file's row, asked the store for the
// derivative (a stat and an open on disk, a GET on S3) and streamed it. Two things are kept in the process; both are
// caches — the database and the store stay the truth, and a second instance loses nothing by not having this one's:
//   - what a stored name resolves to (the facts of its file row that serving reads, or none) and which derivatives of
//     it were served ready, kept per change number of the database (server/db/changes.ts `keptAt`, as the delivery
//     API keeps its websites): any write to `files` — a delete, a restore, a rename, a focal point moved, on any
//     instance — moves the number, and the next request reads them again (and asks the store again);
//   - the bytes of small ready derivatives with the headers the store answered them with (ETag, Last-Modified,
//     caching), least recently used first out, bounded by their total size. The bytes under a derivative's name never
//     change (an original's bytes never do under its stored name); they are dropped when the original goes
//     (forgetDerivatives), and used only for a derivative that the current change number has seen served ready.
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { changeNumber, keptAt } from '../../db/changes';
import type { Database } from '../../db/schema';

/** What serving a stored file reads of its row. */
export interface ServedFile {
  storedName: string;
  name: string;
  contentType: string;
  focalX: number | null;
  focalY: number | null;
}

/** A derivative seen ready under the current change number: its type and the Content-Disposition it goes out with. */
export interface ServedDerivative {
  variant: string;
  contentType: string;
  disposition: string;
}

/** The stored names and derivatives resolved under the database's current change number (see the top of the file). */
export async function servedNow(db: Kysely<Database>): Promise<{ files: Map<string, ServedFile | null>; derivatives: Map<string, ServedDerivative> }> {
  const n = await changeNumber(db);
  return {
    files: keptAt(db, n, 'served-files') as Map<string, ServedFile | null>,
    derivatives: keptAt(db, n, 'served-derivatives') as Map<string, ServedDerivative>,
  };
}

/** A derivative's bytes and the store's headers for them (ETag, Last-Modified, Cache-Control, Accept-Ranges). */
export interface Held {
  bytes: Buffer;
  headers: Record<string, string | number>;
}

/** Derivatives larger than this are streamed from the store every time (a hero image in AVIF is ~100 KB). */
export const HELD_MAX_EACH = 512 * 1024;
/** All held bytes of a process together: a few hundred page images. */
export const HELD_MAX_TOTAL = 64 * 1024 * 1024;

/** Bytes of derivatives, least recently used first out (a Map keeps insertion order: a hit moves to the end). */
export class HeldBytes {
  private readonly entries = new Map<string, Held>();
  private total = 0;

  constructor(
    readonly maxEach = HELD_MAX_EACH,
    private readonly maxTotal = HELD_MAX_TOTAL,
  ) {}

  get(key: string): Held | undefined {
    const held = this.entries.get(key);
    if (held) {
      this.entries.delete(key);
      this.entries.set(key, held);
    }
    return held;
  }

  set(key: string, held: Held): void {
    if (held.bytes.length > this.maxEach) return;
    this.delete(key);
    this.entries.set(key, held);
    this.total += held.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxTotal) break;
      this.entries.delete(oldest);
      this.total -= entry.bytes.length;
    }
  }

  /** Every derivative of `storedName` (its original deleted, purged or erased). */
  forget(storedName: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(`${storedName}/`)) this.delete(key);
  }

  get size(): number {
    return this.total;
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.total -= old.bytes.length;
  }
}

const perDb = new WeakMap<object, HeldBytes>();

/** The held bytes of the app on database `db` (one per database handle, as the file engine is). */
export function heldBytesOf(db: object): HeldBytes {
  let held = perDb.get(db);
  if (!held) perDb.set(db, (held = new HeldBytes()));
  return held;
}

/** Held bytes already made for `db`, if any (forgetting needs no new map). */
export const heldBytesIfAny = (db: object): HeldBytes | undefined => perDb.get(db);

/**
 * Whether a request can be answered from held bytes: a plain GET of the whole derivative, or one revalidating it with
 * If-None-Match / If-Modified-Since. Ranges and the rarer preconditions (If-Match, If-Unmodified-Since, If-Range) go to
 * the store, which answers them all.
 */
export function answerableFromMemory(request: FastifyRequest): boolean {
  const h = request.headers;
  return h.range === undefined && h['if-match'] === undefined && h['if-unmodified-since'] === undefined && h['if-range'] === undefined;
}

/** RFC 9110's weak comparison of If-None-Match with an ETag (`*` matches any). */
function noneMatchHits(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const ours = bare(etag);
  return ifNoneMatch.split(',').some((tag) => bare(tag) === ours);
}

/** Whether the browser's copy is current (a 304): If-None-Match decides when sent, else If-Modified-Since. */
export function notModified(request: FastifyRequest, held: Held): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  const etag = held.headers.ETag;
  if (ifNoneMatch !== undefined) return etag !== undefined && noneMatchHits(ifNoneMatch, String(etag));
  const since = request.headers['if-modified-since'];
  const modified = held.headers['Last-Modified'];
  if (since === undefined || modified === undefined) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && Date.parse(String(modified)) <= sinceMs;
}
