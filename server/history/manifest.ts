// History and audit (docs/api.md "History and audit"): one entry per committed write in its transaction (the
// listener of `app.writes`) and per sign-in; a record's history and the administrators' audit log.
import { m0019_history } from '../db/migrations/0019_history';
import { m0023_history_audit_indexes } from '../db/migrations/0023_history_audit_indexes';
import { defineModule, optionsOf } from '../module';
import type { HistoryOptions } from './entries';
import { historyRoutes } from './routes';

export const manifest = defineModule('history', {
  routes: [{ name: 'history', prefix: '/api', auth: 'bearer', plugin: historyRoutes }],
  migrations: [m0019_history, m0023_history_audit_indexes],
  options: optionsOf<HistoryOptions>(),
});
