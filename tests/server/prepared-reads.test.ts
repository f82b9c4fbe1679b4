// Reads kept as prepared statements (server/db/dialect.ts `preparedReads`, PostgreSQL): which statements are named,
// and that a schema change made by another process (another server's migration) does not break the reads.
import Database from 'better-sqlite3';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PREPARED_READS_LIMIT, preparedReads } from '../../server/db/dialect';
import { describeEachDatabase } from './harness';

describe('prepared reads', () => {
  it('names reads only, never a keyword search or a write, none before the schema is settled, new names after a change', () => {
    const reads = preparedReads();
    const byId = 'select * from "social_networks" where "id" = $1';
    expect(reads.nameOf(byId)).toBeUndefined(); // the schema is not settled yet
    reads.settle();
    const name = reads.nameOf(byId);
    expect(name).toEqual(expect.any(String));
    expect(reads.nameOf(byId)).toBe(name);
    expect(reads.nameOf('select "id" from "social_networks" where "id" = $1')).not.toBe(name);
    expect(reads.nameOf('select "id" from "news" where "searchText" like $1 escape $2')).toBeUndefined();
    expect(reads.nameOf('insert into "social_networks" ("url") values ($1)')).toBeUndefined();
    expect(reads.nameOf('alter table "social_networks" add column "x" text')).toBeUndefined();
    expect(reads.nameOf(byId)).toBeUndefined(); // after a schema change: unnamed until settled again
    reads.settle();
    expect(reads.nameOf(byId)).toEqual(expect.any(String));
    expect(reads.nameOf(byId)).not.toBe(name); // never the statement prepared before the change
    for (let i = 0; i < PREPARED_READS_LIMIT; i++) reads.nameOf(`select ${i}`);
    expect(reads.nameOf('select "one more"')).toBeUndefined();
  });
});

describeEachDatabase('prepared reads', (ctx) => {
  it('the file manager still lists a folder after another process adds a column to its tables', async () => {
    // The listing reads `select *` from folders and files: a prepared one no longer matches a table that grew.
    const read = () => ctx.authed('GET', '/api/folders/current-directory/0');
    // One after another: the pool hands the same connection back, which now holds the reads prepared.
    for (let i = 0; i < 10; i++) expect((await read()).status).toBe(200);
    const before = (await read()).body.data;
    const alter = ['alter table files add column "addedElsewhere" text', 'alter table folders add column "addedElsewhere" text'];
    if (ctx.databaseUrl) {
      const other = new pg.Client({ connectionString: ctx.databaseUrl });
      await other.connect();
      for (const statement of alter) await other.query(statement);
      await other.end();
    } else {
      const other = new Database(path.join(ctx.dataDir, 'sitedesk.db'));
      for (const statement of alter) other.exec(statement);
      other.close();
    }
    for (let i = 0; i < 3; i++) {
      const after = await read();
      expect(after.status, after.text).toBe(200);
      expect(after.body.data.folders.map((f: { id: number }) => f.id)).toEqual(before.folders.map((f: { id: number }) => f.id));
    }
  });
});
