// The second API base (/his): the hospital system's departments and service catalogue, kept here as resources of
// their own (/api/Departments, /api/ServiceCatalogue) and answered in the spec's lookup shapes.
import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness';

describeEachDatabase('hospital lookups (/his)', (ctx) => {
  it('answers the departments and services staff keep, active ones in their order, in the lookup shapes', async () => {
    const add = async (path: string, body: Record<string, unknown>) => {
      const res = await ctx.authed('POST', path, body);
      expect(res.status, res.text).toBe(200);
      return res.body.data as Record<string, unknown> & { id: number };
    };
    const heart = await add('/api/Departments', { name: 'Khoa Tim mạch', code: 'TIM', order: 2 });
    const general = await add('/api/Departments', { name: 'Khoa Nội', code: 'NOI', order: 1 });
    const closed = await add('/api/Departments', { name: 'Khoa đã đóng', code: 'DONG', order: 0, isActive: false });
    const echo = await add('/api/ServiceCatalogue', { name: 'Siêu âm tim', code: 'SAT', unitPrice: 450000, order: 0 });

    const departments = await ctx.authed('GET', '/his/Category/get-all-department');
    expect(departments.status, departments.text).toBe(200);
    expect(departments.body).toEqual([
      { departmentId: general.id, departmentName: 'Khoa Nội' },
      { departmentId: heart.id, departmentName: 'Khoa Tim mạch' },
    ]);
    expect(departments.body.map((d: { departmentId: number }) => d.departmentId)).not.toContain(closed.id);
    const services = await ctx.authed('GET', '/his/Category/get-all-service');
    expect(services.body).toEqual([{ serviceId: echo.id, serviceName: 'Siêu âm tim' }]);

    // Kept like any resource: codes unique, the spec's required message, changes seen at once.
    expect((await ctx.authed('POST', '/api/Departments', { name: 'Trùng mã', code: 'TIM' })).status).toBe(409);
    expect((await ctx.authed('POST', '/api/Departments', {})).body.Message).toBe('Tên khoa là trường bắt buộc');
    await ctx.authed('PUT', `/api/Departments/${heart.id}`, { ...heart, isActive: false });
    expect((await ctx.authed('GET', '/his/Category/get-all-department')).body).toEqual([{ departmentId: general.id, departmentName: 'Khoa Nội' }]);
  });

  it('needs a signed-in user', async () => {
    expect((await ctx.request('GET', '/his/Category/get-all-service')).status).toBe(401);
    expect((await ctx.request('GET', '/his/Category/get-all-department')).status).toBe(401);
  });
});
