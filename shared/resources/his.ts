import { defineResource, isActiveField, orderField, l, consoleRoutes, recordsApi } from './define';

/**
 * The hospital system's lists (the spec's second API base, served here under /his): the departments a
 * specialization points to, and the external service catalogue a service points to. Small lists of their own that
 * staff keep here under /api; their `getAll` is the spec's lookup under /his (server/his/resource.ts shapes it);
 * not per website, not per language.
 */
export const department = defineResource({
  name: 'department',
  label: l('Khoa phòng', 'Department'),
  table: 'his_departments',
  scope: 'global',
  api: recordsApi('Departments', { getAll: 'his:Category/get-all-department' }),
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 250, list: true, search: true, label: l('Tên khoa', 'Name') },
    { name: 'code', type: 'text', unique: true, maxLength: 50, list: true, search: true, label: l('Mã', 'Code') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('department'),
  screen: { nav: { group: 'services', order: 50 } },
  concurrency: true,
});

export const serviceCatalogue = defineResource({
  name: 'serviceCatalogue',
  label: l('Danh mục dịch vụ bệnh viện', 'Hospital service catalogue'),
  table: 'his_services',
  scope: 'global',
  api: recordsApi('ServiceCatalogue', { getAll: 'his:Category/get-all-service' }),
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 250, list: true, search: true, label: l('Tên dịch vụ', 'Name') },
    { name: 'code', type: 'text', unique: true, maxLength: 50, list: true, search: true, label: l('Mã', 'Code') },
    { name: 'unitPrice', type: 'number', money: true, min: 0, list: true, label: l('Đơn giá', 'Unit price') },
    orderField(),
    isActiveField(),
  ],
  list: { pageSizes: [10, 25, 50, 100], defaultPageSize: 10, orderBy: [{ field: 'order', direction: 'asc' }] },
  routes: consoleRoutes('service-catalogue'),
  screen: { nav: { group: 'services', order: 60 } },
  concurrency: true,
});
