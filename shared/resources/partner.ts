import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/**
 * Partners (/partner, /partner/add, /partner/{partnerId}): a tree, a partner may sit under another. The name is per
 * language like the description (spec part 2, data model: "Partner: name, description (per-language)"); rows written
 * before it was are converted by migration 0013.
 */
export const partner = defineResource({
  name: 'partner',
  label: l('Đối tác', 'Partner'),
  table: 'partners',
  scope: 'website',
  api: recordsApi('Partners/{website}', { list: { defaultPageSize: 1000, maxPageSize: 1000 }, getAll: 'Partners/get-all/{website}' }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên đối tác', 'Name') },
    {
      name: 'parentId',
      type: 'reference',
      reference: { lookup: 'api:Partners/get-all/{website}', valueField: 'id', labelField: 'name' },
      label: l('Đối tác cha', 'Parent partner'),
    },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'thumbnail', type: 'image', altField: 'alt', list: true, label: l('Logo', 'Logo') },
    { name: 'bannerImagesMobile', type: 'image', label: l('Ảnh banner (di động)', 'Mobile banner image') },
    { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, list: true, label: l('Đường dẫn', 'URL') },
    orderField({ minMessage: l('Thứ tự phải đúng định dạng', 'Order must be in the right format') }),
    isActiveField(),
  ],
  list: { pageSizes: [10, 20, 50, 100], defaultPageSize: 20, treeParentField: 'parentId', orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('partner', 'partnerId'),
  import: true,
  screen: { nav: { group: 'content', order: 80 } },
  concurrency: true,
  delivery: {
    path: 'partners',
    summary: 'Active partners as a tree (children under each partner), in order',
    fields: ['name', 'description', 'thumbnail', 'bannerImagesMobile', 'alt', 'url', 'order'],
    tree: 'parentId',
    by: 'id',
  },
});
