// Status machines (shared/resources/machine.ts) served by the engine: each `def.machines[i]` is an action at its
// `path` that moves the record's `field` by one declared move, and its `locked` states refuse saves.
//
// Order of a move, so each refusal answers as the hand-written decisions did:
//   the action's access rule → the target (400: not a state, or `badTarget` when no move arrives there) → the reason
//   (400 naming its body field: required for a move with `reason: true`, a string, trimmed, ≤ 2000 characters) →
//   the record (404) → who may make a move to the target at all (403, e.g. a reviewer) → the sent stamp (409 with
//   the record, when the machine uses stamps) → a move from the record's state to the target (409 `refused`) → who
//   may make it on this record (403, e.g. not the submitter) → one conditional UPDATE (still in a `from` state, and
//   the stamp unchanged when the machine uses stamps: of two racing moves one wins, the other answers 409) and the
//   history entry, in one transaction → the record as it is now, with the move's `done` message.
import { randomUUID } from 'node:crypto';
import { check, ruleOf } from '../../shared/resources/access';
import type { Label, ResourceDef } from '../../shared/resources/define';
import { isLocked, moveTo, stateOf, type Move, type StatusMachine } from '../../shared/resources/machine';
import { iso } from '../db/dialect';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { enforce, parseId } from './access';
import { gateOf, requireAction } from './permissions';
import type { DynamicDb } from './dynamic';
import { stale, type ResourceEngine } from './engine';
import { recordStatus } from './history';
import type { HookContext } from './hooks';
import { bodyObject, validationError, type Row } from './records';
import { hasStamp } from './schema';

export const MAX_REASON = 2000;

/** The action's name (access.actions, api.actions). */
export const actionOf = (machine: StatusMachine) => machine.action ?? 'status';

/** Where the target state is read: a body field (default `status`) or a path parameter. */
export const targetName = (machine: StatusMachine) => (machine.target && 'param' in machine.target ? machine.target.param : (machine.target?.body ?? 'status'));

/** The target as sent: numbers and booleans may come as text ('2', 'true'). */
function targetOf(machine: StatusMachine, ctx: HookContext, body: Row): unknown {
  const raw = machine.target && 'param' in machine.target ? ctx.params[machine.target.param] : body[targetName(machine)];
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (machine.states.some((s) => typeof s.value === 'boolean')) return text === 'true' ? true : text === 'false' ? false : raw;
  if (machine.states.some((s) => typeof s.value === 'number') && text !== '' && Number.isFinite(Number(text))) return Number(text);
  return raw;
}

const DEFAULT_REFUSED: Label = { vi: 'Không thể chuyển từ "{from}" sang "{to}"', en: 'Cannot go from "{from}" to "{to}"' };

/** The `refused` message with the two states' labels in each language. */
function refusal(machine: StatusMachine, from: unknown, to: unknown): Label {
  const words = machine.refused ?? DEFAULT_REFUSED;
  const name = (value: unknown, lang: 'vi' | 'en') => stateOf(machine, value)?.label[lang] ?? String(value);
  const fill = (lang: 'vi' | 'en') => words[lang].replaceAll('{from}', name(from, lang)).replaceAll('{to}', name(to, lang));
  return { vi: fill('vi'), en: fill('en') };
}

/** The reason of a move: required for a move to `to` that needs one; 400 naming its body field otherwise. */
function reasonOf(machine: StatusMachine, ctx: HookContext, body: Row, arriving: Move[]): string | null {
  if (!machine.reason) return null;
  const { body: field, label } = machine.reason;
  const raw = body[field];
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw httpError(400, M.listInvalid(field), { field });
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text && arriving.some((m) => m.reason)) {
    throw validationError([{ field, message: ctx.ui === 'vi' ? `${label.vi} là trường bắt buộc` : `${label.en} is required` }]);
  }
  if (text.length > MAX_REASON) throw httpError(400, M.listInvalid(field), { field });
  return text || null;
}

