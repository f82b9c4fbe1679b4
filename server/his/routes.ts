// The spec's second API base (ARCHITECTURE.md: lookups under /his): the lists a service or a specialization points
// to, answered from records staff keep in this server (shared/resources/his.ts: departments and the hospital's
// service catalogue, each with its own screen), so the desktop profile's second URL has something real behind it.
//   GET /his/Category/get-all-service     → [{ serviceId, serviceName }]
//   GET /his/Category/get-all-department  → [{ departmentId, departmentName }]
// Active records only, in their order.
import type { FastifyPluginAsync } from 'fastify';
import { department, serviceCatalogue } from '../../shared/resources/his';
import { dynamic } from '../resources/index';

export const hisRoutes: FastifyPluginAsync = async (app) => {
  const active = (table: string) =>
    dynamic(app.db).selectFrom(table).select(['id', 'name']).where('isActive', '=', true).orderBy('order').orderBy('id').execute() as Promise<{ id: number; name: string }[]>;

  app.get('/Category/get-all-service', async () => (await active(serviceCatalogue.table)).map((r) => ({ serviceId: r.id, serviceName: r.name })));
  app.get('/Category/get-all-department', async () => (await active(department.table)).map((r) => ({ departmentId: r.id, departmentName: r.name })));
};
