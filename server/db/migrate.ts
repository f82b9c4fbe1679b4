// Migration runner: Kysely's Migrator over the plan: the base's steps (migrations/index.ts) and the modules' (each in
// its manifest; server/routes.ts collects them), in name order.
// Kysely records applied names in `kysely_migration`, so running twice is safe. Its own lock does not cover creating
// its tables (four instances started at once on an empty PostgreSQL database died on duplicate keys): the app runs
// the migrations inside its start-up lock (DbHandle.startupLock, server/app.ts).
import { Migrator, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { dialectOf, type DialectName } from './dialect';
import { baseMigrations } from './migrations/index';

/** One schema step. `name` orders it (e.g. `0003_files`); never rename or edit an applied one. */
export interface SitedeskMigration {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

/**
 * Every step in the order it runs: the base's and the modules' by name, which is the order Kysely applies and
 * records them in (a database that has some runs the rest). Two steps with one name are a mistake: thrown here.
 */
export function migrationPlan(moduleMigrations: readonly SitedeskMigration[]): SitedeskMigration[] {
  const plan = [...baseMigrations, ...moduleMigrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  plan.forEach((m, i) => {
    if (i > 0 && plan[i - 1].name === m.name) throw new Error(`duplicate migration name ${m.name}`);
  });
  return plan;
}

/** Runs the steps of `plan` (migrationPlan; the app's is `migrations` in server/routes.ts) a database lacks. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>, plan: readonly SitedeskMigration[]): Promise<MigrationResultSet> {
  const dialect = dialectOf(db);
  const list: Record<string, Migration> = {};
  for (const m of plan) {
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
