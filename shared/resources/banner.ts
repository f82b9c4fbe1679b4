import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/**
 * Banner kinds and places (spec part 2: "type and position (fixed lookups)"). The values are what the public
 * sites read; the type decides how the site draws the items, so it cannot change once the banner exists.
 */
export const BANNER_TYPES = [
  { value: 1, label: l('Ảnh tĩnh', 'Single image') },
  { value: 2, label: l('Trình chiếu', 'Slideshow') },
  { value: 3, label: l('Quảng cáo bật lên', 'Pop-up') },
];

export const BANNER_POSITIONS = [
  { value: 1, label: l('Trang chủ – đầu trang', 'Home page – top') },
  { value: 2, label: l('Trang chủ – giữa trang', 'Home page – middle') },
  { value: 3, label: l('Trang con – đầu trang', 'Inner pages – top') },
  { value: 4, label: l('Cột bên', 'Sidebar') },
  { value: 5, label: l('Chân trang', 'Footer') },
];

/** Banners (/banner, /banner/add, /banner/{bannerId}) with their items, edited in a popup below the form. */
export const banner = defineResource({
  name: 'banner',
  label: l('Banner', 'Banner'),
  table: 'banners',
  scope: 'website',
  // The spec's create names the website in the query.
  api: recordsApi('Banners/{website}', { list: { defaultPageSize: 20 }, spelled: { create: 'Banners?websiteId={website}' } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên banner', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'type', type: 'enum', options: BANNER_TYPES, required: true, readOnlyOnUpdate: true, list: true, search: true, label: l('Loại', 'Type') },
    { name: 'position', type: 'enum', options: BANNER_POSITIONS, required: true, list: true, search: true, label: l('Vị trí', 'Position') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
    isActiveField({ search: true }),
  ],
  children: [{ resource: 'bannerItem', embedAs: 'bannerItems', label: l('Danh sách ảnh', 'Items') }],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, searchPanel: true, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('banner', 'bannerId'),
  screen: { list: 'site-content/BannerListPage', nav: { group: 'content', order: 40, icon: 'picture' } },
  concurrency: true,
  // GET /content/{website}/{lang}/banners: active banners with their active items, in order.
  delivery: {
    path: 'banners',
    summary: 'Active banners with their active items, in order',
    fields: ['name', 'description', 'type', 'position', 'url', 'order'],
    filters: ['position', 'type'],
    children: [{ resource: 'bannerItem', as: 'items', fields: ['name', 'description', 'images', 'imagesMobile', 'alt', 'url', 'order'] }],
    by: 'id',
  },
});

export const bannerItem = defineResource({
  name: 'bannerItem',
  label: l('Ảnh banner', 'Banner item'),
  table: 'banner_items',
  scope: 'website',
  parent: { resource: 'banner', keyField: 'bannerId' },
  // The console's grid reads every item of the banner; `active` is what the public site shows (spec:
  // Banners/item/get-all/{websiteId}/{key}, the banner's id as the key): its active items in order.
  api: recordsApi('Banners/item/{website}/{bannerId}', { list: { paged: false }, actions: { active: 'Banners/item/get-all/{website}/{bannerId}' } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'images', type: 'image', required: true, altField: 'alt', list: true, label: l('Ảnh', 'Image') },
    { name: 'imagesMobile', type: 'image', required: true, list: true, label: l('Ảnh di động', 'Mobile image') },
    { name: 'alt', type: 'text', perLanguage: true, maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    { name: 'url', type: 'url', maxLength: 1000, label: l('Đường dẫn', 'URL') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [5, 10, 20, 50], defaultPageSize: 5, orderBy: [{ field: 'order', direction: 'asc' }] },
  popup: { width: 800, height: 600 },
  concurrency: true,
});
