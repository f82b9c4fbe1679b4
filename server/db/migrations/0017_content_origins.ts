// The origins a website's pages read the delivery API from (/content, server/delivery): one http(s) origin a line,
// what `Access-Control-Allow-Origin` answers. Empty (every website until an administrator sets it): any origin.
import type { SitedeskMigration } from '../migrate';

export const m0017_content_origins: SitedeskMigration = {
  name: '0017_content_origins',
  async up(db) {
    await db.schema.alterTable('websites').addColumn('contentOrigins', 'text').execute();
  },
};
