/**
 * The roles a website's staff member may have there (issue 39, docs/api.md "Roles"; shared/permissions.ts): global,
 * administrators only. On the wire `{ id, name: { "vi-VN", "en-US" }, builtIn, grants, concurrencyStamp }`; the detail
 * also lists its members. The server's hooks (server/websites/roles.ts) read and check the name and the grants.
 */
import { ADMINS } from './access';
import { defineResource, l, recordsApi } from './define';

export const role = defineResource({
  name: 'role',
  label: l('Vai trò', 'Role'),
  table: 'roles',
  scope: 'global',
  api: recordsApi('Roles', { list: { paged: false } }),
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 100, list: true, label: l('Tên vai trò', 'Role name') },
    { name: 'builtIn', type: 'boolean', computed: true, list: true, form: false, label: l('Có sẵn', 'Built-in') },
    { name: 'grants', type: 'text', computed: true, form: false, label: l('Quyền', 'Permissions') },
  ],
  // Its console screen (/roles: the matrix) and its place in the navigation come with the console's part of issue 39.
  access: { list: ADMINS, read: ADMINS, create: ADMINS, update: ADMINS, delete: ADMINS },
});
