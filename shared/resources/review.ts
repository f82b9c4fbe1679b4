/**
 * The review workflow of news, expert Q&A and services as a status machine (./machine.ts): saving with "request
 * review" makes an item Pending (1), which locks it; a reviewer who did not submit it approves (2) or declines it
 * (3, with a reason). Every status it takes is kept in its history.
 *
 * Runtime-free: read by the server and the console.
 */
import { REVIEWERS } from './access';
import { l, type EnumOption, type Label, type PathTemplate } from './define';
import type { StatusMachine } from './machine';

export const REVIEW_STATUS = { draft: 0, pending: 1, approved: 2, declined: 3 } as const;

export const REVIEW_STATUS_OPTIONS: EnumOption[] = [
  { value: 0, label: l('Nháp', 'Draft'), color: 'default' },
  { value: 1, label: l('Chờ duyệt', 'Pending'), color: 'gold' },
  { value: 2, label: l('Đã duyệt', 'Approved'), color: 'green' },
  { value: 3, label: l('Từ chối', 'Declined'), color: 'red' },
];

/** A decision is an approval (2) or a decline (3): any other status is a bad request, not a refused move. */
export const REVIEW_BAD_STATUS: Label = l('Trạng thái phải là 2 (duyệt) hoặc 3 (từ chối)', 'Status must be 2 (approve) or 3 (decline)');

/** The review machine of a resource: its decision path ('PUT News/status/{website}/{id}') and its "pending, cannot be edited" words. */
export const reviewMachine = (path: PathTemplate, lockedMessage: Label): StatusMachine => ({
  field: 'approvedStatus',
  states: REVIEW_STATUS_OPTIONS,
  path,
  target: { body: 'status' },
  action: 'review',
  reason: { body: 'declineReason', field: 'declineReason', label: l('Lý do', 'Reason') },
  moves: [
    {
      name: 'approve',
      from: [REVIEW_STATUS.pending],
      to: REVIEW_STATUS.approved,
      label: l('Duyệt', 'Approve'),
      who: REVIEWERS,
      confirm: l('Duyệt “{name}”? Nội dung sẽ được đăng lên website.', 'Approve “{name}”? It will be published on the website.'),
      done: l('Duyệt thành công', 'Approved successfully'),
    },
    {
      name: 'decline',
      from: [REVIEW_STATUS.pending],
      to: REVIEW_STATUS.declined,
      label: l('Từ chối', 'Decline'),
      who: REVIEWERS,
      reason: true,
      danger: true,
      prompt: l('Nhập lý do từ chối', 'Enter the reason for declining'),
      send: l('Gửi', 'Send'),
      done: l('Từ chối thành công', 'Declined successfully'),
    },
  ],
  locked: { states: [REVIEW_STATUS.pending], message: lockedMessage },
  refused: l('Chỉ có thể duyệt hoặc từ chối khi đang ở trạng thái chờ duyệt', 'Only a pending item can be approved or declined'),
  badTarget: REVIEW_BAD_STATUS,
  history: true,
});
