// Database layer entry point: `createDb` (SQLite or PostgreSQL), `migrateToLatest`, helpers.
export { createDb, isPostgresUrl, addIdColumn, dialectOf, iso, type DbHandle, type DbOptions, type DialectName } from './dialect';
export { migrateToLatest, migrationPlan, type SitedeskMigration } from './migrate';
export type { Database } from './schema';
