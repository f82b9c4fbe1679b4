/**
 * A status machine declared in a resource's definition: the states of one field, the moves between them, who may
 * make each move, which moves need a reason, which states lock the record against saves, and whether the moves are
 * kept as a status history. The server's engine serves the moves as one action (a conditional update: of two
 * racing decisions one wins, the other answers 409) and the console draws them with one component (decision
 * buttons, reason dialog, confirmation, status history). News, Q&A and services review; booking transitions; a
 * collaborator's approval and locking.
 *
 * Runtime-free: read by the server and the console.
 */
import type { AccessRule, Actor, Verdict } from './access';
import { check } from './access';
import type { Label, PathTemplate } from './define';

/** A state: an enum field's option, or one value of a boolean field (a collaborator's account: active, locked). */
export interface StateOption {
  value: number | string | boolean;
  label: Label;
  color?: string;
}

export interface Move {
  /** Name of the move: the console's button key and the action's name in access and history ('approve', 'cancel'). */
  name: string;
  /** States it leaves from. */
  from: readonly (number | boolean)[];
  /** The state it arrives in. */
  to: number | boolean;
  /** The button's label ("Duyệt", "Xác nhận"). */
  label: Label;
  /** Who may make it (./access.ts); the record is passed, so `notSubmitter` works. */
  who: AccessRule;
  /** The reason the user must give (declines, cancellations): stored in `reason.field`, required, at most 2000 characters. */
  reason?: boolean;
  /** The confirmation's question, `{name}` standing for the record's name (shown before a move without a reason). */
  confirm?: Label;
  /**
   * The reason dialog's title (a move with `reason`), `{name}` standing for the record's name; without `{name}` the
   * dialog shows the record's name under it. Default: the move's label.
   */
  prompt?: Label;
  /** The reason dialog's send button (default: the move's label). */
  send?: Label;
  /** A destructive move (red button). */
  danger?: boolean;
  /** The success notice (default: "Cập nhật thành công"). */
  done?: Label;
}

export interface StatusMachine {
  /** The field the machine moves (an enum or boolean field of the definition, `serverSet`). */
  field: string;
  /** The states, as the field's options (labels and colours). */
  states: readonly StateOption[];
  /** The record's field that names it in the questions (`{name}` of `confirm` and `prompt`; default 'title'). */
  nameField?: string;
  /**
   * The action serving the moves, e.g. 'PUT News/status/{website}/{id}'. The target state is read from the body's
   * `status` (default) or from a path parameter (`PUT DoiNhom/isActive/{id}/{value}` → `target: { param: 'value' }`).
   */
  path: PathTemplate;
  target?: { body: string } | { param: string };
  /** The action's name in `api.actions` and in `access.actions` (default 'status'). */
  action?: string;
  /** Where a move's reason is read from in the body and stored in the record. */
  reason?: { body: string; field: string; label: Label };
  moves: readonly Move[];
  /** States in which the record cannot be saved, with the 409's words (a pending news item). */
  locked?: { states: readonly (number | boolean)[]; message: Label };
  /** The machine applies only to records whose `field` has one of these values (locking only an approved collaborator). */
  when?: { field: string; in: readonly unknown[] };
  /** The 409 when no move leads from the current state to the one asked (`{from}`, `{to}`: the states' labels). */
  refused?: Label;
  /**
   * The 400 (naming the target's field) when the target is no move's destination (a review decision is 2 or 3 only).
   * Without it, only a value that is not a state answers 400; a state no move reaches from here is `refused`.
   */
  badTarget?: Label;
  /**
   * Every move (and a save that changes the state) is kept in the status history with who, when and the reason;
   * the detail answers it as `statusHistory`, oldest first.
   */
  history?: boolean;
  /** The record's stamp is optional in the body; when sent and stale, 409 (default true). */
  stamp?: boolean;
  /**
   * Asking for the state the record is already in succeeds (the move to it is made again) instead of 409: locking a
   * locked account answers 200, as the spec's client has always been answered. Default false.
   */
  idempotent?: boolean;
}

/** The moves out of the record's current state (none when the machine does not apply to it). */
export function movesFrom(machine: StatusMachine, record: Record<string, unknown> | null | undefined): Move[] {
  if (!record) return [];
  if (machine.when && !machine.when.in.includes(record[machine.when.field])) return [];
  const state = record[machine.field];
  return machine.moves.filter((m) => m.from.some((f) => f === state));
}

/** The move that takes the record to `to` from where it is, if any. */
export function moveTo(machine: StatusMachine, record: Record<string, unknown>, to: unknown): Move | undefined {
  const move = movesFrom(machine, record).find((m) => m.to === to);
  if (move || !machine.idempotent || record[machine.field] !== to) return move;
  // Already there (`idempotent`): the move that leads there, where the machine applies.
  if (machine.when && !machine.when.in.includes(record[machine.when.field])) return undefined;
  return machine.moves.find((m) => m.to === to);
}

/** Whether `user` may make `move` on `record` (the move's `who`, with the record for `notSubmitter`). */
export function mayMove(move: Move, user: Actor | null | undefined, record: { submittedBy?: unknown }): Verdict {
  return check(move.who, user, record);
}

/** Whether the record's state locks it against saves. */
export function isLocked(machine: StatusMachine, record: Record<string, unknown> | null | undefined): boolean {
  return Boolean(record && machine.locked?.states.some((s) => s === record[machine.field]));
}

/** The label of a state. */
export const stateOf = (machine: StatusMachine, value: unknown): StateOption | undefined => machine.states.find((s) => s.value === value);
