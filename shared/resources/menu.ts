import { MENU_OBJECT_TYPE_OPTIONS, MENU_POSITION_OPTIONS } from '../editorial';
import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/** Menus of a website, each with a tree of items (edited in a 1000x850 popup once the menu has an id). */
export const menu = defineResource({
  name: 'menu',
  label: l('Menu', 'Menu'),
  table: 'menus',
  scope: 'website',
  api: recordsApi('Menus/{website}', { list: { defaultPageSize: 10 } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'position', type: 'enum', options: MENU_POSITION_OPTIONS, required: true, list: true, search: true, label: l('Vị trí', 'Position') },
    orderField(),
    isActiveField(),
  ],
  children: [{ resource: 'menuItem', embedAs: 'menuItems', label: l('Mục menu', 'Menu items') }],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('menu', 'menuId'),
  screen: { edit: 'menu/MenuEditPage', nav: { group: 'website', order: 30 } },
  afterSave: { path: '/menu' },
  concurrency: true,
});

/**
 * Menu items: a tree inside one menu (parentId among the same menu's items). Generic engine routes, plus the
 * rules in server/editorial/menus.ts: no cycles, the parent in the same menu, the seoLink taken from the
 * chosen category or news when none is sent, a re-order call for drag and drop.
 */
export const menuItem = defineResource({
  name: 'menuItem',
  label: l('Mục menu', 'Menu item'),
  table: 'menu_items',
  scope: 'website',
  parent: { resource: 'menu', keyField: 'menuId' },
  api: recordsApi('Menus/item/{website}/{menuId}', {
    list: { path: 'Menus/item/get-all/{website}/{menuId}', paged: false },
    /** Drag and drop: `[{ id, parentId, order }]`, one transaction, the whole tree checked. */
    actions: { reorder: 'PUT Menus/item/order/{website}/{menuId}' },
  }),
  fields: [
    {
      name: 'parentId',
      type: 'reference',
      reference: { lookup: 'api:Menus/item/get-all/{website}/{menuId}', valueField: 'id', labelField: 'name' },
      label: l('Mục cha', 'Parent item'),
    },
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'metaTitle', type: 'text', perLanguage: true, maxLength: 500, label: l('Tiêu đề meta', 'Meta title') },
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 4000, label: l('Mô tả meta', 'Meta description') },
    { name: 'metaKeyword', type: 'text', perLanguage: true, maxLength: 1000, label: l('Từ khoá meta', 'Meta keywords') },
    {
      name: 'objectType',
      type: 'enum',
      options: MENU_OBJECT_TYPE_OPTIONS,
      required: l('Loại đối tượng là trường bắt buộc', 'Object type is required'),
      list: true,
      label: l('Loại đối tượng', 'Object type'),
    },
    { name: 'objectId', type: 'number', min: 1, label: l('Đối tượng', 'Object') },
    { name: 'seoLink', type: 'text', maxLength: 500, list: true, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'url', type: 'url', maxLength: 1000, list: true, label: l('Đường dẫn', 'URL') },
    { name: 'icon', type: 'image', maxLength: 2000, label: l('Biểu tượng', 'Icon') },
    { name: 'images', type: 'image', altField: 'alt', maxLength: 2000, label: l('Hình ảnh', 'Image') },
    { name: 'alt', type: 'text', maxLength: 500, label: l('Mô tả ảnh', 'Alt text') },
    orderField(),
    isActiveField(),
  ],
  list: { treeParentField: 'parentId', orderBy: [{ field: 'order', direction: 'asc' }] },
  popup: { width: 1000, height: 850 },
  import: true,
  concurrency: true,
});
