import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

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
