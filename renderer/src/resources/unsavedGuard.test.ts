import type { ModalFuncProps } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDialogInstance } from '../core/dialogs';
import { confirmLeaving } from './unsavedGuard';

describe('confirmLeaving', () => {
  afterEach(() => setDialogInstance(null));

  it('asks in the resources wording, leaving red, and runs what each answer does', () => {
    const shown: ModalFuncProps[] = [];
    setDialogInstance({ confirm: (props: ModalFuncProps) => void shown.push(props) } as unknown as HookAPI);
    const t = ((key: string) => `resources:${key}`) as unknown as TFunction<'resources'>;
    const leave = vi.fn();
    const stay = vi.fn();
    confirmLeaving(t, leave, stay);
    confirmLeaving(t, leave);
    expect(shown[0]).toMatchObject({
      title: 'resources:unsavedTitle',
      content: 'resources:unsavedText',
      okText: 'resources:leave',
      okButtonProps: { danger: true },
      cancelText: 'resources:stay',
    });
    shown[0].onOk!();
    shown[0].onCancel!();
    expect(leave).toHaveBeenCalledTimes(1);
    expect(stay).toHaveBeenCalledTimes(1);
    expect(shown[1].onCancel).toBeUndefined();
  });
});
