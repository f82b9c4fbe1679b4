/**
 * A definition's status machines (shared/resources/machine.ts) as the console reads them: which moves a user sees on
 * a record and why one is disabled, the words of a move with the record's name in them, and the call that makes it
 * (the machine's path through the data provider). No React here: ./useMoves.tsx draws on it.
 */
import type { Label, ResourceDef } from '../../../../shared/resources/define';
import { isLocked, mayMove, stateOf, type Move, type StatusMachine } from '../../../../shared/resources/machine';
import type { Actor } from '../../../../shared/resources/access';
import { textIn } from '../../../../shared/resources/translations';
import { i18next } from '../../core/i18n';
import { permissionOf } from '../access';
import { createDataProvider, idOf, type Id, type Row } from '../dataProvider';
import { currentUi } from '../labels';

/** A move as a button shows it for one record and one user. */
export interface MoveView {
  move: Move;
  label: string;
  /** Drawn at all: the user could make this move on some record, and the machine applies to this one. */
  shown: boolean;
  /** Why it cannot be made now (the tooltip of the disabled button); undefined when it can. */
  reason?: string;
}

export interface ViewOptions {
  /**
   * A move that does not leave from the record's state: drawn disabled, saying so (the review buttons, which keep
   * their place in a row), or left out (the default: a booking shows only where it can go).
   */
  unavailable?: 'disable' | 'hide';
  /** Why no move may be made now (unsaved edits would not be part of what is decided). */
  blockedReason?: string;
}

const text = (label: Label) => label[currentUi()];

/** The reason's label when the machine does not name it. */
export const REASON: Label = { vi: 'Lý do', en: 'Reason' };

/** A machine's words with the record's name and states in them (`{name}`, `{from}`, `{to}`). */
export function fill(label: Label, values: { name?: string; from?: string; to?: string }): string {
  return text(label).replace(/\{(name|from|to)\}/g, (whole, key: 'name' | 'from' | 'to') => values[key] ?? whole);
}

/** The record's name in the questions: its `nameField` (default 'title') in the content language, or its id. */
export function recordName(machine: StatusMachine, record: Row, language: string, id?: Id): string {
  const name = textIn(record[machine.nameField ?? 'title'], language).trim();
  return name || (id === undefined ? '' : `#${String(id)}`);
}

const stateLabel = (machine: StatusMachine, value: unknown) => {
  const state = stateOf(machine, value);
  return state ? text(state.label) : String(value);
};

/** Whether the machine moves this record at all (`when`: locking applies to an approved collaborator only). */
const applies = (machine: StatusMachine, record: Row) => !machine.when || machine.when.in.includes(record[machine.when.field]);

/** Every move of the machine as `user` sees it on `record`, in the machine's order. */
export function viewMoves(machine: StatusMachine, record: Row, user: Actor | null | undefined, options: ViewOptions = {}): MoveView[] {
  const state = record[machine.field];
  return machine.moves.map((move) => {
    const label = text(move.label);
    const may = permissionOf(mayMove(move, user, record));
    // Not for this user whatever the record (not a reviewer, not an administrator), or not for this record at all.
    if (may.hidden || !applies(machine, record)) return { move, label, shown: false };
    if (!move.from.some((f) => f === state)) {
      if (options.unavailable !== 'disable') return { move, label, shown: false };
      const states = { from: stateLabel(machine, state), to: stateLabel(machine, move.to) };
      return { move, label, shown: true, reason: machine.refused ? fill(machine.refused, states) : i18next.t('resources:machine.notFrom', states) };
    }
    if (!may.allowed) return { move, label, shown: true, reason: may.reason };
    return { move, label, shown: true, reason: options.blockedReason };
  });
}

/** Why the record cannot be saved in its state (a pending item), in the interface language; undefined when it can. */
export function lockOf(def: Pick<ResourceDef, 'machines'>, record: Row | null | undefined): string | undefined {
  const machine = def.machines?.find((m) => isLocked(m, record));
  return machine?.locked ? text(machine.locked.message) : undefined;
}

/**
 * Make `move` on `record` through the machine's path (`PUT News/status/{website}/{id}` with the target state in the
 * body, or `PUT DoiNhom/isActive/{id}/{value}` with it in the path), with the reason and the record's stamp (a record
 * changed since it was read answers 409 and changes nothing); then the move's success notice. A failure was shown by
 * the API client and rejects.
 */
export async function makeMove(def: ResourceDef, machine: StatusMachine, move: Move, record: Row, websiteId: Id | null, reason?: string): Promise<string> {
  const target = machine.target ?? { body: 'status' };
  const params: Row = { id: idOf(def, record) };
  const body: Row = {};
  if ('param' in target) params[target.param] = move.to;
  else body[target.body] = move.to;
  if (reason !== undefined) body[machine.reason?.body ?? 'reason'] = reason;
  if (machine.stamp !== false && typeof record.concurrencyStamp === 'string' && record.concurrencyStamp) body.concurrencyStamp = record.concurrencyStamp;
  const answer = await createDataProvider(def, { websiteId }).custom({ path: machine.path, params, body });
  return move.done ? text(move.done) : (answer.message ?? i18next.t('resources:updated'));
}
