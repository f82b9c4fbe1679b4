/**
 * Expert questions and their answers (spec part 2, "Hỏi đáp chuyên gia"): the engine's routes with the Q&A module's
 * hooks (server/qa), the console's own screens (renderer/src/pages/qa), reviewed like news.
 *
 * Runtime-free: read by the server and the console.
 */
import { type ResourceDef, consoleRoutes, l, perLang, recordsApi } from './define';
import { EDITORIAL_MESSAGES, NEWS_STATUS_OPTIONS } from './news';
import { reviewMachine } from './review';

/**
 * Expert questions (spec part 2): the question as the visitor asked it, and the expert's answer with
 * per-language title, content and answer (JSON text like other resources), seoLink per language and a
 * required feature image.
 */
export const qaDef = {
  name: 'qaExpert',
  label: l('Hỏi đáp chuyên gia', 'Expert Q&A'),
  table: 'qa_questions',
  scope: 'website',
  api: recordsApi('QAExperts/{website}', { list: { defaultPageSize: 10 }, actions: { review: 'PUT QAExperts/status/{website}/{id}' } }),
  machines: [reviewMachine('PUT QAExperts/status/{website}/{id}', EDITORIAL_MESSAGES.qaPendingLocked)],
  fields: [
    { personal: 'identity', name: 'fullName', type: 'text', maxLength: 200, list: true, label: l('Họ tên', 'Full name') },
    { personal: 'contact', name: 'email', type: 'text', maxLength: 200, list: true, label: l('Email', 'Email') },
    { personal: 'contact', name: 'phoneNumber', type: 'text', maxLength: 50, list: true, label: l('Số điện thoại', 'Phone number') },
    { name: 'serviceName', type: 'text', maxLength: 500, label: l('Dịch vụ', 'Service') },
    { name: 'serviceId', type: 'reference', reference: { lookup: 'api:Services/get-all-qa/{website}?type=0', valueField: 'id', labelField: 'title' }, label: l('Dịch vụ', 'Service') },
    perLang('title', l('Tiêu đề', 'Title'), { required: true, maxLength: 500, list: true }),
    perLang('content', l('Nội dung', 'Content'), { type: 'textarea', maxLength: 8000 }),
    perLang('answer', l('Câu trả lời', 'Answer'), { type: 'richText', required: true }),
    perLang('seoLink', l('Đường dẫn SEO', 'SEO link'), { required: true, maxLength: 500 }),
    { name: 'image', type: 'image', maxLength: 2000, label: l('Ảnh đại diện', 'Feature image'), required: l('Ảnh đại diện là trường bắt buộc', 'Feature image is required') },
    { name: 'tags', type: 'text', maxLength: 1000, label: l('Thẻ', 'Tags') },
    { name: 'approvedStatus', type: 'enum', options: NEWS_STATUS_OPTIONS, computed: true, list: true, label: l('Trạng thái', 'Status') },
  ],
  // Not in the spec's route table: the list's add button opened /news/add; a question staff add has its own screen.
  routes: consoleRoutes('expert-question-and-answer', 'questionId'),
  screen: { list: 'qa/QaListPage', edit: 'qa/QaEditPage', nav: { group: 'services', order: 40, title: 'qa:title' } },
  concurrency: true,
} satisfies ResourceDef;
