// Column sets that more than one schema step adds (server/db/migrations). Steps that have run call these: never change
// what one adds, or a database made today would differ from one made before; a new shape is a new helper.
import type { CreateTableBuilder } from 'kysely';

/**
 * A status history entry's columns after what it is about: its website (deleted with it), the status moved to, the
 * reason, who moved it (the name kept when the account goes) and when. 0005's news_status_history, and 0008's
 * review_history that took over its rows.
 */
export function addStatusMoveColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C> {
  return table
    .addColumn('websiteId', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('userFullName', 'text')
    .addColumn('time', 'text', (c) => c.notNull());
}
