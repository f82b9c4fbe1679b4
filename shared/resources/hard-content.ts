import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/** Hard contents: fixed-content blocks of a website, with their detail items. */
export const hardContent = defineResource({
  name: 'hardContent',
  label: l('Nội dung cố định', 'Hard content'),
  table: 'hard_contents',
  scope: 'website',
  api: recordsApi('HardContents/{website}', { list: { defaultPageSize: 10, maxPageSize: 10000 } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
    { name: 'code', type: 'text', maxLength: 100, list: true, search: true, label: l('Mã', 'Code') },
    { name: 'description', type: 'richText', perLanguage: true, sameInEveryLanguage: true, label: l('Mô tả', 'Description') },
    { name: 'image', type: 'image', altField: 'alt', list: true, label: l('Hình ảnh', 'Image') },
    { name: 'alt', type: 'text', perLanguage: true, maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
    isActiveField(),
  ],
  children: [{ resource: 'hardContentDetail', embedAs: 'hardContentDetails', label: l('Chi tiết', 'Items') }],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  // A tab of /info-website: no list of its own.
  routes: consoleRoutes('hardContent', 'hardContentId', ['add', 'edit']),
  afterSave: { path: '/info-website', state: { tab: 3 } },
  concurrency: true,
});

export const hardContentDetail = defineResource({
  name: 'hardContentDetail',
  label: l('Chi tiết nội dung', 'Hard content item'),
  table: 'hard_content_details',
  scope: 'website',
  parent: { resource: 'hardContent', keyField: 'hardContentId' },
  // The spec embeds the items in the hard content's GET; a list call of the same shape as the others
  // keeps the child grid generic.
  api: recordsApi('HardContents/detail/{website}/{hardContentId}', { list: { path: 'HardContents/detail/get-all/{website}/{hardContentId}', paged: false } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'image', type: 'image', required: true, altField: 'alt', list: true, label: l('Hình ảnh', 'Image') },
    { name: 'alt', type: 'text', perLanguage: true, maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
    isActiveField(),
  ],
  popup: { width: 800, height: 600 },
  concurrency: true,
});