/** Serve one move of `machine` on record `id` (the action's handler; the scope is checked by the route). */
export async function moveRecord(engine: ResourceEngine, def: ResourceDef, machine: StatusMachine, ctx: HookContext, rawId: unknown, rawBody: unknown) {
  const request = ctx.request;
  // Access before anything about the request's record, its id included (a staff member's bad id: 403, as before).
  enforce(request, ruleOf(def.access, { action: actionOf(machine) }));
  const id = parseId(rawId);
  const body = bodyObject(rawBody);
  const target = targetOf(machine, ctx, body);
  const field = targetName(machine);
  const arriving = machine.moves.filter((m) => m.to === target);
  if (!arriving.length && machine.badTarget) throw httpError(400, machine.badTarget, { field });
  if (!machine.states.some((s) => s.value === target)) throw httpError(400, M.badQuery(field), { field });
  const reason = reasonOf(machine, ctx, body, arriving);

  // The user's role on the website grants each move by its name (server/resources/permissions.ts): reviewing is a
  // role's grant of the review decisions, no longer a flag of the account; the moves' other requirements (an
  // administrator, not the submitter) hold above the role.
  const gate = await gateOf(request.server.db, request, def, ctx.scope);
  const actor = { ...request.user, canReview: true };
  const current = await engine.readOrThrow(ctx.db, def, ctx.scope, id);
  // Who may make any move to the target (a reviewer), before what the record's state says.
  const verdicts = arriving.map((m) => check(m.who, actor));
  const refused = verdicts.find((v) => !v.allowed);
  if (refused && !refused.allowed && verdicts.every((v) => !v.allowed)) throw httpError(403, refused.reason);
  if (gate && arriving.length && !arriving.some((m) => gate.grant.actions[m.name] === true)) requireAction(gate, arriving[0].name);
  const stamps = machine.stamp !== false && hasStamp(def);
  if (stamps && typeof body.concurrencyStamp === 'string' && body.concurrencyStamp && body.concurrencyStamp !== current.concurrencyStamp) throw stale(current);
  const move = moveTo(machine, current, target);
  if (!move) throw httpError(409, refusal(machine, current[machine.field], target), { field, [machine.field]: current[machine.field] });
  // Who may make it on this record (not its submitter).
  const verdict = check(move.who, actor, current);
  if (!verdict.allowed) throw httpError(403, verdict.reason, { field });
  requireAction(gate, move.name);

  const work = async (db: DynamicDb) => {
    const set: Row = { [machine.field]: move.to, updatedAt: iso(ctx.now) };
    if (machine.reason) set[machine.reason.field] = move.reason ? reason : null;
    if (hasStamp(def)) set.concurrencyStamp = randomUUID();
    // Still in the state it was read in (a move's `from`, or its `to` for an idempotent machine's repeat).
    let q = engine.scoped(def, db.updateTable(def.table).set(set).where('id', '=', id), ctx.scope).where(machine.field, '=', current[machine.field]);
    if (stamps) q = q.where('concurrencyStamp', '=', current.concurrencyStamp as string);
    if (machine.when) q = q.where(machine.when.field, 'in', [...machine.when.in]);
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      // Moved (or changed) by someone else between our read and our write: the stale record, or the move refused from
      // where it is now ("the collaborator was already approved or rejected").
      const now = await engine.readOrThrow(db, def, ctx.scope, id);
      throw stamps ? stale(now) : httpError(409, refusal(machine, now[machine.field], target), { field, data: now });
    }
    if (machine.history) await recordStatus({ db, now: ctx.now, request, websiteId: ctx.scope.websiteId }, def, id, move.to, move.reason ? reason : null);
    await engine.hooksOf(def).afterMove?.({ ...ctx, db }, { id, machine, move, from: current[machine.field], reason, current });
    // The record as moved, read in the transaction: the listeners get it, and it is the answer.
    const after = await engine.readOrThrow(db, def, ctx.scope, id);
    await engine.tell(db, ctx, def, ctx.scope, 'move', [id], { before: current, after, move: { name: move.name, field: machine.field, from: current[machine.field], to: move.to } });
    return after;
  };
  const after = ctx.db.isTransaction ? await work(ctx.db) : await ctx.db.transaction().execute(work);
  return ok(request, move.done ?? M.updated, after);
}

/** 409 with the machine's words when the record's state locks it against saves (a pending news item). */
export function refuseLocked(def: ResourceDef, current: Row): void {
  for (const machine of def.machines ?? []) {
    if (isLocked(machine, current)) throw httpError(409, machine.locked!.message, { field: machine.field, [machine.field]: current[machine.field] });
  }
}
