import { defineResource, isActiveField, type FieldDef, l, consoleRoutes, recordsApi } from './define';


/**
 * Sick (disease) categories. Their per-language texts travel as `sickTranslations: [{ languageId, alphabet,
 * name, description, seoLink, content }]` beside a top-level seoLink: the engine serves them with the editorial
 * module's hooks (server/editorial/sicks.ts), which keep the translations in a table of their own.
 * `sickTranslationFields` are the per-language fields (validated with the shared rules after `rowsToMaps`,
 * shared/editorial.ts); the alphabet letter must be one of `alphabetOf(languageId)`.
 */
export const sickTranslationFields: FieldDef[] = [
  { name: 'alphabet', type: 'text', perLanguage: true, required: true, maxLength: 2, list: true, label: l('Chữ cái', 'Letter') },
  { name: 'name', type: 'text', perLanguage: true, maxLength: 500, list: true, label: l('Tên', 'Name') },
  { name: 'description', type: 'textarea', perLanguage: true, maxLength: 4000, list: true, label: l('Mô tả', 'Description') },
  { name: 'seoLink', type: 'text', perLanguage: true, required: true, maxLength: 500, list: true, label: l('Đường dẫn SEO', 'SEO link') },
  { name: 'content', type: 'richText', perLanguage: true, list: true, label: l('Nội dung', 'Content') },
];

export const sick = defineResource({
  name: 'sick',
  label: l('Danh mục bệnh', 'Sick category'),
  table: 'sicks',
  scope: 'website',
  api: recordsApi('Sicks/{website}', { list: { path: 'Sicks/{website}?languageId={lang}', defaultPageSize: 20, maxPageSize: 1000 }, getAll: 'Sicks/get-all/{website}/{lang}' }),
  fields: [
    { name: 'image', type: 'image', maxLength: 2000, list: true, label: l('Hình ảnh', 'Image') },
    { name: 'url', type: 'url', maxLength: 1000, list: true, label: l('Đường dẫn', 'URL') },
    { name: 'seoLink', type: 'text', maxLength: 500, label: l('Đường dẫn SEO', 'SEO link') },
    isActiveField(),
    { name: 'isPrioritize', type: 'boolean', default: false, label: l('Ưu tiên', 'Prioritised') },
  ],
  list: { pageSizes: [20, 25, 50, 100], defaultPageSize: 20 },
  routes: consoleRoutes('sick'),
  screen: { list: 'sick/SickListPage', edit: 'sick/SickEditPage', nav: { group: 'content', order: 30, icon: 'medicineBox' } },
  concurrency: true,
});
