import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/**
 * FAQs (/faq, /faq/add, /faq/{faqId}): a question and its answer in every language, in a FAQ group of the same
 * website. The list also answers the group's name (`faqGroupName`, per language), which it shows.
 */
export const faq = defineResource({
  name: 'faq',
  label: l('Câu hỏi thường gặp', 'FAQ'),
  table: 'faqs',
  scope: 'website',
  // The spec writes the list and the delete `Faqs`.
  api: recordsApi('FAQs/{website}', { list: { path: 'Faqs/{website}', defaultPageSize: 20 }, spelled: { remove: 'Faqs/{website}/{id}' } }),
  fields: [
    { name: 'question', type: 'text', perLanguage: true, required: true, maxLength: 500, list: true, search: true, label: l('Câu hỏi', 'Question') },
    {
      name: 'faqGroupId',
      type: 'reference',
      required: true,
      search: true,
      bulkSet: true,
      reference: { lookup: 'api:FAQGroups/get-all/{website}', valueField: 'id', labelField: 'name' },
      label: l('Nhóm câu hỏi', 'FAQ group'),
    },
    { name: 'faqGroupName', type: 'text', perLanguage: true, computed: true, form: false, list: true, label: l('Nhóm câu hỏi', 'FAQ group') },
    { name: 'answer', type: 'richText', perLanguage: true, required: true, label: l('Câu trả lời', 'Answer') },
    { name: 'photo', type: 'image', altField: 'alt', list: true, label: l('Ảnh', 'Photo') },
    { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
    orderField({ minMessage: l('Thứ tự phải đúng định dạng', 'order must be in right format') }),
    isActiveField({ search: true }),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, searchPanel: true, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('faq', 'faqId'),
  import: true,
  screen: { nav: { group: 'content', order: 70, icon: 'questionCircle' } },
  backToPrevious: true,
  concurrency: true,
  delivery: {
    path: 'faqs',
    summary: 'Active FAQs in order; ?faqGroupId= a group\'s',
    fields: ['question', 'answer', 'faqGroupId', 'photo', 'alt', 'order'],
    filters: ['faqGroupId'],
  },
});
