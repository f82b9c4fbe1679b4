import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import i18next from 'i18next';

/**
 * Confirm dialogs that follow the theme. antd's static `Modal.confirm` renders outside the ConfigProvider (white
 * in a dark theme); the hook-based instance registers itself here once its host is mounted (NoticeHost, in the
 * signed-in layout), and code anywhere calls {@link confirmDialog}.
 */
let instance: HookAPI | null = null;

export function setDialogInstance(next: HookAPI | null): void {
  instance = next;
}

export function confirmDialog(props: ModalFuncProps): void {
  // Before the shell is mounted there is nothing to confirm about; a plain confirm is not shown unthemed.
  instance?.confirm(props);
}

export interface Decision {
  /** The question, naming the record: "Khoá tài khoản của Nguyễn Văn A?". */
  title: string;
  /** What follows from it, when the title alone does not say. */
  content?: ModalFuncProps['content'];
  /** The button that decides, named as the action ("Khoá tài khoản"), never a bare OK. */
  okText: string;
  /** Default: "Không, giữ nguyên" / "No, keep it" (a bare "Huỷ" could read as cancelling the record). */
  cancelText?: string;
  /** Hard to undo, or against someone (lock, cancel): the button is red. */
  danger?: boolean;
}

/**
 * Asks before a decision another person will act on, or that is hard to undo (approve a collaborator, lock an
 * account, confirm a booking, publish an item): resolves true when the user confirms, false when they cancel or
 * close the dialog. Every such button of the console goes through here, so they all ask the same way.
 */
export function confirmDecision({ title, content, okText, cancelText, danger }: Decision): Promise<boolean> {
  return new Promise((resolve) => {
    // Nothing mounted to ask with (before the shell): no decision is taken unasked.
    if (!instance) return resolve(false);
    instance.confirm({
      title,
      content,
      okText,
      cancelText: cancelText ?? i18next.t('decision.keep', { ns: 'common' }),
      okButtonProps: { danger, 'data-testid': 'decision-ok' } as ModalFuncProps['okButtonProps'],
      cancelButtonProps: { 'data-testid': 'decision-cancel' } as ModalFuncProps['cancelButtonProps'],
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
