// History and audit (docs/api.md "History and audit"): one entry per committed write in its transaction (the
// listener of `app.writes`) and per sign-in; a record's history and the administrators' audit log; restoring a
// version; the trash.
import { m0019_history } from '../db/migrations/0019_history';
import { m0020_trash } from '../db/migrations/0020_trash';
import { m0023_history_audit_indexes } from '../db/migrations/0023_history_audit_indexes';
import { defineModule, optionsOf } from '../module';
import type { HistoryOptions } from './entries';
import { historyRestoreRoutes } from './restore';
import { historyRoutes } from './routes';
import { trashRoutes } from './trash';

export const manifest = defineModule('history', {
  // The trash's listener after the history's: it keys its rows by the delete's entry.
  routes: [
    { name: 'history', prefix: '/api', auth: 'bearer', plugin: historyRoutes },
    { name: 'historyRestore', prefix: '/api', auth: 'bearer', plugin: historyRestoreRoutes },
    { name: 'trash', prefix: '/api', auth: 'bearer', plugin: trashRoutes },
  ],
  migrations: [m0019_history, m0020_trash, m0023_history_audit_indexes],
  options: optionsOf<HistoryOptions>(),
});
