// History and audit (server/history, docs/api.md "History and audit"): one entry per committed write, written in the
// write's own transaction by the listener of `app.writes`, and one per sign-in (a failed one too). Entries are never
// changed or deleted: triggers refuse UPDATE and DELETE on both databases, as for the payment ledger (0009), so a
// record's history and the audit cannot be rewritten through the database either.
//
// No foreign keys: an entry outlives its record, its website and its actor (a deleted website's entries stay, and a
// cascade or a `set null` would be an UPDATE the triggers refuse).
import { sql } from 'kysely';
import { addIdColumn } from '../dialect';
import type { SitedeskMigration } from '../migrate';

export const m0019_history: SitedeskMigration = {
  name: '0019_history',
  async up(db, dialect) {
    await addIdColumn(db.schema.createTable('history_entries'), dialect)
      .addColumn('time', 'text', (c) => c.notNull())
      /** null: an organisation or global record (a collaborator, a user), or a sign-in */
      .addColumn('websiteId', 'integer')
      /** the definition's name ('news', 'banner'), or a hand-written writer's ('folder', 'user') */
      .addColumn('resource', 'text', (c) => c.notNull())
      /** ids and natural keys alike, as text */
      .addColumn('recordId', 'text', (c) => c.notNull())
      /** create, update, delete, a move's or an action's name (approve, decline, pay…), signIn, signInFailed */
      .addColumn('operation', 'text', (c) => c.notNull())
      .addColumn('actorKind', 'text', (c) => c.notNull().check(sql`"actorKind" in ('user', 'public', 'integration', 'system')`))
      .addColumn('actorId', 'integer')
      .addColumn('actorName', 'text')
      .addColumn('clientAddress', 'text')
      /** JSON: [{ field, language, before, after }] */
      .addColumn('changes', 'text', (c) => c.notNull())
      /** JSON: the record's stored row right after the write (before it, with its children, for a delete) */
      .addColumn('state', 'text')
      .execute();
    // One record's history, newest first; the audit by time, by actor (each newest first by id).
    await db.schema.createIndex('history_entries_record').on('history_entries').columns(['websiteId', 'resource', 'recordId', 'id']).execute();
    await db.schema.createIndex('history_entries_time').on('history_entries').columns(['time']).execute();
    await db.schema.createIndex('history_entries_actor').on('history_entries').columns(['actorId', 'id']).execute();

    if (dialect === 'postgres') {
      await sql`create function sitedesk_history_append_only() returns trigger language plpgsql as $$
        begin raise exception 'the history is append-only: % on %', tg_op, tg_table_name using errcode = '55000'; end $$`.execute(db);
      await sql`create trigger history_entries_append_only before update or delete on history_entries for each row execute function sitedesk_history_append_only()`.execute(db);
      // TRUNCATE skips row triggers: refused as a statement.
      await sql`create trigger history_entries_no_truncate before truncate on history_entries for each statement execute function sitedesk_history_append_only()`.execute(db);
    } else {
      for (const event of ['update', 'delete']) {
        await sql`create trigger ${sql.id(`history_entries_append_only_${event}`)} before ${sql.raw(event)} on history_entries
          begin select raise(abort, ${sql.lit(`the history is append-only: ${event} on history_entries`)}); end`.execute(db);
      }
    }
  },
};
