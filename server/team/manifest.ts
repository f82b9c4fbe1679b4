// The referral team: collaborators, referred patients, the commission ledger; the integration keys, and the clinic
// system recording completed visits of referred patients with its own API key.
import { m0009_team } from '../db/migrations/0009_team';
import { m0010_team_list_order } from '../db/migrations/0010_team_list_order';
import { m0012_phone_numbers } from '../db/migrations/0012_phone_numbers';
import { defineModule } from '../module';
import { integrationKeyRoutes, integrationRoutes } from './integration';
import { collaboratorResource, referralResource } from './resource';
import { ledgerRoutes } from './routes';

export const manifest = defineModule('team', {
  routes: [
    // The commission ledger (its collaborators and referred patients are resources the engine serves).
    { name: 'team', prefix: '/api', auth: 'bearer', plugin: ledgerRoutes },
    { name: 'integration-keys', prefix: '/api', auth: 'bearer', plugin: integrationKeyRoutes },
    { name: 'integration', prefix: '/integration', auth: 'public', plugin: integrationRoutes },
  ],
  resources: [collaboratorResource, referralResource],
  migrations: [m0009_team, m0010_team_list_order, m0012_phone_numbers],
});
