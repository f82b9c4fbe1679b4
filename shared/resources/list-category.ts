import { defineResource, isActiveField, orderField, l, type Label } from './define';
import { ROUTES } from './routes';

/**
 * The "list categories" of a website (spec part 2: Category, Service group; calls `listCategorys/{website}/{type}`):
 * type 0 service groups (/group-service), 1 careers (/career), 2 levels (/level), 3 job types (/job-type). The same
 * fields and rules for all four, so one function makes the four definitions; each keeps its own table (a job's
 * industry, level and form point into different lists, never across them).
 *
 * Deleting one that records still use is refused with their number (server/services/resource.ts for service groups).
 */
function listCategory<const N extends 'serviceGroup' | 'career' | 'level' | 'jobType', const T extends string>(name: N, type: 0 | 1 | 2 | 3, table: T, label: Label) {
  return defineResource({
    name,
    label,
    table,
    scope: 'website',
    api: {
      list: { path: `listCategorys/{website}/${type}`, paged: true },
      getAll: `ListCategorys/get-all/{website}/${type}`,
      get: `listCategorys/{website}/${type}/{id}`,
      create: `listCategorys/{website}/${type}`,
      update: `listCategorys/{website}/${type}/{id}`,
      remove: `listCategorys/{website}/${type}/{id}`,
    },
    fields: [
      { name: 'name', type: 'text', perLanguage: true, required: true, maxLength: 250, list: true, search: true, label: l('Tên', 'Name') },
      { name: 'title', type: 'text', perLanguage: true, maxLength: 500, list: true, search: true, label: l('Tiêu đề', 'Title') },
      { name: 'description', type: 'textarea', perLanguage: true, maxLength: 4000, list: true, label: l('Mô tả', 'Description') },
      { name: 'content', type: 'richText', perLanguage: true, list: true, label: l('Nội dung', 'Content') },
      { name: 'seoLink', type: 'text', required: true, unique: true, maxLength: 500, list: true, search: true, label: l('Đường dẫn SEO', 'SEO link') },
      { name: 'thumbnail', type: 'image', altField: 'alt', maxLength: 2000, list: true, label: l('Ảnh đại diện', 'Thumbnail') },
      { name: 'alt', type: 'text', maxLength: 250, label: l('Mô tả ảnh', 'Alt text') },
      { name: 'value', type: 'text', maxLength: 250, label: l('Giá trị', 'Value') },
      orderField({ required: true }),
      isActiveField(),
    ],
    list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, searchPanel: true, orderBy: [{ field: 'order', direction: 'asc' }] },
    routes: ROUTES[name],
    concurrency: true,
  });
}

export const serviceGroup = listCategory('serviceGroup', 0, 'service_groups', l('Nhóm dịch vụ', 'Service group'));
export const career = listCategory('career', 1, 'careers', l('Ngành nghề', 'Career'));
export const level = listCategory('level', 2, 'levels', l('Cấp bậc', 'Level'));
export const jobType = listCategory('jobType', 3, 'job_types', l('Hình thức làm việc', 'Job type'));
