// Preview tokens (docs/api.md "Preview"): what lets a website show one record's saved version before it is
// published. A token is `<payload>.<signature>`, both base64url: the payload is { w: website, a: area, r: record id,
// l: language, e: expiry (ms) }, the signature its HMAC-SHA256 under a key made once and kept in `server_secrets`
// (like the access tokens' signing key, server/auth/signing-key.ts), so every instance on the database checks what
// another issued. Nothing is stored per token: it is good for an hour, for that record in that area and language only.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 60 * 60 * 1000;

const KEY_NAME = 'previewTokenKey';

export interface PreviewClaim {
  websiteId: number;
  area: string;
  recordId: number;
  lang: string;
  /** ms since the epoch */
  expires: number;
}

// The key per database handle: read (or made) once, it never changes.
const keys = new WeakMap<object, Promise<Buffer>>();

/** The database's preview key, made now when it has none (whoever inserts first wins; everyone reads that one). */
export function previewKey(db: Kysely<Database>, now: Date): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      const kept = await db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
      if (kept) return Buffer.from(kept.value, 'base64url');
      await db
        .insertInto('server_secrets')
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url'), createdAt: iso(now) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })();
    // A failed read is tried again by the next request.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function issueToken(key: Buffer, claim: PreviewClaim): string {
  const payload = Buffer.from(JSON.stringify({ w: claim.websiteId, a: claim.area, r: claim.recordId, l: claim.lang, e: claim.expires })).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The token's claim when its signature is ours and it has not expired at `now`; else undefined. */
export function readToken(key: Buffer, token: string, now: Date): PreviewClaim | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let raw: { w?: unknown; a?: unknown; r?: unknown; l?: unknown; e?: unknown };
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof raw;
  } catch {
    return undefined;
  }
  if (typeof raw.w !== 'number' || typeof raw.a !== 'string' || typeof raw.r !== 'number' || typeof raw.l !== 'string' || typeof raw.e !== 'number') return undefined;
  if (raw.e <= now.getTime()) return undefined;
  return { websiteId: raw.w, area: raw.a, recordId: raw.r, lang: raw.l, expires: raw.e };
}

/** The template with its placeholders filled ({seoLink}, {id}, {lang}) and the token as `sitedesk-preview`. */
export function previewUrl(template: string, values: { seoLink: string; id: number; lang: string }, token: string): string {
  const filled = template
    .replace(/\{seoLink\}/g, encodeURIComponent(values.seoLink))
    .replace(/\{id\}/g, String(values.id))
    .replace(/\{lang\}/g, encodeURIComponent(values.lang));
  const url = new URL(filled);
  url.searchParams.set('sitedesk-preview', token);
  return url.toString();
}
