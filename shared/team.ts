// The referral team's answers on the wire (spec part 2 §7 "Team", "Customers"; docs/api.md "Referral team"): the
// server's routes build them (server/team) and the console reads them (renderer/src/pages/team), both typed here.

import { ADMINS } from './resources/access';
import { l, type EnumOption } from './resources/define';
import type { StatusMachine } from './resources/machine';
import type { RecordOf } from './resources/record';
import type { collaborator, referral } from './resources/team';

/**
 * A collaborator: the `collaborator` definition's record (shared/resources/record.ts), with the counts and the
 * commission earned (integer dong) the server computes for it.
 */
export type Member = RecordOf<typeof collaborator>;

export interface Unpaid {
  id: number;
  fullName: string;
  /** the visit day, YYYY-MM-DD */
  ngayDenKham: string;
  /** the commission, integer dong */
  point: number;
}

export interface Payment {
  id: number;
  kind: 'payment' | 'reversal';
  reversalOf: number | null;
  reversed: boolean;
  paymentType: 0 | 1 | null;
  paymentDay: string | null;
  month: number | null;
  year: number | null;
  url: string | null;
  reason: string | null;
  total: number;
  paidByName: string;
  createTime: string;
  referrals: { id: number; fullName: string; visitDate: string; amount: number }[];
}

/** A referred patient: the `referral` definition's record. */
export type Patient = RecordOf<typeof referral>;

// ---- The collaborator's status machines (shared/resources/machine.ts) -------------------------------------------

export const COLLABORATOR_STATUSES = [
  { value: 1, label: l('Chờ phê duyệt', 'Awaiting approval'), color: 'gold' },
  { value: 2, label: l('Đang hoạt động', 'Active'), color: 'green' },
  { value: 3, label: l('Từ chối', 'Rejected'), color: 'red' },
] satisfies EnumOption[];

/** Approve (2) or reject (3, with a reason) a pending collaborator: an administrator, whoever is first. */
export const COLLABORATOR_APPROVAL: StatusMachine = {
  field: 'approvedStatus',
  states: COLLABORATOR_STATUSES,
  nameField: 'fullName',
  path: 'PUT DoiNhom/status/{id}',
  target: { body: 'status' },
  action: 'status',
  reason: { body: 'declineReason', field: 'declineReason', label: l('Lý do', 'Reason') },
  moves: [
    { name: 'approve', from: [1], to: 2, label: l('Phê duyệt', 'Approve'), who: ADMINS, confirm: l('Phê duyệt cộng tác viên {name}?', 'Approve collaborator {name}?') },
    { name: 'reject', from: [1], to: 3, label: l('Từ chối', 'Reject'), who: ADMINS, reason: true, danger: true, prompt: l('Từ chối {name}', 'Reject {name}') },
  ],
  badTarget: l('Trạng thái phải là 2 (phê duyệt) hoặc 3 (từ chối)', 'Status must be 2 (approve) or 3 (reject)'),
  refused: l('Cộng tác viên đã được duyệt hoặc từ chối trước đó', 'The collaborator was already approved or rejected'),
  // The spec's client sends no stamp with a decision, and a stamp sent has never been compared.
  stamp: false,
};

/** Lock (false) or unlock (true) the account of an approved collaborator: an administrator. */
export const COLLABORATOR_ACTIVITY: StatusMachine = {
  field: 'isActive',
  states: [
    { value: true, label: l('Đang hoạt động', 'Active'), color: 'green' },
    { value: false, label: l('Đã khoá', 'Locked'), color: 'default' },
  ],
  nameField: 'fullName',
  path: 'PUT DoiNhom/isActive/{id}/{value}',
  target: { param: 'value' },
  action: 'isActive',
  when: { field: 'approvedStatus', in: [2] },
  moves: [
    { name: 'lock', from: [true], to: false, label: l('Khoá tài khoản', 'Lock account'), who: ADMINS, danger: true, confirm: l('Khoá tài khoản của {name}?', 'Lock the account of {name}?') },
    { name: 'unlock', from: [false], to: true, label: l('Mở tài khoản', 'Unlock account'), who: ADMINS, confirm: l('Mở tài khoản của {name}?', 'Unlock the account of {name}?') },
  ],
  refused: l('Chỉ khoá hoặc mở tài khoản của cộng tác viên đang hoạt động', 'Only an active collaborator can be locked or unlocked'),
  stamp: false,
  // Locking a locked account (unlocking an unlocked one) answers 200, as it always has: only a member who is not
  // active (pending, rejected) is refused.
  idempotent: true,
};
