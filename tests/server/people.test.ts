// Jobs, applications and bookings (spec part 2): jobs pointing into the website's career, level and job-type lists,
// applications and bookings arriving through the public intake, bookings moved through their statuses once.
import { beforeAll, describe, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase(
  'people',
  (ctx) => {
    let clinic = 0;
    let spa = 0;
    let made = 0;
    /** An entry of a website's career (1), level (2) or job-type (3) list. */
    const category = async (site: number, type: number) =>
      (await ctx.authed('POST', `/api/listCategorys/${site}/${type}`, { name: tr(`Mục ${++made}`), seoLink: `muc-${Date.now()}-${made}`, order: 0, isActive: true })).body.data.id as number;
    const branchOf = async (site: number) =>
      (await ctx.authed('POST', `/api/BranchContacts/${site}`, { name: tr(`Cơ sở ${++made}`), workTime: tr('<p>8h–17h</p>'), website: 'https://example.vn', order: 0, isActive: true })).body.data.id as number;
    beforeAll(async () => {
      ({ clinic, spa } = await demoWebsites(ctx));
    });

    describe('jobs', () => {
      it('point into the site’s own career, level and job-type lists; a list entry in use is not deleted', async () => {
        const [industryId, levelId, formId] = [await category(clinic, 1), await category(clinic, 2), await category(clinic, 3)];
        const bad = await ctx.authed('POST', `/api/Jobs/${clinic}`, { name: tr(''), quantity: -1 }, EN);
        expect(bad.status).toBe(400);
        expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['name', 'seoLink', 'salaryRange', 'quantity']));
        const body = { name: tr('Điều dưỡng', 'Nurse'), seoLink: `dieu-duong-${Date.now()}`, salaryRange: '10–15 triệu', quantity: 2, industryId, levelId, formId, order: 0, isActive: true };
        const created = await ctx.authed('POST', `/api/Jobs/${clinic}`, body);
        expect(created.status, created.text).toBe(200);
        const id = created.body.data.id;
        // Another website's list entry is refused.
        const spaLevel = await category(spa, 2);
        expect((await ctx.authed('POST', `/api/Jobs/${clinic}`, { ...body, seoLink: `x-${Date.now()}`, levelId: spaLevel })).status).toBe(400);
        // Its own parent: refused.
        const job = (await ctx.authed('GET', `/api/Jobs/${clinic}/${id}`)).body.data;
        expect((await ctx.authed('PUT', `/api/Jobs/${clinic}/${id}`, { ...job, parentId: id })).status).toBe(400);
        // The level it uses cannot go.
        expect((await ctx.authed('DELETE', `/api/listCategorys/${clinic}/2/${levelId}`)).status).toBe(409);
        const all = (await ctx.authed('GET', `/api/Jobs/get-all/${clinic}`)).body as { id: number }[] | { data: { id: number }[] };
        expect((Array.isArray(all) ? all : all.data).map((j) => j.id)).toContain(id);
        expect((await ctx.authed('GET', `/api/Jobs/${spa}/${id}`)).status).toBe(404);
      });
    });

    describe('applications', () => {
      it('arrive through the public intake for jobs of the site, unread, with the jobs’ names; opening marks them read', async () => {
        const jobId = (await ctx.authed('POST', `/api/Jobs/${clinic}`, { name: tr('Kỹ thuật viên', 'Technician'), seoLink: `ktv-${Date.now()}`, salaryRange: 'Thoả thuận', quantity: 1, order: 0, isActive: true })).body.data.id;
        const spaJob = (await ctx.authed('POST', `/api/Jobs/${spa}`, { name: tr('Lễ tân'), seoLink: `le-tan-${Date.now()}`, salaryRange: '8 triệu', quantity: 1, order: 0, isActive: true })).body.data.id;
        const post = (data: unknown) => ctx.request('POST', `/public/${clinic}/applications`, { json: data, ...EN });
        const refused = await post({ fullName: '', phoneNumber: 'x' });
        expect(refused.body.errors.map((e: { field: string }) => e.field)).toEqual(['fullName', 'phoneNumber']);
        expect((await post({ fullName: 'Ứng Viên', phoneNumber: '0909123456', jobIds: [spaJob] })).status).toBe(400);
        const sent = await post({ fullName: 'Ứng Viên Một', phoneNumber: '0909123456', email: 'uv@example.com', jobIds: [jobId], isView: true });
        expect(sent.status, sent.text).toBe(201);
        const list = (await ctx.authed('GET', `/api/Recruitments/${clinic}?keyword=${encodeURIComponent('Ứng Viên Một')}`)).body.data;
        expect(list[0]).toMatchObject({ isView: false, jobs: [{ id: jobId }] });
        expect(JSON.parse(list[0].jobNames)).toEqual({ 'vi-VN': 'Kỹ thuật viên', 'en-US': 'Technician' });
        expect((await ctx.authed('PUT', `/api/Recruitments/read/${clinic}/${list[0].id}`)).status).toBe(200);
        expect((await ctx.authed('GET', `/api/Recruitments/${clinic}/${list[0].id}`)).body.data.isView).toBe(true);
      });

      it('keep the jobs they name: a job applied for, or the parent of another, is not deleted; never both at once', async () => {
        const newJob = async (name: string, extra: Record<string, unknown> = {}) =>
          (await ctx.authed('POST', `/api/Jobs/${clinic}`, { name: tr(name), seoLink: `job-${++made}-${Date.now()}`, salaryRange: 'Thoả thuận', quantity: 1, order: 0, isActive: true, ...extra })).body.data.id as number;
        const post = (jobIds: number[]) => ctx.request('POST', `/public/${clinic}/applications`, { json: { fullName: 'Ứng Viên Hai', phoneNumber: '0909123456', jobIds } });
        const applied = await newJob('Dược sĩ');
        const other = await newJob('Thu ngân');
        expect((await post([other, applied])).status).toBe(201);
        expect((await post([applied])).status).toBe(201);
        const refused = await ctx.authed('DELETE', `/api/Jobs/${clinic}/${applied}`);
        expect(refused.status).toBe(409);
        expect(refused.body.Message).toBe('Tin tuyển dụng đang được dùng bởi 2 hồ sơ ứng tuyển, không thể xoá');
        expect((await ctx.authed('DELETE', `/api/Jobs/${clinic}/${applied}`, undefined, EN)).body.Message).toBe('Job is used by 2 applications and cannot be deleted');
        expect((await ctx.authed('GET', `/api/Jobs/${clinic}/${applied}`)).status).toBe(200);
        // Job 1 is not job 12: an id is matched whole in the list.
        const parent = await newJob('Khối điều dưỡng');
        await newJob('Điều dưỡng ca đêm', { parentId: parent });
        expect((await ctx.authed('DELETE', `/api/Jobs/${clinic}/${parent}`)).status).toBe(409);
        const unused = await newJob('Bảo vệ');
        expect((await ctx.authed('DELETE', `/api/Jobs/${clinic}/${unused}`)).status).toBe(200);

        // An application naming a job and the job's delete at once: one of them loses.
        for (let i = 0; i < 4; i++) {
          const raced = await newJob(`Đua ${i}`);
          const [removed, sent] = await Promise.all([ctx.authed('DELETE', `/api/Jobs/${clinic}/${raced}`), post([raced])]);
          expect(removed.status === 200 && sent.status === 201, `${removed.status} ${sent.status}`).toBe(false);
          expect(removed.status === 200 || sent.status === 201).toBe(true);
        }
      });
    });

    describe('bookings', () => {
      it('arrive through the public intake, are filtered by branch and dates, and move confirm → complete, or cancel with a reason, once', async () => {
        const branchId = await branchOf(clinic);
        const spaBranch = await branchOf(spa);
        const branches = (await ctx.authed('GET', `/api/BranchContacts/get-all/${clinic}`)).body;
        expect((Array.isArray(branches) ? branches : branches.data).map((b: { id: number }) => b.id)).toContain(branchId);
        const post = (data: Record<string, unknown>) => ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách Đặt Lịch', customerPhone: '0912345678', appointmentDate: '2026-12-05', startTime: '09:00', branchId, ...data }, ...EN });
        expect((await post({ customerPhone: '' })).status).toBe(400);
        expect((await post({ branchId: spaBranch })).status).toBe(400);
        expect((await post({ approvedStatus: 2, customerName: 'Khách Một' })).status).toBe(201);
        expect((await post({ customerName: 'Khách Hai', appointmentDate: '2026-12-20' })).status).toBe(201);
        const december = (await ctx.authed('GET', `/api/Bookings/${clinic}?branchId=${branchId}&startDate=2026-12-01&endDate=2026-12-10&keyword=${encodeURIComponent('Khách')}`)).body.data as { id: number; customerName: string; approvedStatus: number }[];
        expect(december.map((b) => b.customerName)).toEqual(['Khách Một']);
        expect(december[0].approvedStatus).toBe(0);
        const id = december[0].id;
        const move = (status: number, reason?: string) => ctx.authed('PUT', `/api/Bookings/status/${clinic}/${id}`, { status, reason }, EN);
        expect((await move(2)).status).toBe(409);
        const confirmed = await Promise.all([move(1), move(1), move(1)]);
        expect(confirmed.map((r) => r.status).sort()).toEqual([200, 409, 409]);
        expect((await move(3)).body.Message).toBe('Cancellation reason is required');
        expect((await move(2)).body.data.approvedStatus).toBe(2);
        expect((await move(3, 'Bận')).status).toBe(409);
        expect((await ctx.authed('PUT', `/api/Bookings/status/${spa}/${id}`, { status: 3, reason: 'x' })).status).toBe(404);

        const other = ((await ctx.authed('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent('Khách Hai')}`)).body.data as { id: number }[])[0].id;
        const cancelled = await ctx.authed('PUT', `/api/Bookings/status/${clinic}/${other}`, { status: 3, reason: 'Khách báo bận' });
        expect(cancelled.body.data).toMatchObject({ approvedStatus: 3, cancelReason: 'Khách báo bận' });
      });

      it('taken by phone (POST Bookings/{website}) follow the public intake’s rules: same refusals, same fields, this website only', async () => {
        const branchId = await branchOf(clinic);
        const spaBranch = await branchOf(spa);
        const base = { customerName: 'Khách Gọi Điện', customerPhone: '0912345670', appointmentDate: '2026-12-07', startTime: '10:00', branchId };
        const intake = (data: Record<string, unknown>) => ctx.request('POST', `/public/${clinic}/bookings`, { json: data, ...EN });
        const staff = (data: Record<string, unknown>, site = clinic) => ctx.authed('POST', `/api/Bookings/${site}`, data, EN);
        const count = async (site: number) => (await ctx.authed('GET', `/api/Bookings/${site}?page=1&pageSize=1`)).body.totalRows as number;
        const before = await count(clinic);
        // What the intake refuses, staff's add refuses with the same 400 and the same messages, writing nothing.
        const refusals: Record<string, unknown>[] = [{}, { ...base, customerPhone: '' }, { ...base, customerEmail: 'nope' }, { ...base, branchId: spaBranch }, { ...base, customerName: 'x'.repeat(201) }];
        for (const data of refusals) {
          const [fromSite, fromStaff] = [await intake(data), await staff(data)];
          expect(fromSite.status, JSON.stringify(data)).toBe(400);
          expect(fromStaff.status, JSON.stringify(data)).toBe(400);
          expect(fromStaff.body.errors ?? fromStaff.body.Message).toEqual(fromSite.body.errors ?? fromSite.body.Message);
        }
        const empty = await staff({});
        expect(empty.body.errors).toEqual(
          expect.arrayContaining([
            { field: 'customerName', message: 'Customer is required' },
            { field: 'customerPhone', message: 'Phone number is required' },
            { field: 'appointmentDate', message: 'Appointment date is required' },
          ]),
        );
        expect(empty.body).toMatchObject({ Message: expect.any(String), message: expect.any(String) });
        expect(await count(clinic)).toBe(before);

        // Only what a visitor may send is taken: it starts new (0), whatever status or reason is sent.
        const taken = await staff({ ...base, customerEmail: 'goi@example.com', servicePackageName: tr('Khám tổng quát', 'General check-up'), approvedStatus: 2, cancelReason: 'x', websiteId: spa });
        expect(taken.status, taken.text).toBe(200);
        expect(taken.body.data).toMatchObject({ ...base, customerEmail: 'goi@example.com', approvedStatus: 0, cancelReason: null });
        const id = taken.body.data.id as number;
        expect(await count(clinic)).toBe(before + 1);
        expect((await ctx.authed('GET', `/api/Bookings/${spa}/${id}`)).status).toBe(404);
        // It moves like any booking.
        expect((await ctx.authed('PUT', `/api/Bookings/status/${clinic}/${id}`, { status: 1 })).body.data.approvedStatus).toBe(1);
        // Another website's booking list is its own; an unknown website is not there.
        expect((await staff({ ...base, branchId: spaBranch }, spa)).status).toBe(200);
        expect((await staff(base, 999999)).status).toBe(404);
      });
    });
  },
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);
