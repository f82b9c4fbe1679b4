// The keys personal values are sealed with (docs/api.md "Personal data: keys"): one AES-256-GCM key per record
// (resource, recordId), and one per month for the client addresses of history entries (`@address`, 'YYYY-MM'), each
// kept in `personal_keys` wrapped (AES-256-GCM) with the master key. Destroying a record's key row is what erases its
// past: every value sealed with it, in history entries, trash rows and live events, can no longer be opened.
//
// The master key: PERSONAL_DATA_KEY (base64 of 32 bytes), else one made once and kept in `server_secrets` (like the
// tokens' signing key, server/auth/signing-key.ts). A wrapped key names the master it was wrapped with (its
// fingerprint), and the database names the master new keys are wrapped with (`server_secrets.personalDataKeyId`), so
// the functions here need only a database handle (a transaction's too): the masters this process knows are held by
// fingerprint (a master is a secret value, not an app's state: apps of one process may each add theirs).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';

declare module '../db/schema' {
  interface Database {
    personal_keys: PersonalKeysTable;
  }
}

export interface PersonalKeysTable {
  /** The definition's name, or `@address` for the month keys of client addresses. */
  resource: string;
  /** The record's id as text, or the month ('YYYY-MM'). */
  recordId: string;
  /** `<master fingerprint>.<iv>.<tag>.<wrapped key>` (base64url). */
  wrapped: string;
  createdAt: string;
}

type Db = Kysely<Database>;

/** The resource of the month keys of client addresses. */
export const ADDRESS_KEYS = '@address';
/** The master key's row in server_secrets when PERSONAL_DATA_KEY is not set. */
const MASTER_SECRET = 'personalDataKey';
/** The fingerprint of the master that wraps new keys (what this database's servers use). */
const MASTER_ID = 'personalDataKeyId';

const masters = new Map<string, Buffer>();
const fingerprint = (master: Buffer) => createHash('sha256').update(master).digest('base64url').slice(0, 16);

/** PERSONAL_DATA_KEY's bytes; undefined unset; throws when it is not base64 of 32 bytes (a start-up error). */
export function parseMasterKey(text: string | undefined): Buffer | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length !== 32) throw new Error('PERSONAL_DATA_KEY must be the base64 of 32 random bytes (openssl rand -base64 32)');
  return bytes;
}

/**
 * At start-up, under the start-up lock: the master this server wraps keys with (`given`: PERSONAL_DATA_KEY; else the
 * database's, made now when it has none), known to this process and named in the database as the current one.
 */
export async function settleMasterKey(db: Db, now: Date, given: Buffer | undefined): Promise<void> {
  let master = given;
  if (!master) {
    const kept = await db.selectFrom('server_secrets').select('value').where('name', '=', MASTER_SECRET).executeTakeFirst();
    if (kept) master = Buffer.from(kept.value, 'base64');
    else {
      master = randomBytes(32);
      await db.insertInto('server_secrets').values({ name: MASTER_SECRET, value: master.toString('base64'), createdAt: iso(now) }).onConflict((oc) => oc.column('name').doNothing()).execute();
      master = Buffer.from((await db.selectFrom('server_secrets').select('value').where('name', '=', MASTER_SECRET).executeTakeFirstOrThrow()).value, 'base64');
    }
  }
  const id = fingerprint(master);
  masters.set(id, master);
  await db
    .insertInto('server_secrets')
    .values({ name: MASTER_ID, value: id, createdAt: iso(now) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: id }))
    .execute();
}

// ---- AES-256-GCM ------------------------------------------------------------------------------------------------

const b64 = (b: Buffer) => b.toString('base64url');

function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

function decrypt(key: Buffer, sealed: string, aad: string): Buffer | undefined {
  const [iv, tag, body] = sealed.split('.');
  if (!iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return undefined;
  }
}

// ---- the keys ---------------------------------------------------------------------------------------------------

