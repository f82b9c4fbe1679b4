// The one rewrite the history allows (issue 40, server/privacy/upgrade.ts): sealing, at the upgrade, the personal
// values an earlier version wrote in clear. On PostgreSQL the append-only trigger's function lets an UPDATE through
// only in a transaction that says so (`set_config('sitedesk.history_rewrite', 'on', true)`, local to it): disabling
// the trigger instead is refused while the transaction has trigger events pending, and would hold a lock on the
// table. DELETE and TRUNCATE stay refused. SQLite's trigger is dropped and made again inside the upgrade's
// transaction (its DDL is transactional), so nothing changes there.
import { sql } from 'kysely';
import type { SitedeskMigration } from '../migrate';

export const m0035_history_sealing_upgrade: SitedeskMigration = {
  name: '0035_history_sealing_upgrade',
  async up(db, dialect) {
    if (dialect !== 'postgres') return;
    await sql`create or replace function sitedesk_history_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and current_setting('sitedesk.history_rewrite', true) = 'on' then return new; end if;
        raise exception 'the history is append-only: % on %', tg_op, tg_table_name using errcode = '55000';
      end $$`.execute(db);
  },
};
