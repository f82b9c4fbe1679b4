// The base's own schema step: the tables every module stands on (accounts and sessions, languages, websites, push
// registrations; their types are db/schema.ts). Every other step is declared by the module it belongs to, in its
// manifest (server/<module>/manifest.ts), and the app runs them all in name order (migrationPlan in ../migrate.ts).
// The files stay here, one per step, named NNNN_<name>; a step's name is what a database records: never rename one.
import type { SitedeskMigration } from '../migrate';
import { m0001_core } from './0001_core';

export const baseMigrations: readonly SitedeskMigration[] = [m0001_core];
