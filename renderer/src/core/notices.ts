import type { MessageInstance } from 'antd/es/message/interface';
import { createElement, type ReactNode } from 'react';
import { i18next } from './i18n';

/**
 * Notices (spec section 8: 3 s, top). Non-React code (the API clients) shows them through these
 * functions; the antd message instance registers itself once its host is mounted (NoticeHost, part of
 * the signed-in layout so the sign-in route does not carry it), and anything shown before that is queued.
 */
export const NOTICE_SECONDS = 3;
let instance: MessageInstance | null = null;
const pending: Array<(api: MessageInstance) => void> = [];

export function setNoticeInstance(next: MessageInstance | null): void {
  instance = next;
  if (next) pending.splice(0).forEach((show) => show(next));
}

function show(run: (api: MessageInstance) => void) {
  if (instance) run(instance);
  else pending.push(run);
}

/**
 * An error notice. A server fault's notice also names its request id ("Mã yêu cầu: …"), so that a screenshot of it
 * finds the server's log line; it stays until closed by a click, time to copy the id.
 */
export function notifyError(text: string, requestId?: string): void {
  if (!requestId) return show((api) => void api.error(text, NOTICE_SECONDS));
  const content: ReactNode = createElement(
    'span',
    null,
    text,
    createElement('span', { 'data-testid': 'request-id', style: { marginLeft: 8, userSelect: 'all' } }, `(${i18next.t('requestId')}: ${requestId})`),
  );
  const key = `error-${requestId}`;
  show((api) => void api.open({ key, type: 'error', content, duration: 0, onClick: () => instance?.destroy(key) }));
}
export const notifySuccess = (text: string) => show((api) => void api.success(text, NOTICE_SECONDS));

/**
 * A success notice with one action in it ("Đã xoá …  [Hoàn tác]"): shown longer than a plain notice, so there is time
 * to reach the button; the action closes it.
 */
export const ACTION_NOTICE_SECONDS = 8;
let actionNotices = 0;
export function notifyWithAction(text: string, action: { label: string; run: () => void }): void {
  const key = `action-notice-${++actionNotices}`;
  const content: ReactNode = createElement(
    'span',
    { 'data-testid': 'action-notice' },
    text,
    ' ',
    createElement(
      'a',
      {
        role: 'button',
        tabIndex: 0,
        style: { marginLeft: 8, fontWeight: 600 },
        onClick: () => {
          instance?.destroy(key);
          action.run();
        },
      },
      action.label,
    ),
  );
  show((api) => void api.open({ key, type: 'success', content, duration: ACTION_NOTICE_SECONDS }));
}
