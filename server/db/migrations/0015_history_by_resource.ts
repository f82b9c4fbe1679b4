// The status history (server/resources/history.ts) is kept by the engine for any definition whose status machine says
// `history: true`, keyed by the resource's name. News ('news') and services ('service') were already written under
// their names; expert Q&A was written as 'qa', its definition is 'qaExpert': those rows take the name, so they are
// read as before.
import type { SitedeskMigration } from '../migrate';

export const m0015_history_by_resource: SitedeskMigration = {
  name: '0015_history_by_resource',
  async up(db) {
    await db.updateTable('review_history').set({ kind: 'qaExpert' }).where('kind', '=', 'qa').execute();
  },
};
