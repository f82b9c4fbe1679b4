import { useState, type ReactNode } from 'react';
import type { ResourceDef } from '../../../../shared/resources/define';
import type { Move, StatusMachine } from '../../../../shared/resources/machine';
import { requiredMessage } from '../../../../shared/resources/validate';
import { confirmDecision } from '../../core/dialogs';
import { notifySuccess } from '../../core/notices';
import { useWorkspace } from '../../core/workspace';
import { useSession } from '../../session';
import { idOf, type Row } from '../dataProvider';
import { currentUi } from '../labels';
import { usePermissions } from '../permissions';
import { fill, makeMove, REASON, recordName, viewMoves, type MoveView, type ViewOptions } from './moves';
import { ReasonDialog } from './ReasonDialog';

export interface MovesProps extends ViewOptions {
  def: ResourceDef;
  machine: StatusMachine;
  record: Row | null | undefined;
  /** After a move: load the record or the list again. */
  onMoved(): void | Promise<unknown>;
}

export interface Moves {
  /** The machine's moves as the signed-in user sees them on the record (those not `shown` are not drawn). */
  views: MoveView[];
  /** Make a move: ask for its reason, or ask to confirm it naming the record, then call the server and reload. */
  start(move: Move): void;
  /** The move being made (its button spins). */
  busy: string | null;
  /** The reason dialog: render it once beside the buttons or menu that call `start`. */
  dialog: ReactNode;
}

/**
 * One status machine on one record, for whatever draws its moves (buttons: ./StatusMoves.tsx; a context menu): the
 * moves from the declaration, who may make them (shared/resources/access.ts), the reason dialog, the confirmation,
 * the call and the notice.
 */
export function useMoves({ def, machine, record, onMoved, ...options }: MovesProps): Moves {
  const { user } = useSession();
  const { websiteId, language } = useWorkspace();
  const [asking, setAsking] = useState<Move | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // A move the user's role does not grant (shared/permissions.ts: actions by name) is not drawn.
  const role = usePermissions();
  const views = record ? viewMoves(machine, record, user, options).map((v) => (v.shown && !role.can(def, { action: v.move.name }).allowed ? { ...v, shown: false } : v)) : [];
  const name = record ? recordName(machine, record, language, idOf(def, record)) : '';

  async function run(move: Move, reason?: string) {
    const done = await makeMove(def, machine, move, record!, websiteId, reason);
    notifySuccess(done);
    await onMoved();
  }

  function start(move: Move) {
    if (!record) return;
    if (move.reason) return setAsking(move);
    void (async () => {
      // A move another person acts on, or hard to undo (publish, confirm a booking): asked first, naming the record.
      if (move.confirm && !(await confirmDecision({ title: fill(move.confirm, { name }), okText: move.label[currentUi()], danger: move.danger }))) return;
      setBusy(move.name);
      try {
        await run(move);
      } catch {
        // The API client showed the server's message (a 409 when someone decided first).
      } finally {
        setBusy(null);
      }
    })();
  }

  const ui = currentUi();
  const reasonLabel = machine.reason?.label ?? REASON;
  const dialog = asking ? (
    <ReasonDialog
      open
      words={{
        title: asking.prompt ? fill(asking.prompt, { name }) : asking.label[ui],
        label: reasonLabel[ui],
        send: (asking.send ?? asking.label)[ui],
        required: requiredMessage({ name: 'reason', type: 'textarea', label: reasonLabel }, ui),
      }}
      // A prompt that does not name the record has the name under it.
      subject={asking.prompt?.[ui].includes('{name}') ? undefined : name || undefined}
      onCancel={() => setAsking(null)}
      onSend={async (reason) => {
        await run(asking, reason);
        setAsking(null);
      }}
    />
  ) : null;

  return { views, start, busy, dialog };
}
