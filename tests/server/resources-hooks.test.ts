// "A workflow screen is a definition plus hooks": a resource the server has never seen, with a nested child
// collection, a status action with its own body and rules, a lock on one state, list filters (status, a date range)
// and a child table written in the write's transaction, served by the engine with no routes of its own, on SQLite and
// PostgreSQL. The definition and its hooks below are what a part-2 module (bookings, the team) writes.
import { beforeAll, expect, it } from 'vitest';
import { defineResource, l, orderField } from '../../shared/resources/define';
import { httpError } from '../../server/errors';
import { ok } from '../../server/http/envelope';
import { bodyObject, dynamic, serve } from '../../server/resources/index';
import { crudApi } from './definition-helpers';
import { demoWebsites, describeEachDatabase } from './harness';

// ---- the resource: a visit with steps, confirmed or cancelled through a status action ----------------------------

const STATUS = { open: 0, confirmed: 1, cancelled: 2 } as const;

const visit = defineResource({
  name: 'demoVisit',
  label: l('Lượt khám', 'Visit'),
  table: 'demo_visits',
  scope: 'website',
  api: { ...crudApi('DemoVisits/{website}', true), actions: { status: 'PUT DemoVisits/status/{website}/{id}' } },
  fields: [
    { name: 'patient', type: 'text', required: true, list: true, search: true, label: l('Bệnh nhân', 'Patient') },
    { name: 'status', type: 'number', serverSet: true, default: 0, list: true, label: l('Trạng thái', 'Status') },
    { name: 'reason', type: 'text', serverSet: true, label: l('Lý do', 'Reason') },
  ],
  children: [{ resource: 'demoVisitStep', embedAs: 'steps' }],
  concurrency: true,
});

const step = defineResource({
  name: 'demoVisitStep',
  label: l('Bước', 'Step'),
  table: 'demo_visit_steps',
  scope: 'website',
  parent: { resource: 'demoVisit', keyField: 'visitId' },
  api: {
    list: { path: 'DemoVisits/step/{website}/{visitId}', paged: false },
    create: 'DemoVisits/step/{website}/{visitId}',
    remove: 'DemoVisits/step/{website}/{visitId}/{id}',
  },
  fields: [{ name: 'name', type: 'text', required: true, list: true, label: l('Bước', 'Step') }, orderField()],
  concurrency: true,
});

