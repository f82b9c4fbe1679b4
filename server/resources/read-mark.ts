// What visitors send that staff open (a feedback, an application): `PUT …/read/{website}/{id}` marks it read, through
// the engine with its history entry (action `read`), in one transaction. Opening what was read already changes
// nothing (no entry). Its stamp stays: a form open on it can still be saved.
import type { ResourceDef } from '../../shared/resources/define';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { dynamic } from './dynamic';
import type { ActionDef } from './hooks';

/** The read-mark action of `def` (a website's records with an `isView` flag) at `path`. */
export function markReadAction<D extends ResourceDef>(def: D, path: string): ActionDef<D> {
  return {
    path,
    async run({ ctx, engine, id }) {
      await ctx.db.transaction().execute(async (trx) => {
        const row = (await dynamic(trx).selectFrom(def.table).select('isView').where('id', '=', id!).where('websiteId', '=', ctx.scope.websiteId).executeTakeFirst()) as { isView: unknown } | undefined;
        if (!row) throw httpError(404, M.recordNotFound);
        if (row.isView) return;
        await engine.change({ ...ctx, db: dynamic(trx) }, def, ctx.scope, id!, { isView: true }, { action: 'read', keepStamp: true });
      });
      return ok(ctx.request, M.success);
    },
  };
}
