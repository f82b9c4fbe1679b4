/**
 * The accounts of the people who use Sitedesk (issue 39; docs/api.md "Accounts"): administrators add them, change
 * them, deactivate them (never delete them: the history names them) and hand out password reset links. Global (an
 * account is no website's), administrators only, served by server/accounts with its hooks: the password (never
 * answered, never in the history) and `isAdmin` (the stored role) are the hooks' part of a write, the two-factor flag,
 * the last sign-in and the websites are read with the account.
 */
import { ADMINS } from './access';
import { consoleRoutes, defineResource, isActiveField, l, type Label } from './define';
import { MAX_USER_NAME } from '../input';

/** The password field's label (the create's body, a reset, a change: the policy's messages name it). */
export const PASSWORD_LABEL: Label = l('Mật khẩu', 'Password');

export const user = defineResource({
  name: 'user',
  label: l('Tài khoản', 'Account'),
  table: 'users',
  scope: 'global',
  // No delete: an account is only deactivated.
  api: {
    list: { path: 'Users', paged: true, defaultPageSize: 10 },
    get: 'Users/{id}',
    create: 'Users',
    update: 'Users/{id}',
    actions: {
      passwordReset: 'POST Users/{id}/password-reset',
      endSessions: 'DELETE Users/{id}/sessions',
    },
  },
  fields: [
    { name: 'userName', type: 'text', required: true, maxLength: MAX_USER_NAME, readOnlyOnUpdate: true, list: true, label: l('Tên đăng nhập', 'Username') },
    { personal: 'identity', name: 'fullName', type: 'text', required: true, maxLength: 250, list: true, label: l('Họ tên', 'Full name') },
    { personal: 'contact', name: 'email', type: 'text', format: 'email', maxLength: 256, list: true, label: l('Email', 'Email') },
    isActiveField(),
    // The stored role (`role === 'admin'`): the hooks read and write it.
    { name: 'isAdmin', type: 'boolean', computed: true, list: true, label: l('Quản trị viên', 'Administrator') },
    { name: 'twoFactor', type: 'boolean', computed: true, list: true, form: false, label: l('Xác thực hai lớp', 'Two-factor') },
    { name: 'lastSignInAt', type: 'datetime', serverSet: true, list: true, form: false, label: l('Đăng nhập gần nhất', 'Last sign-in') },
    { name: 'websites', type: 'text', computed: true, form: false, label: l('Website', 'Websites') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10 },
  routes: consoleRoutes('users', 'userId', ['list']),
  screen: { list: 'users/UserListPage', access: 'update', nav: { group: 'system', order: 5, title: 'users:title' } },
  concurrency: true,
  access: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS, actions: { passwordReset: ADMINS, endSessions: ADMINS } },
});