/** What a key (and each value sealed with it) is bound to: a value moved to another record's entry does not open. */
const bindingOf = (resource: string, recordId: string) => `${resource}\u0000${recordId}`;

/** A record's (or a month's) key, opened; undefined when it has none (never made, or destroyed: erased). */
export async function findKey(db: Db, resource: string, recordId: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('personal_keys').select('wrapped').where('resource', '=', resource).where('recordId', '=', recordId).executeTakeFirst();
  return row ? unwrap(row.wrapped, resource, recordId) : undefined;
}

function unwrap(wrapped: string, resource: string, recordId: string): Buffer | undefined {
  const at = wrapped.indexOf('.');
  const master = masters.get(wrapped.slice(0, at));
  if (!master) throw new Error('a personal data key is wrapped with a master key this server does not have (PERSONAL_DATA_KEY changed?)');
  return decrypt(master, wrapped.slice(at + 1), bindingOf(resource, recordId));
}

/**
 * A record's key, made now in the caller's transaction when it has none: it commits (or rolls back) with the values
 * sealed with it. Two writers of one new record: one inserts, the other (waiting on the key's primary key) takes it.
 */
export async function keyFor(db: Db, resource: string, recordId: string, now: Date): Promise<Buffer> {
  const found = await findKey(db, resource, recordId);
  if (found) return found;
  const current = await db.selectFrom('server_secrets').select('value').where('name', '=', MASTER_ID).executeTakeFirst();
  const master = current && masters.get(current.value);
  if (!current || !master) throw new Error('the personal data master key is not settled (server/privacy/keys.ts settleMasterKey)');
  const key = randomBytes(32);
  const wrapped = `${current.value}.${encrypt(master, key, bindingOf(resource, recordId))}`;
  await db.insertInto('personal_keys').values({ resource, recordId, wrapped, createdAt: iso(now) }).onConflict((oc) => oc.columns(['resource', 'recordId']).doNothing()).execute();
  const kept = await findKey(db, resource, recordId);
  if (!kept) throw new Error('a personal data key could not be kept');
  return kept;
}

/** Destroys a record's key (in the caller's transaction): what was sealed with it reads as erased from then on. */
export async function destroyKey(db: Db, resource: string, recordId: string): Promise<void> {
  await db.deleteFrom('personal_keys').where('resource', '=', resource).where('recordId', '=', recordId).execute();
}

/** The month ('YYYY-MM', UTC) of a time: the key a client address written then is sealed with. */
export const monthOf = (time: Date) => iso(time).slice(0, 7);

/** Destroys the month keys of client addresses of every month before `month`; answers how many. */
export async function destroyMonthKeysBefore(db: Db, month: string): Promise<number> {
  const result = await db.deleteFrom('personal_keys').where('resource', '=', ADDRESS_KEYS).where('recordId', '<', month).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---- sealed values ----------------------------------------------------------------------------------------------

/** A sealed value as JSON keeps it: an object no field's value has this shape. */
export interface Sealed {
  $sealed: string;
}

export const isSealed = (v: unknown): v is Sealed => !!v && typeof v === 'object' && !Array.isArray(v) && typeof (v as Sealed).$sealed === 'string';

/** `value` (any JSON) sealed with the key of (resource, recordId). */
export function sealValue(key: Buffer, resource: string, recordId: string, value: unknown): Sealed {
  return { $sealed: encrypt(key, Buffer.from(JSON.stringify(value), 'utf8'), bindingOf(resource, recordId)) };
}

/** The value sealed in `sealed`; `gone` when the key is destroyed (undefined) or does not open it. */
export function openValue<G>(key: Buffer | undefined, resource: string, recordId: string, sealed: Sealed, gone: G): unknown {
  if (!key) return gone;
  const plain = decrypt(key, sealed.$sealed, bindingOf(resource, recordId));
  return plain ? (JSON.parse(plain.toString('utf8')) as unknown) : gone;
}
