import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/** Contact kinds (spec part 1, section 4: 0 Email, 1 Phone, 2 TIN, 3 KvK). */
export const CONTACT_TYPES = [
  { value: 0, label: l('Email', 'Email') },
  { value: 1, label: l('Điện thoại', 'Phone') },
  { value: 2, label: l('Mã số thuế (TIN)', 'TIN') },
  { value: 3, label: l('KvK', 'KvK') },
];

/** Branch contacts (Info-website tab, /branchContact/add|{id}) with their contact items and images. */
export const branchContact = defineResource({
  name: 'branchContact',
  label: l('Chi nhánh', 'Branch contact'),
  table: 'branch_contacts',
  scope: 'website',
  // getAll: the branches a booking is made for (its branch filter and field).
  api: recordsApi('BranchContacts/{website}', { getAll: 'BranchContacts/get-all/{website}' }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
    { name: 'address', type: 'text', perLanguage: true, maxLength: 500, list: true, label: l('Địa chỉ', 'Address') },
    { name: 'workTime', type: 'richText', perLanguage: true, sameInEveryLanguage: true, required: true, label: l('Thời gian làm việc', 'Work time') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'logo', type: 'image', list: true, label: l('Logo', 'Logo') },
    { name: 'link', type: 'url', maxLength: 1000, label: l('Liên kết', 'Link') },
    { name: 'website', type: 'url', required: true, maxLength: 500, list: true, label: l('Website', 'Website') },
    { name: 'googleMap', type: 'textarea', label: l('Google Map', 'Google Map') },
    orderField(),
    isActiveField(),
    { name: 'isDefault', type: 'boolean', default: false, list: true, label: l('Mặc định', 'Default') },
    { name: 'isOffice', type: 'boolean', default: false, list: true, label: l('Văn phòng', 'Office') },
  ],
  children: [
    { resource: 'branchContactItem', label: l('Liên hệ', 'Items') },
    { resource: 'branchContactImage', label: l('Hình ảnh', 'Images') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  // A tab of /info-website: no list of its own.
  routes: consoleRoutes('branchContact', 'branchContactId', ['add', 'edit']),
  afterSave: { path: '/info-website', state: { tab: 3 } },
  concurrency: true,
});

export const branchContactItem = defineResource({
  name: 'branchContactItem',
  label: l('Thông tin liên hệ', 'Contact item'),
  table: 'branch_contact_items',
  scope: 'website',
  parent: { resource: 'branchContact', keyField: 'branchContactId' },
  api: recordsApi('BranchContacts/detail/{website}/{branchContactId}', { list: { path: 'BranchContacts/detail/get-all/{website}/{branchContactId}', paged: false } }),
  fields: [
    { name: 'contactType', type: 'enum', options: CONTACT_TYPES, required: true, list: true, label: l('Loại liên hệ', 'Contact type') },
    { name: 'contactValue', type: 'text', required: true, maxLength: 500, list: true, label: l('Giá trị', 'Value') },
  ],
  popup: { width: 600, height: 300 },
  concurrency: true,
});

export const branchContactImage = defineResource({
  name: 'branchContactImage',
  label: l('Hình ảnh chi nhánh', 'Branch image'),
  table: 'branch_contact_images',
  scope: 'website',
  parent: { resource: 'branchContact', keyField: 'branchContactId' },
  // The delete of an image is "not shown" in the spec; a list with no way to remove a wrong image is not usable.
  api: recordsApi('BranchContacts/image/{website}/{branchContactId}', { list: { path: 'BranchContacts/image/get-all/{website}/{branchContactId}', paged: false } }),
  fields: [
    { name: 'images', type: 'image', required: true, altField: 'alt', list: true, label: l('Hình ảnh', 'Image') },
    { name: 'alt', type: 'text', maxLength: 250, list: true, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
  ],
  popup: { width: 800, height: 300 },
  concurrency: true,
});
