// The base's own schema steps: the tables every module stands on (accounts and sessions, languages, websites, push
// registrations; their types are db/schema.ts), and the shared rate limits' counters (0025: the http layer's
// rate-limit-store.ts, which the intake and the delivery API use; the http layer has no manifest of its own). Every other step is declared by the module it belongs to, in its
// manifest (server/<module>/manifest.ts), and the app runs them all in name order (migrationPlan in ../migrate.ts).
// The files stay here, one per step, named NNNN_<name>; a step's name is what a database records: never rename one.
import type { SitedeskMigration } from '../migrate';
import { m0001_core } from './0001_core';
import { m0025_rate_limits } from './0025_rate_limits';
import { m0033_personal_views } from './0033_personal_views';
import { m0038_periodic_runs } from './0038_periodic_runs';

// 0033: who read a person's data, once per user, record and hour (the engine's ../../resources/personal-reads.ts).
// 0038: the last run of each periodic task (../periodic.ts), read by the metrics.
export const baseMigrations: readonly SitedeskMigration[] = [m0001_core, m0025_rate_limits, m0033_personal_views, m0038_periodic_runs];
