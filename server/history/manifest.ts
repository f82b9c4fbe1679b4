// History and audit (docs/api.md "History and audit"): one entry per committed write in its transaction (the
// listener of `app.writes`) and per sign-in; a record's history and the administrators' audit log.
import { m0019_history } from '../db/migrations/0019_history';
import { defineModule } from '../module';
import { historyRoutes } from './routes';
import { m0020_trash } from '../db/migrations/0020_trash';
import { trashRoutes } from './trash';

export const manifest = defineModule('history', {
  // The trash's listener after the history's: it keys its rows by the delete's entry.
  routes: [
    { name: 'history', prefix: '/api', auth: 'bearer', plugin: historyRoutes },
    { name: 'trash', prefix: '/api', auth: 'bearer', plugin: trashRoutes },
  ],
  migrations: [m0019_history, m0020_trash],
});
