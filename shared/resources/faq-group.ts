import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';


/**
 * FAQ groups (spec part 2: entities, validation, calls; routes /faq-group, /faq-group/add,
 * /faq-group/{faqGroupId}). A plain resource: this file and one registry line are all it takes; the server's
 * routes, storage and validation, the console's routes, list, form and place in the navigation come from the
 * engine.
 */
export const faqGroup = defineResource({
  name: 'faqGroup',
  label: l('Nhóm câu hỏi', 'FAQ group'),
  table: 'faq_groups',
  scope: 'website',
  // The spec writes the list and the delete `FaqGroups`.
  api: recordsApi('FAQGroups/{website}', { list: { path: 'FaqGroups/{website}' }, getAll: 'FAQGroups/get-all/{website}', spelled: { remove: 'FaqGroups/{website}/{id}' } }),
  fields: [
    { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên nhóm', 'Name') },
    { name: 'description', type: 'textarea', perLanguage: true, maxLength: 2000, label: l('Mô tả', 'Description') },
    { name: 'code', type: 'text', maxLength: 100, list: true, search: true, label: l('Mã', 'Code') },
    { name: 'seoLink', type: 'text', maxLength: 500, list: true, label: l('Đường dẫn SEO', 'SEO link') },
    { name: 'metaTitle', type: 'text', perLanguage: true, maxLength: 250, label: l('Tiêu đề meta', 'Meta title') },
    { name: 'metaDescription', type: 'textarea', perLanguage: true, maxLength: 1000, label: l('Mô tả meta', 'Meta description') },
    { name: 'metaKeyword', type: 'text', perLanguage: true, maxLength: 500, label: l('Từ khoá meta', 'Meta keywords') },
    { name: 'thumbnail', type: 'image', altField: 'alt', list: true, label: l('Ảnh đại diện', 'Thumbnail') },
    { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    orderField({ minMessage: l('Thứ tự phải đúng định dạng', 'order must be in right format') }),
    isActiveField(),
    { name: 'isCustomer', type: 'boolean', default: false, list: true, search: true, label: l('Dùng cho ứng dụng khách hàng', 'For the customer app') },
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, searchPanel: true, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('faq-group', 'faqGroupId'),
  screen: { nav: { group: 'content', order: 60 } },
  concurrency: true,
  delivery: {
    path: 'faq-groups',
    summary: 'Active FAQ groups in order, each with its active FAQs',
    fields: ['name', 'description', 'code', 'seoLink', 'metaTitle', 'metaDescription', 'metaKeyword', 'thumbnail', 'alt', 'order', 'isCustomer'],
    filters: ['code', 'isCustomer'],
    children: [{ resource: 'faq', as: 'faqs', on: { faqGroupId: 'id' } }],
    by: 'seoLink',
  },
});
