// Erasing one record's personal data (docs/api.md "Personal data: erasing"). In one transaction: the record's row
// locked, its personal fields set to ERASED (text) or null (a date, a number, a file) and its search text made again
// without them, through the engine (`engine.own`: the history gets its one `erase` entry, with the reason and no
// values), then its key destroyed, so every value sealed with it (its history, its trash rows, its live events'
// titles) reads as erased. Its personal files' bytes are deleted once the transaction has committed (a crash in
// between leaves bytes nothing points to any more, never a record pointing to deleted bytes). The record stays: a
// booking still counts, the ledger's amounts stay exact. A record deleted and still in the trash is erased too: its
// key destroyed, so a restore brings it back erased.
//
// An update racing the erase: the erase locks the row first (PostgreSQL: SELECT … FOR UPDATE; SQLite writes one
// transaction at a time), and it changes the record's stamp, so a save sent over the version before it answers 409;
// a save that committed first is erased with the rest (its entry sealed with the key destroyed here).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERASED, personalFields } from '../../shared/resources/personal';
import { parseTranslations } from '../../shared/resources/translations';
import { dialectOf, iso } from '../db/dialect';
import { dynamic, hasWebsiteId, operationContext, recordKey, systemContext, type Scope } from '../resources/index';
import { searchFields, searchTextOf } from '../resources/search';
import { removeFileBytes } from '../files/trash';
import type { EraseHow, EraseTarget } from './index';
import { destroyKey } from './keys';
import { erasedValueOf } from './seal';
import { trashedRecords } from './trashed';

type Row = Record<string, unknown>;

export async function eraseRecord(app: FastifyInstance, target: EraseTarget, how: EraseHow): Promise<'erased' | 'missing'> {
  const { engine } = app.resources;
  const { def } = target;
  const id = typeof target.id === 'string' ? recordKey(def, target.id) : target.id;
  if (id === undefined) return 'missing';
  const scoped = hasWebsiteId(def) && target.websiteId !== null;
  const scope: Scope = { keys: {}, ...(scoped ? { websiteId: target.websiteId! } : {}) };
  const fields = personalFields(def);
  const files: string[] = [];
  const outcome = await app.db.transaction().execute(async (trx) => {
    const now = app.now();
    const ctx = how.request ? operationContext(app, how.request, target.websiteId ?? undefined, trx) : systemContext(trx, now, target.websiteId ?? undefined);
    const done = await engine.own(ctx, def.name, async (db) => {
      // The row, locked until the erase commits (a racing save waits, then finds its stamp stale).
      let q = db.selectFrom(def.table).selectAll().where(def.idField ?? 'id', '=', id);
      if (scoped) q = q.where('websiteId', '=', target.websiteId);
      if (dialectOf(trx) === 'postgres') q = q.forUpdate();
      const row = (await q.executeTakeFirst()) as Row | undefined;
      if (!row) {
        // Deleted, still in the trash (./trashed.ts): its values are sealed there with its key, destroyed below; its
        // files are the ones it was deleted with.
        const [trashed] = await trashedRecords(trx, def, String(id));
        if (!trashed || (scoped && trashed.websiteId !== target.websiteId)) return { result: false };
        for (const f of fields) if (f.type === 'file' && typeof trashed.record[f.name] === 'string' && trashed.record[f.name]) files.push(trashed.record[f.name] as string);
        return { result: true, written: { websiteId: scoped ? target.websiteId! : undefined, ids: [id], operation: 'action' as const, action: 'erase', values: { reason: how.reason } } };
      }
      const values: Row = {};
      for (const f of fields) {
        if (!(f.name in row)) continue;
        if (f.type === 'file' && typeof row[f.name] === 'string' && row[f.name]) files.push(row[f.name] as string);
        // A per-language text keeps its shape: each language it had, erased.
        const languages = f.perLanguage ? Object.keys(parseTranslations(row[f.name])) : [];
        values[f.name] = languages.length ? JSON.stringify(Object.fromEntries(languages.map((l) => [l, ERASED]))) : erasedValueOf(f);
      }
      if ('searchText' in row) values.searchText = searchTextOf(searchFields(def), { ...row, ...values });
      if ('concurrencyStamp' in row) values.concurrencyStamp = randomUUID();
      if ('updatedAt' in row) values.updatedAt = iso(now);
      let u = db.updateTable(def.table).set(values).where(def.idField ?? 'id', '=', id);
      if (scoped) u = u.where('websiteId', '=', target.websiteId);
      await u.execute();
      const after = await engine.read(dynamic(trx), def, scope, id);
      // The entry says who erased, when and why: the reason is its one change, no personal value (its state, the
      // record as erased, is sealed with the key destroyed below).
      return { result: true, written: { websiteId: scoped ? target.websiteId! : undefined, ids: [id], operation: 'action' as const, action: 'erase', values: { reason: how.reason }, ...(after ? { after } : {}) } };
    });
    if (!done) return 'missing' as const;
    await destroyKey(trx, def.name, String(id));
    return 'erased' as const;
  });
  if (outcome === 'erased' && files.length) await removeFileBytes(app, files);
  return outcome;
}
