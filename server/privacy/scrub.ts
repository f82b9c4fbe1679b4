// After an erase: what makes the erased bytes unreadable in the database's files (docs/api.md "Personal data:
// what is left"). An UPDATE leaves the old version of the row behind for a while:
//   - SQLite: `secure_delete` (set when the database is opened, server/db/dialect.ts) zeroes a row's old bytes in
//     the page; the old page is still in the WAL until a checkpoint, so the WAL is checkpointed and truncated; the
//     keyword index (an FTS5 table `<table>_search`, trigram) keeps a deleted row's text in its older segments until
//     they are merged, so it is optimised (merged into one).
//   - PostgreSQL: the old tuple stays in the table's pages (and its indexes, TOAST) until a vacuum; a plain VACUUM
//     marks it free without overwriting it, so the touched tables are rewritten (VACUUM FULL: new files, the old
//     ones unlinked). It locks each table for as long as it takes: an erase is rare and asked by an administrator.
//     The WAL segments keep what was written until they are recycled (a server setting, not the database's files).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { dialectOf } from '../db/dialect';

/**
 * Besides the records' own tables: the keys (a destroyed key's wrapped bytes). The history, the trash and the live
 * events hold only sealed values and an erase does not rewrite them: nothing to scrub there (and rewriting the
 * history, which every write appends to, would hold every write for as long as it takes).
 */
const ALWAYS = ['personal_keys'];

export async function scrubAfterErase(app: FastifyInstance, tables: string[]): Promise<void> {
  const db = app.db;
  const names = [...new Set([...tables, ...ALWAYS])];
  const existing = new Set((await db.introspection.getTables()).map((t) => t.name));
  if (dialectOf(db) === 'postgres') {
    for (const name of names) if (existing.has(name)) await sql`vacuum full ${sql.table(name)}`.execute(db);
    return;
  }
  for (const name of names) {
    const index = `${name}_search`;
    if (existing.has(index)) await sql`insert into ${sql.table(index)}(${sql.table(index)}) values ('optimize')`.execute(db);
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
