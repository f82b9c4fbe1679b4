// The access tokens' signing key when JWT_SECRET does not give one: made once and kept in the database (table
// `server_secrets`, migration 0024), so every instance on that database signs and checks with the same key and a
// token one issued is accepted by all (issue 30). It used to be a file in DATA_DIR, one per instance: a database that
// has no key yet takes that file's, so an upgrade keeps its sessions. Read at start-up, under the start-up lock.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';

declare module '../db/schema' {
  interface Database {
    server_secrets: ServerSecretsTable;
  }
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  createdAt: string;
}

const NAME = 'accessTokenSigningKey';
/** The file earlier versions kept the key in. */
const LEGACY_SECRET_FILE = 'jwt-secret';

/** The database's signing key, made now (or taken from an earlier version's DATA_DIR/jwt-secret) when it has none. */
export async function signingKey(db: Kysely<Database>, now: Date, dataDir: string): Promise<string> {
  const kept = await db.selectFrom('server_secrets').select('value').where('name', '=', NAME).executeTakeFirst();
  if (kept) return kept.value;
  const value = legacySecret(dataDir) ?? randomBytes(48).toString('base64url');
  // Under the start-up lock no one else writes it; should someone have (a start-up without the lock), theirs stands.
  await db.insertInto('server_secrets').values({ name: NAME, value, createdAt: iso(now) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return (await db.selectFrom('server_secrets').select('value').where('name', '=', NAME).executeTakeFirstOrThrow()).value;
}

function legacySecret(dataDir: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(dataDir, LEGACY_SECRET_FILE), 'utf8').trim();
    return text.length >= 32 ? text : undefined;
  } catch {
    return undefined;
  }
}
