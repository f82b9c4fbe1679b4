// A deleted record still in the trash (server/history/trash.ts) is still a person's data: its values are kept in its
// delete entry's state, sealed with its key. A person's request finds it there (opened to compare, ./subjects.ts) and
// erases it by destroying its key (./erase.ts): a restore from the trash then brings back ERASED, never the values.
// The tables are read by name: the history module imports this one, not the other way round.
import { resources } from '../../shared/resources/index';
import type { ResourceDef } from '../../shared/resources/define';
import type { Db } from '../db/schema';
import { dynamic } from '../resources/index';
import { Opener } from './seal';

type Row = Record<string, unknown>;

const allDefs = resources as Record<string, ResourceDef>;

/** One trashed record of `def`: its website (null: the organisation's) and its values as they were, opened. */
export interface Trashed {
  websiteId: number | null;
  recordId: string;
  record: Row;
}

/** The records of `def` in the trash (every one, or the one `recordId`), with their values opened. */
export async function trashedRecords(db: Db, def: ResourceDef, recordId?: string): Promise<Trashed[]> {
  let q = dynamic(db)
    .selectFrom('trash')
    .innerJoin('history_entries', 'history_entries.id', 'trash.entryId')
    .select(['trash.websiteId as websiteId', 'trash.recordId as recordId', 'history_entries.state as state'])
    .where('trash.resource', '=', def.name);
  if (recordId !== undefined) q = q.where('trash.recordId', '=', recordId);
  const rows = (await q.orderBy('trash.entryId').execute()) as { websiteId: number | null; recordId: string; state: string | null }[];
  const opener = new Opener(db);
  const out: Trashed[] = [];
  for (const r of rows) {
    if (!r.state) continue;
    const state = (await opener.state(allDefs, def.name, r.recordId, JSON.parse(r.state))) as { record?: Row | null };
    if (state?.record) out.push({ websiteId: r.websiteId === null ? null : Number(r.websiteId), recordId: r.recordId, record: state.record });
  }
  return out;
}
