import { defineResource, isActiveField, l as req, consoleRoutes, recordsApi } from './define';
import { ADMINS } from './access';

/** One website is the default, and one language of each website. */
const isDefault = { name: 'isDefault', type: 'boolean', default: false, list: true, label: req('Mặc định', 'Default') } as const;

/**
 * What a website's languages and its staff have in common: a list inside the website's form, edited in a small popup
 * and without stamps.
 */
const WEBSITE_LIST = {
  scope: 'global',
  parent: { resource: 'website', keyField: 'websiteId' },
  popup: { width: 600, height: 300 },
  concurrency: false,
} as const;

/** Websites: global (a website is the scope of everything else). Spec part 1, "Website list and detail". */
export const website = defineResource({
  name: 'website',
  label: { vi: 'Website', en: 'Website' },
  table: 'websites',
  scope: 'global',
  api: recordsApi('Websites', { getAll: 'Websites/get-all' }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: req('Tên website', 'Website name') },
    { name: 'phoneNumber', type: 'text', maxLength: 50, list: true, label: req('Số điện thoại', 'Phone number') },
    { name: 'address', type: 'text', perLanguage: true, maxLength: 500, list: true, label: req('Địa chỉ', 'Address') },
    { name: 'note', type: 'textarea', perLanguage: true, maxLength: 2000, label: req('Ghi chú', 'Note') },
    // What the delivery API's CORS answer allows (server/delivery): the website's own pages, one origin a line
    // (https://www.example.com), or any origin when empty.
    {
      name: 'contentOrigins', type: 'textarea', format: 'origins', maxLength: 2000,
      label: req('Tên miền được đọc nội dung', 'Origins allowed to read the content'),
    },
    isActiveField(),
    isDefault,
  ],
  children: [
    { resource: 'websiteLanguage', embedAs: 'websiteLanguages', label: req('Ngôn ngữ', 'Languages') },
    { resource: 'websiteUser', label: req('Nhân viên', 'Staff') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10 },
  routes: consoleRoutes('website', 'websiteId'),
  // Hand-tuned screens, for those who may change a website.
  screen: { list: 'website/WebsiteListPage', edit: 'website/WebsiteEditPage', access: 'update', nav: { group: 'website', order: 10, title: 'resources:website.listTitle' } },
  concurrency: true,
  // Staff read the websites they work on (the header's selector); administrators add, change and remove them.
  access: { create: ADMINS, update: ADMINS, delete: ADMINS },
});

/** A language of a website (natural key: languageId). */
export const websiteLanguage = defineResource({
  name: 'websiteLanguage',
  label: { vi: 'Ngôn ngữ website', en: 'Website language' },
  table: 'website_languages',
  ...WEBSITE_LIST,
  idField: 'languageId',
  api: {
    list: { path: 'Websites/{websiteId}/languages', paged: false },
    create: 'Websites/{websiteId}/languages',
    update: 'Websites/{websiteId}/languages/{languageId}',
    remove: 'Websites/{websiteId}/languages/{languageId}',
  },
  fields: [
    {
      name: 'languageId', type: 'reference', required: true, list: true, readOnlyOnUpdate: true,
      reference: { lookup: 'core:languages/all', valueField: 'languageId', labelField: 'name', valueType: 'string' },
      label: req('Ngôn ngữ', 'Language'),
    },
    { name: 'name', type: 'text', computed: true, list: false, form: false, label: req('Tên ngôn ngữ', 'Language name') },
    isActiveField(),
    isDefault,
  ],
  access: { create: ADMINS, update: ADMINS, delete: ADMINS },
});

/** A staff member attached to a website (natural key: userId; no update). */
export const websiteUser = defineResource({
  name: 'websiteUser',
  label: { vi: 'Nhân viên website', en: 'Website staff' },
  table: 'website_users',
  ...WEBSITE_LIST,
  idField: 'userId',
  api: {
    list: { path: 'Websites/user/get-all/{websiteId}', paged: false },
    create: 'Websites/user/{websiteId}/{userId}',
    // Their role on the website (issue 39: `{ roleId }`; shared/permissions.ts).
    update: 'PUT Websites/user/{websiteId}/{userId}',
    remove: 'Websites/user/{websiteId}/{userId}',
  },
  fields: [
    {
      name: 'userId', type: 'reference', required: true, list: false, readOnlyOnUpdate: true,
      reference: { lookup: 'core:useraccounts/get-all-employee', valueField: 'id', labelField: 'fullName' },
      label: req('Nhân viên', 'User'),
    },
    { name: 'fullName', type: 'text', computed: true, list: true, form: false, label: req('Họ tên', 'Full name') },
    { name: 'userName', type: 'text', computed: true, list: true, form: false, label: req('Tên đăng nhập', 'Username') },
    // Absent on a create: Staff. The console's staff table shows and changes it with the roles' screens (issue 39).
    { name: 'roleId', type: 'reference', form: false, reference: { lookup: 'api:Roles', valueField: 'id', labelField: 'name' }, label: req('Vai trò', 'Role') },
    { name: 'roleName', type: 'text', computed: true, list: false, form: false, label: req('Vai trò', 'Role') },
  ],
  access: { create: ADMINS, update: ADMINS, delete: ADMINS },
});
