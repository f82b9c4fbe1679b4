// Migration runner: Kysely's Migrator over the ordered list in migrations/index.ts.
// Kysely records applied names in `kysely_migration` and takes a lock, so running twice,
// or two processes starting at once, is safe.
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { dialectOf, type DialectName } from './dialect';
import { migrations } from './migrations/index';

/** One schema step. `name` orders it (e.g. `0003_files`); never rename or edit an applied one. */
export interface SitedeskMigration {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const dialect = dialectOf(db);
  const list: Record<string, Migration> = {};
  for (const m of migrations) {
    if (list[m.name]) throw new Error(`duplicate migration name ${m.name}`);
    list[m.name] = { up: (k) => m.up(k, dialect) };
  }
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return result;
}
