// Personal data (issue 40, docs/api.md "Personal data"): what other modules use of the privacy module. Personal
// values in the history, the trash and the live events are kept sealed with their record's key (./keys.ts, ./seal.ts);
// every read path opens them (`openChanges`, `openState`, `openTitle`); erasing a record (./erase.ts) replaces its
// personal fields by ERASED through the engine and destroys its key, so its past reads as erased too; then
// `scrubAfterErase` (./scrub.ts) makes the erased bytes unreadable in the database's files.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceDef } from '../../shared/resources/define';
import type { Db } from '../db/schema';
import { destroyMonthKeysBefore } from './keys';
import { openChangeList, type Change } from './seal';

export type { Change } from './seal';
export { sealEntry, openState, sealTitle, openTitle, sealAddress, openAddress, openChangeList, Opener, erasedValueOf } from './seal';
export { eraseRecord } from './erase';
export { scrubAfterErase } from './scrub';
export { isSealed } from './keys';

export interface EraseTarget {
  def: ResourceDef;
  websiteId: number | null;
  id: number | string;
}

/** How an erase is asked: its reason (kept in the history's `erase` entry), the request that asked (who). */
export interface EraseHow {
  reason: string;
  request?: FastifyRequest;
}

/** A history entry's changes with the personal values opened (ERASED where the key is gone). */
export function openChanges(db: Db, resource: string, recordId: string, changes: Change[]): Promise<Change[]> {
  return openChangeList(db, resource, recordId, changes);
}

/** Forgets the client addresses of every month before `month` ('YYYY-MM'): destroys those months' keys. */
export async function forgetAddressesBefore(db: Db, month: string): Promise<number> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`forgetAddressesBefore: a month is 'YYYY-MM', not '${month}'`);
  return destroyMonthKeysBefore(db, month);
}

export type EraseRecord = (app: FastifyInstance, target: EraseTarget, how: EraseHow) => Promise<'erased' | 'missing'>;
