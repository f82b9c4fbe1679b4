/**
 * The referral team on the engine (spec part 2 §2 Team, Customer; §7 "Team", "Customers"; docs/api.md "Referral
 * team"): collaborators and the patients they refer. Both belong to the organisation, not to a website (the spec's
 * calls carry no website): every signed-in user is a member and may read; the decisions are an administrator's
 * (their machines' moves and `access.actions`). The tables come from a migration (server/db/migrations/0009_team.ts);
 * the wire names the spec gives (`createTime`, `totalPatient`, `userFullName`, `paid` …) are computed by the server's
 * hooks (server/team/wire.ts). The payment ledger is not a resource: it is append-only and hand-written
 * (server/team/ledger.ts).
 */
import { ADMINS } from './access';
import { defineResource, l, type EnumOption, consoleRoutes } from './define';
import { COLLABORATOR_ACTIVITY, COLLABORATOR_APPROVAL, COLLABORATOR_STATUSES } from '../team';

/** A referred patient's status: 1 (completed) only the clinic's integration records. */
export const PATIENT_STATUSES = [
  { value: 0, label: l('Tiếp nhận', 'Received'), color: 'blue' },
  { value: 1, label: l('Hoàn thành', 'Completed'), color: 'green' },
  { value: 2, label: l('Không liên lạc', 'Unreachable'), color: 'default' },
  { value: 3, label: l('Huỷ khám', 'Cancelled'), color: 'red' },
  { value: 4, label: l('Đặt lịch hẹn khám', 'Appointment booked'), color: 'purple' },
] satisfies EnumOption[];

/** Spec §9's page sizes; newest registration first (the migration's indexes serve it). */
const list = () => ({ pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'createdAt', direction: 'desc' as const }, { field: 'id', direction: 'desc' as const }] });

/** /team: collaborators registered through the public intake, approved or rejected, locked, paid (the ledger). */
export const collaborator = defineResource({
  name: 'collaborator',
  label: l('Đội nhóm', 'Team'),
  table: 'collaborators',
  scope: 'organisation',
  api: {
    list: { path: 'DoiNhom', paged: true, defaultPageSize: 10, maxPageSize: 1000 },
    get: 'DoiNhom/detail/{id}',
    actions: { export: 'DoiNhom/export', status: COLLABORATOR_APPROVAL.path, isActive: COLLABORATOR_ACTIVITY.path },
  },
  // Reading is every member's; deciding, paying and reversing (the ledger, server/team/routes.ts) and the clinic's
  // integration keys (server/team/integration.ts) are an administrator's.
  access: { actions: { status: ADMINS, isActive: ADMINS, pay: ADMINS, reverse: ADMINS, integrationKeys: ADMINS } },
  machines: [COLLABORATOR_APPROVAL, COLLABORATOR_ACTIVITY],
  fields: [
    { personal: 'identity', name: 'fullName', type: 'text', required: true, maxLength: 250, list: true, label: l('Họ tên', 'Full name') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', format: 'phone', required: true, maxLength: 20, list: true, label: l('Số điện thoại', 'Phone number') },
    { personal: 'identity', name: 'birthday', type: 'date', list: true, label: l('Ngày sinh', 'Birthday') },
    { personal: 'financial', name: 'bankName', type: 'text', maxLength: 250, label: l('Ngân hàng', 'Bank') },
    { personal: 'financial', name: 'bankingNumber', type: 'text', maxLength: 50, label: l('Số tài khoản', 'Account number') },
    { personal: 'financial', name: 'bankAccountName', type: 'text', maxLength: 250, label: l('Chủ tài khoản', 'Account holder') },
    { name: 'objectName', type: 'text', maxLength: 250, list: true, label: l('Đối tượng', 'Occupation') },
    { name: 'declineReason', type: 'text', maxLength: 1000, serverSet: true, label: l('Lý do', 'Reason') },
    { name: 'isActive', type: 'boolean', default: true, serverSet: true, label: l('Đang hoạt động', 'Active') },
    { name: 'referralCode', type: 'text', serverSet: true, label: l('Mã giới thiệu', 'Referral code') },
    { name: 'createTime', type: 'datetime', computed: true, form: false, list: true, label: l('Ngày đăng ký', 'Registered') },
    { name: 'approvedStatus', type: 'enum', options: COLLABORATOR_STATUSES, default: 1, serverSet: true, list: true, label: l('Trạng thái', 'Status') },
    { name: 'totalPatient', type: 'number', computed: true, form: false, label: l('Đã giới thiệu', 'Referred') },
    { name: 'totalPatientSuccess', type: 'number', computed: true, form: false, label: l('Giới thiệu thành công', 'Completed referrals') },
    { name: 'totalPoint', type: 'number', money: true, computed: true, form: false, label: l('Tổng hoa hồng', 'Commission earned') },
  ],
  list: { ...list(), totalAsPageSize: true },
  // One screen: the list, each member opening below its row (a link's member, `?id=`, over it).
  routes: consoleRoutes('team', 'id', ['list']),
  screen: { list: 'team/TeamPage', nav: { group: 'customers', order: 20, title: 'team:title' } },
  concurrency: true,
});

/** /customer: the patients collaborators referred; staff call them, book them, note what happened. */
export const referral = defineResource({
  name: 'referral',
  label: l('Khách hàng', 'Customers'),
  table: 'referrals',
  scope: 'organisation',
  api: {
    list: { path: 'DoiNhom/ttbn-search', paged: true, defaultPageSize: 10, maxPageSize: 1000 },
    get: 'DoiNhom/ttbn-detail/{id}',
    // An action, not the engine's update: it keeps today's order of answers (validation, then 404, then the
    // completed visit's rule, then the stamp) and its 409's words (server/team/resource.ts).
    actions: { update: 'PUT DoiNhom/ttbn-update/{id}' },
  },
  fields: [
    { personal: 'identity', name: 'fullName', type: 'text', required: l('Tên là trường bắt buộc', 'Name is required'), maxLength: 250, list: true, label: l('Tên bệnh nhân', 'Patient name') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', format: 'phone', required: l('Số điện thoại là trường bắt buộc', 'Phone number is required'), maxLength: 30, list: true, label: l('Số điện thoại', 'Phone number') },
    { name: 'userFullName', type: 'text', computed: true, form: false, list: true, label: l('Cộng tác viên', 'Collaborator') },
    { name: 'status', type: 'enum', options: PATIENT_STATUSES, default: 0, list: true, label: l('Trạng thái', 'Status') },
    { name: 'appointmentDate', type: 'datetime', label: l('Ngày hẹn khám', 'Appointment date') },
    { personal: 'health', name: 'description', type: 'textarea', maxLength: 4000, label: l('Ghi chú', 'Notes') },
    { name: 'visitDate', type: 'date', serverSet: true, label: l('Ngày khám', 'Visit day') },
    { name: 'amount', type: 'number', money: true, serverSet: true, label: l('Hoa hồng', 'Commission') },
    { name: 'paid', type: 'boolean', computed: true, form: false, label: l('Đã thanh toán', 'Paid') },
    { name: 'createTime', type: 'datetime', computed: true, form: false, list: true, label: l('Ngày đăng ký', 'Registered') },
  ],
  list: list(),
  // One screen: the list, each patient opening in a popup (a link's patient, `?id=`, at once).
  routes: consoleRoutes('customer', 'id', ['list']),
  screen: { list: 'team/CustomerPage', nav: { group: 'customers', order: 30, icon: 'idcard', title: 'team:customers' } },
  concurrency: true,
});
