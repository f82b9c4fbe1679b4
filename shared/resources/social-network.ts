import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/** Social networks of a website (Info-website tab, /socialNetwork/add|{id}). */
export const socialNetwork = defineResource({
  name: 'socialNetwork',
  label: l('Mạng xã hội', 'Social network'),
  table: 'social_networks',
  scope: 'website',
  api: recordsApi('SocialNetworks/{website}'),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'url', type: 'url', maxLength: 1000, list: true, label: l('Đường dẫn', 'URL') },
    { name: 'image', type: 'image', list: true, label: l('Hình ảnh', 'Image') },
    { name: 'icon', type: 'image', label: l('Biểu tượng', 'Icon') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  // A tab of /info-website: no list of its own.
  routes: consoleRoutes('socialNetwork', 'socialNetworkId', ['add', 'edit']),
  afterSave: { path: '/info-website', state: { tab: 3 } },
  concurrency: true,
});
