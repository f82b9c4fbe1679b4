import { confirmDialog } from '../core/dialogs';
import { useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useBlocker, useLocation } from 'react-router-dom';
import { useUnsavedWork } from '../core/unsavedWork';

/**
 * Unsaved changes are not lost by leaving: in-app navigation asks first (react-router blocker), closing or
 * reloading the window gets the browser's own prompt. `isDirty` is read at the moment of leaving, so a
 * save that navigates right after clearing it is not stopped. The form is also listed in the app-wide
 * unsaved-work registry (e.g. an update waits for it), named `label` or else by its path.
 */
export function useUnsavedGuard(isDirty: () => boolean, label?: string): void {
  const { t } = useTranslation('resources');
  const { pathname } = useLocation();
  useUnsavedWork(label ?? pathname, isDirty);
  const read = useRef(isDirty);
  useEffect(() => {
    read.current = isDirty;
  });
  const blocker = useBlocker(({ currentLocation, nextLocation }) => read.current() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmLeaving(t, () => blocker.proceed(), () => blocker.reset());
  }, [blocker, t]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!read.current()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}

/**
 * Asks whether to leave unsaved changes (a page, a popup): "leave" (red) runs `onLeave`, "stay" runs `onStay`.
 * `t` is the `resources` namespace's.
 */
export function confirmLeaving(t: TFunction<'resources'>, onLeave: () => void, onStay?: () => void): void {
  confirmDialog({
    title: t('unsavedTitle'),
    content: t('unsavedText'),
    okText: t('leave'),
    okButtonProps: { danger: true },
    cancelText: t('stay'),
    onOk: onLeave,
    onCancel: onStay,
  });
}