const visits = serve(visit, {
  filters: [
    { name: 'status', kind: 'int', min: 0, max: 2 },
    { name: 'from', kind: 'from', column: 'createdAt' },
    { name: 'to', kind: 'to', column: 'createdAt' },
  ],
  orderBy: [{ column: 'id', direction: 'desc' }],
  guard(current) {
    if (current.status === STATUS.cancelled) throw httpError(409, l('Lượt khám đã huỷ', 'The visit is cancelled'), { field: 'status' });
  },
  // A child row written in the same transaction as the visit.
  afterWrite: async (ctx, { id, current }) => {
    if (!current) await dynamic(ctx.db).insertInto('demo_visit_steps').values({ websiteId: ctx.scope.websiteId, visitId: id, name: 'Tiếp đón', order: 0, concurrencyStamp: 'first', createdAt: '', updatedAt: '' }).execute();
  },
  actions: [
    {
      path: visit.api.actions.status,
      async run({ ctx, engine, def, id, body }) {
        const { status, reason } = bodyObject(body);
        if (status !== STATUS.confirmed && status !== STATUS.cancelled) throw httpError(400, l('Trạng thái không hợp lệ', 'Invalid status'), { field: 'status' });
        if (status === STATUS.cancelled && (typeof reason !== 'string' || !reason.trim())) throw httpError(400, l('Lý do là trường bắt buộc', 'Reason is required'), { field: 'reason' });
        const result = await engine
          .scoped(def, dynamic(ctx.db).updateTable(def.table).set({ status, reason: reason ?? null, concurrencyStamp: String(Date.now()) + Math.random() }).where('id', '=', id!).where('status', '=', STATUS.open), ctx.scope)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw httpError(409, l('Chỉ lượt khám đang mở mới đổi được trạng thái', 'Only an open visit changes status'), { field: 'status' });
        return ok(ctx.request, l('Đã cập nhật', 'Updated'), await engine.readOrThrow(ctx.db, def, ctx.scope, id!));
      },
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------

describeEachDatabase(
  'a workflow resource from a definition and hooks',
  (ctx) => {
    let clinic = 0;
    let spa = 0;
    beforeAll(async () => {
      ({ clinic, spa } = await demoWebsites(ctx));
    });

    it('creates with its first step in the same write, embeds the steps, adds more under the visit', async () => {
      const created = await ctx.authed('POST', `/api/DemoVisits/${clinic}`, { patient: 'Nguyễn Văn 50% Phí' });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ patient: 'Nguyễn Văn 50% Phí', status: STATUS.open });
      const id = created.body.data.id;
      expect((await ctx.authed('POST', `/api/DemoVisits/step/${clinic}/${id}`, { name: 'Khám', order: 1 })).status).toBe(200);
      const got = await ctx.authed('GET', `/api/DemoVisits/${clinic}/${id}`);
      expect(got.body.data.steps.map((s: { name: string }) => s.name)).toEqual(['Tiếp đón', 'Khám']);
      // Nested paths are scoped: the visit through another website does not exist.
      expect((await ctx.authed('POST', `/api/DemoVisits/step/${spa}/${id}`, { name: 'x' })).status).toBe(404);
      expect((await ctx.authed('POST', `/api/DemoVisits/${clinic}`, { patient: '' })).status).toBe(400);
    });

    it('moves through the status action with its own rules, and locks a cancelled visit', async () => {
      const v = (await ctx.authed('POST', `/api/DemoVisits/${clinic}`, { patient: 'Trần Thị B' })).body.data;
      expect((await ctx.authed('PUT', `/api/DemoVisits/status/${clinic}/${v.id}`, { status: 7 })).status).toBe(400);
      const noReason = await ctx.authed('PUT', `/api/DemoVisits/status/${clinic}/${v.id}`, { status: STATUS.cancelled }, { headers: { 'accept-language': 'en-US' } });
      expect(noReason.status).toBe(400);
      expect(noReason.body.Message).toBe('Reason is required');
      const cancelled = await ctx.authed('PUT', `/api/DemoVisits/status/${clinic}/${v.id}`, { status: STATUS.cancelled, reason: 'Bận' });
      expect(cancelled.body.data).toMatchObject({ status: STATUS.cancelled, reason: 'Bận' });
      expect((await ctx.authed('PUT', `/api/DemoVisits/status/${clinic}/${v.id}`, { status: STATUS.confirmed })).status).toBe(409);
      // The guard: a cancelled visit cannot be edited (after the stamp check: a stale stamp is still a stale stamp).
      const edit = await ctx.authed('PUT', `/api/DemoVisits/${clinic}/${v.id}`, { patient: 'x', concurrencyStamp: cancelled.body.data.concurrencyStamp });
      expect(edit.status).toBe(409);
      expect(edit.body.field).toBe('status');
      expect((await ctx.authed('GET', `/api/DemoVisits/${clinic}/${v.id}`)).body.data.patient).toBe('Trần Thị B');
      // Another website's staff cannot act on it.
      const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      const mine = (await ctx.authed('POST', '/api/Websites', { name: JSON.stringify({ 'vi-VN': 'Riêng' }) })).body.data;
      expect((await ctx.request('PUT', `/api/DemoVisits/status/${mine.id}/${v.id}`, { token: lan, json: { status: 1 } })).status).toBe(403);
      await ctx.authed('DELETE', `/api/Websites/${mine.id}`);
    });

    it('filters by status and by a date range, searches 50% literally, and refuses bad filters', async () => {
      const list = (query: string) => ctx.authed('GET', `/api/DemoVisits/${clinic}?pageSize=100&${query}`);
      const open = (await list(`status=${STATUS.open}`)).body.data;
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((r: { status: number }) => r.status === STATUS.open)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      expect((await list(`from=${today}&to=${today}`)).body.totalRows).toBe((await list('')).body.totalRows);
      expect((await list('to=2000-01-01')).body.totalRows).toBe(0);
      expect((await list('keyword=50%25')).body.data.map((r: { patient: string }) => r.patient)).toEqual(['Nguyễn Văn 50% Phí']);
      expect((await list('keyword=5_%25')).body.totalRows).toBe(0);
      expect((await list('status=9')).status).toBe(400);
      expect((await list('from=yesterday')).status).toBe(400);
    });
  },
  { app: { resources: { defs: { demoVisitStep: step }, served: [visits] } } },
);
