import { defineResource, isActiveField, orderField, l, type Label, type NavPlace, consoleRoutes, recordsApi } from './define';

/**
 * The "list categories" of a website (spec part 2: Category, Service group; calls `listCategorys/{website}/{type}`):
 * type 0 service groups (/group-service), 1 careers (/career), 2 levels (/level), 3 job types (/job-type). The same
 * fields and rules for all four, so one function makes the four definitions; each keeps its own table (a job's
 * industry, level and form point into different lists, never across them).
 *
 * Deleting one that records still use is refused with their number (server/services/resource.ts for service groups).
 */
function listCategory<const N extends 'serviceGroup' | 'career' | 'level' | 'jobType', const T extends string>(name: N, type: 0 | 1 | 2 | 3, table: T, label: Label, segment: string, nav: NavPlace) {
  return defineResource({
    name,
    label,
    table,
    scope: 'website',
    api: recordsApi(`listCategorys/{website}/${type}`, { getAll: `ListCategorys/get-all/{website}/${type}` }),
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
    routes: consoleRoutes(segment),
    screen: { nav },
    concurrency: true,
  });
}

export const serviceGroup = listCategory('serviceGroup', 0, 'service_groups', l('Nhóm dịch vụ', 'Service group'), 'group-service', { group: 'services', order: 20 });
export const career = listCategory('career', 1, 'careers', l('Ngành nghề', 'Career'), 'career', { group: 'recruitment', order: 30 });
export const level = listCategory('level', 2, 'levels', l('Cấp bậc', 'Level'), 'level', { group: 'recruitment', order: 40 });
export const jobType = listCategory('jobType', 3, 'job_types', l('Hình thức làm việc', 'Job type'), 'job-type', { group: 'recruitment', order: 50 });
