import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/**
 * News categories: a tree (parentId) per website. Generic engine routes, plus the rules in
 * server/editorial/categories.ts: a category cannot become its own ancestor, its parent is a category of the
 * same website, seoLink is unique per website, and a category with sub-categories cannot be deleted.
 */
export const newsCategory = defineResource({
  name: 'newsCategory',
  label: l('Danh mục tin tức', 'News category'),
  table: 'categories',
  scope: 'website',
  // The spec writes the list, the lookup and the delete `categorys`.
  api: recordsApi('Categorys/{website}', {
    list: { path: 'categorys/{website}', defaultPageSize: 1000, maxPageSize: 1000 },
    getAll: 'categorys/get-all/{website}',
    spelled: { remove: 'categorys/{website}/{id}' },
  }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 4000, label: l('Mô tả', 'Description') },
    { name: 'metaTitle', type: 'text', perLanguage: true, maxLength: 500, label: l('Tiêu đề meta', 'Meta title') },
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 4000, label: l('Mô tả meta', 'Meta description') },
    { name: 'seoLink', type: 'text', required: true, unique: true, maxLength: 500, list: true, search: true, label: l('Đường dẫn SEO', 'SEO link') },
    {
      name: 'parentId',
      type: 'reference',
      reference: { lookup: 'api:categorys/get-all/{website}', valueField: 'id', labelField: 'name' },
      label: l('Danh mục cha', 'Parent category'),
    },
    { name: 'bannerImages', type: 'image', altField: 'altImages', maxLength: 2000, label: l('Ảnh banner', 'Banner image') },
    { name: 'bannerImagesMobile', type: 'image', maxLength: 2000, label: l('Ảnh banner (di động)', 'Mobile banner image') },
    { name: 'altImages', type: 'text', maxLength: 500, label: l('Mô tả ảnh banner', 'Banner alt text') },
    { name: 'isHomePage', type: 'boolean', default: false, list: true, label: l('Trang chủ', 'Home page') },
    { name: 'isHot', type: 'boolean', default: false, list: true, label: l('Nổi bật', 'Hot') },
    orderField(),
    isActiveField(),
    { name: 'tags', type: 'tags', tagObjects: true, label: l('Thẻ', 'Tags') },
  ],
  list: { pageSizes: [10, 20, 50, 100], defaultPageSize: 20, treeParentField: 'parentId', orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('news/category', 'categoryId'),
  import: true,
  screen: { nav: { group: 'content', order: 20 } },
  concurrency: true,
  delivery: {
    path: 'categories',
    summary: 'Active news categories as a tree (children under each category), in order',
    fields: [
      'name', 'description', 'metaTitle', 'metaDescription', 'seoLink', 'bannerImages', 'bannerImagesMobile', 'altImages', 'isHomePage', 'isHot', 'order', 'tags',
    ],
    tree: 'parentId',
    by: 'seoLink',
  },
});
