// The upgrade of what was written before personal values were sealed (issue 40): history entries, trash rows and live
// events from an earlier version hold a person's values (and client addresses) in clear, and erasing that person
// would leave them there. At start, once the master key is settled, they are sealed as new ones are (`sealEntry`,
// idempotent: a sealed value stays as it is), a slice at a time, each slice in its transaction under a lock, so two
// instances starting at once take turns and a stop in the middle resumes where it was.
//
// History entries are append-only (migration 0019: triggers refuse UPDATE). This is the one place that rewrites
// them, and only their form: the same values, sealed. Each slice lifts the trigger inside its own transaction (SQLite:
// dropped and made again; PostgreSQL: a setting local to the transaction, migration 0035), so no other statement
// ever runs without it. Which entries are earlier is fixed at the first start of this version (the last
// entry's id then, `personalSealBound`): every later one was sealed when it was written.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ResourceDef } from '../../shared/resources/define';
import { personalFields } from '../../shared/resources/personal';
import { dialectOf, iso, lockName } from '../db/dialect';
import type { Db } from '../db/schema';
import { dynamic } from '../resources/index';
import { keyFor, sealValue } from './keys';
import { sealEntry, type Change } from './seal';

const BOUND = 'personalSealBound';
const DONE = 'personalSealedThrough';
const SLICE = 500;

interface EntryRow {
  id: number;
  time: string;
  resource: string;
  recordId: string;
  clientAddress: string | null;
  changes: string;
  state: string | null;
}

async function marker(db: Db, name: string): Promise<number | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : undefined;
}

async function setMarker(db: Db, name: string, value: number, now: Date): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: String(value), createdAt: iso(now) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: String(value) }))
    .execute();
}

/** Runs `work` with the history's append-only trigger on UPDATE lifted, in the transaction `trx` only. */
async function withHistoryRewritable(trx: Db, work: () => Promise<void>): Promise<void> {
  if (dialectOf(trx) === 'postgres') {
    // Migration 0035: the trigger lets an UPDATE through in a transaction that says so, this one only.
    await sql`select set_config('sitedesk.history_rewrite', 'on', true)`.execute(trx);
    await work();
    await sql`select set_config('sitedesk.history_rewrite', 'off', true)`.execute(trx);
    return;
  }
  await sql`drop trigger history_entries_append_only_update`.execute(trx);
  await work();
  // As migration 0019 made it.
  await sql`create trigger history_entries_append_only_update before update on history_entries
    begin select raise(abort, 'the history is append-only: update on history_entries'); end`.execute(trx);
}

/** Seals the earlier entries, trash titles and event titles; answers how many rows it sealed. */
export async function sealEarlierValues(app: FastifyInstance): Promise<number> {
  const db = app.db;
  const defs = app.resources.defs as Record<string, ResourceDef>;
  const now = app.now();
  let sealed = 0;
  // Which entries are earlier: fixed once (a start after the upgrade finds the bound and nothing left below it).
  await db.transaction().execute(async (trx) => {
    await lockName(trx, 'personal-seal-upgrade');
    if ((await marker(trx, BOUND)) !== undefined) return;
    const last = (await dynamic(trx).selectFrom('history_entries').select(sql<number>`max(id)`.as('id')).executeTakeFirst()) as { id: number | null } | undefined;
    await setMarker(trx, BOUND, Number(last?.id ?? 0), now);
  });
  for (;;) {
    const more = await db.transaction().execute(async (trx) => {
      await lockName(trx, 'personal-seal-upgrade');
      const bound = (await marker(trx, BOUND)) ?? 0;
      const done = (await marker(trx, DONE)) ?? 0;
      if (done >= bound) return false;
      const rows = (await dynamic(trx)
        .selectFrom('history_entries')
        .select(['id', 'time', 'resource', 'recordId', 'clientAddress', 'changes', 'state'])
        .where('id', '>', done)
        .where('id', '<=', bound)
        .orderBy('id')
        .limit(SLICE)
        .execute()) as EntryRow[];
      const rewritten: { id: number; changes: string; state: string | null; clientAddress: string | null }[] = [];
      for (const r of rows) {
        const state = r.state === null ? undefined : (JSON.parse(r.state) as unknown);
        const s = await sealEntry(trx, defs, { resource: r.resource, recordId: r.recordId, time: new Date(r.time), changes: JSON.parse(r.changes) as Change[], state, address: r.clientAddress });
        const next = { id: r.id, changes: JSON.stringify(s.changes), state: s.state === undefined ? null : JSON.stringify(s.state), clientAddress: s.address };
        if (next.changes !== r.changes || next.state !== r.state || next.clientAddress !== r.clientAddress) rewritten.push(next);
      }
      if (rewritten.length) {
        await withHistoryRewritable(trx, async () => {
          for (const u of rewritten) await dynamic(trx).updateTable('history_entries').set({ changes: u.changes, state: u.state, clientAddress: u.clientAddress }).where('id', '=', u.id).execute();
        });
      }
      sealed += rewritten.length;
      await setMarker(trx, DONE, rows.length ? rows[rows.length - 1].id : bound, now);
      return true;
    });
    if (!more) break;
  }
  // Trash rows and live events of records holding personal data: an earlier row does not say which field its title
  // was made of, so it is sealed whenever its resource has personal fields (after an erase it reads `#id`).
  const personal = Object.values(defs).filter((d) => personalFields(d).length).map((d) => d.name);
  if (!personal.length) return sealed;
  for (const table of ['trash', 'events'] as const) {
    const key = table === 'trash' ? 'entryId' : 'id';
    sealed += await db.transaction().execute(async (trx) => {
      await lockName(trx, 'personal-seal-upgrade');
      const rows = (await dynamic(trx)
        .selectFrom(table)
        .select([`${key} as key`, 'resource', 'recordId', 'title'])
        .where('resource', 'in', personal)
        .where('title', 'not like', '{"$sealed"%')
        .where('title', 'not like', '#%')
        .execute()) as { key: number; resource: string; recordId: string; title: string }[];
      for (const r of rows) {
        const title = JSON.stringify(sealValue(await keyFor(trx, r.resource, r.recordId, now), r.resource, r.recordId, r.title));
        await dynamic(trx).updateTable(table).set({ title }).where(key, '=', r.key).execute();
      }
      return rows.length;
    });
  }
  return sealed;
}
