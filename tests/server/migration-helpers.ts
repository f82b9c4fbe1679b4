// A database as it stood before a given migration, for tests of what that migration does to rows made before it.
import { Migrator, type Migration } from 'kysely';
import { expect } from 'vitest';
import { createDb, dialectOf } from '../../server/db/dialect';
import { migrations } from '../../server/routes';

/**
 * A fresh database (`ctx.freshDatabase()`'s) migrated up to, not including, the migration named `name`. Its `db` is
 * loosely typed on purpose: the tables of that moment are not the schema's of today. Close it with `close()`.
 */
export async function databaseBefore(fresh: { dataDir: string; databaseUrl?: string }, name: string) {
  const handle = createDb({ dataDir: fresh.dataDir, databaseUrl: fresh.databaseUrl });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = handle.db as any;
  const dialect = dialectOf(db);
  const upTo = migrations.findIndex((m) => m.name === name);
  if (upTo < 0) throw new Error(`no migration named ${name}`);
  const before: Record<string, Migration> = {};
  for (const m of migrations.slice(0, upTo)) before[m.name] = { up: (k) => m.up(k, dialect) };
  expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
  return { db, close: () => handle.close() };
}
