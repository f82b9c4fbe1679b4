// The spec's second API base (docs/architecture.md: lookups under /his), answered by the engine from the lists staff keep
// here (shared/resources/his.ts: departments, the hospital's service catalogue), so the desktop profile's second URL
// has something real behind it. Their `getAll` calls answer the spec's shapes, active records in their order:
//   GET /his/Category/get-all-department  → [{ departmentId, departmentName }]
//   GET /his/Category/get-all-service     → [{ serviceId, serviceName }]
import { department, serviceCatalogue } from '../../shared/resources/his';
import { serve } from '../resources/index';

type Row = Record<string, unknown>;
const active = (rows: Row[]) => rows.filter((r) => r.isActive);

export const departmentResource = serve(department, {
  lookup: (rows) => active(rows).map((r) => ({ departmentId: r.id, departmentName: r.name })),
});

export const serviceCatalogueResource = serve(serviceCatalogue, {
  lookup: (rows) => active(rows).map((r) => ({ serviceId: r.id, serviceName: r.name })),
});
