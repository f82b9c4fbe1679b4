// History and audit (docs/api.md "History and audit"): one entry per committed write in its transaction (the
// listener of `app.writes`) and per sign-in; a record's history and the administrators' audit log.
import { m0019_history } from '../db/migrations/0019_history';
import { defineModule } from '../module';
import { historyRestoreRoutes } from './restore';
import { historyRoutes } from './routes';

export const manifest = defineModule('history', {
  routes: [
    { name: 'history', prefix: '/api', auth: 'bearer', plugin: historyRoutes },
    { name: 'historyRestore', prefix: '/api', auth: 'bearer', plugin: historyRestoreRoutes },
  ],
  migrations: [m0019_history],
});
