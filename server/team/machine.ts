// A status machine of a definition (shared/resources/machine.ts) served as one action, read from its declaration:
// who may act (`access.actions`, then the move's `who`), the target state (body or path), the reason a move needs,
// the move from the record's state (`moveTo`, 409 `refused` otherwise), and a conditional update, so of two
// decisions at once one wins and the other answers 409.
//
// TODO(issue 27, item 2): replaced by the engine's generic machine action (branch p27-access, server/resources) once
// merged — delete this file and the `machineAction(...)` entries in ./resource.ts; the declarations stay as they are
// (`stamp: false`, `idempotent` on COLLABORATOR_ACTIVITY keep today's answers).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { iso } from '../db/dialect';
import { httpError, parseInput } from '../errors';
import { ok } from '../http/envelope';
import { localize, type Text } from '../i18n';
import { M } from '../messages';
import { enforce } from '../resources/access';
import { bodyObject, validationError, type ActionDef, type DynamicDb } from '../resources/index';
import { ruleOf } from '../../shared/resources/access';
import type { Label, ResourceDef } from '../../shared/resources/define';
import { mayMove, moveTo, stateOf, type StatusMachine } from '../../shared/resources/machine';

type Value = number | boolean;

/** The state asked for: from the path (`target: { param }`) or the body (default `status`); 400 unless a move leads there. */
function targetOf(machine: StatusMachine, params: Record<string, string | undefined>, body: unknown): Value {
  const targets = [...new Set(machine.moves.map((m) => m.to))];
  const target = machine.target ?? { body: 'status' };
  if ('param' in target) {
    const raw = params[target.param];
    const value = targets.find((t) => String(t) === raw);
    if (value === undefined) throw httpError(400, M.badQuery(target.param));
    return value;
  }
  const literals = targets.map((t) => z.literal(t));
  const schema = z.object({
    [target.body]: literals.length > 1 ? z.union(literals as unknown as [z.ZodLiteral<Value>, z.ZodLiteral<Value>]) : literals[0],
    ...(machine.reason ? { [machine.reason.body]: z.string().max(1000).optional().nullable() } : {}),
  });
  return (parseInput(schema, body) as Record<string, Value>)[target.body];
}

const required = (label: Label): Label => ({ vi: `${label.vi} là trường bắt buộc`, en: `${label.en} is required` });
const named = (text: Label, from: string, to: string): Label => ({
  vi: text.vi.replace('{from}', from).replace('{to}', to),
  en: text.en.replace('{from}', from).replace('{to}', to),
});

/**
 * `machine` of `def` as one action. `answer`: the record as the action answers it; `notFound`: the 404's words.
 * Order of answers: 403 (the action's rule) → 400 (target, reason) → 404 → 409 (no move from here) → 403 (the move's
 * `who`) → the update, conditional on the state read (and on `when`): 409 when it moved meanwhile.
 */
export function machineAction(def: ResourceDef, machine: StatusMachine, answer: (db: DynamicDb, id: number) => Promise<unknown>, notFound: Text): ActionDef {
  return {
    path: machine.path,
    async run({ ctx, id, body }) {
      const { request } = ctx;
      enforce(request, ruleOf(def.access, { action: machine.action ?? 'status' }));
      const to = targetOf(machine, ctx.params, body);
      let reason: string | null = null;
      if (machine.reason) {
        const sent = bodyObject(body)[machine.reason.body];
        reason = (typeof sent === 'string' && sent.trim()) || null;
        if (!reason && machine.moves.some((m) => m.to === to && m.reason)) {
          throw validationError([{ field: machine.reason.body, message: localize(request, required(machine.reason.label)) }]);
        }
      }
      const columns = [...new Set(['id', machine.field, ...(machine.when ? [machine.when.field] : [])])];
      const current = (await ctx.db.selectFrom(def.table).select(columns).where('id', '=', id!).executeTakeFirst()) as Record<string, unknown> | undefined;
      if (!current) throw httpError(404, notFound);
      const stateName = (v: unknown) => localize(request, stateOf(machine, v)?.label ?? { vi: String(v), en: String(v) });
      const refused = httpError(409, named(machine.refused ?? M.conflict, stateName(current[machine.field]), stateName(to)));
      const move = moveTo(machine, current, to);
      if (!move) throw refused;
      const verdict = mayMove(move, request.user, current);
      if (!verdict.allowed) throw httpError(403, verdict.reason);
      let update = ctx.db
        .updateTable(def.table)
        .set({ [machine.field]: to, ...(machine.reason ? { [machine.reason.field]: move.reason ? reason : null } : {}), concurrencyStamp: randomUUID(), updatedAt: iso(ctx.now) })
        .where('id', '=', id!)
        .where(machine.field, '=', current[machine.field]);
      if (machine.when) update = update.where(machine.when.field, 'in', [...machine.when.in]);
      const changed = await update.executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) {
        if (!(await ctx.db.selectFrom(def.table).select('id').where('id', '=', id!).executeTakeFirst())) throw httpError(404, notFound);
        throw refused;
      }
      return ok(request, move.done ?? M.updated, await answer(ctx.db, id!));
    },
  };
}
