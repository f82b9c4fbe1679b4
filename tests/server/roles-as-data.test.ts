// Roles as data (issue 39; docs/api.md "Roles"; shared/permissions.ts): the Roles API, a staff member's role on a
// website, and what the engine enforces with it — operations (403 naming the role), `own` (the creator's records, not
// escaped by id), hidden fields (not shown, not searched, not changed), actions and review decisions — on both
// databases, tried as a user who should not get through would.
import { beforeAll, expect, it } from 'vitest';
import { createUser } from './account-helpers';
import { BUILT_IN_IDS, type Grant, type Grants } from '../../shared/permissions';
import { demoWebsitesAndStaff, describeEachDatabase, EN } from './harness';
import { newsBody } from './news-helpers';

const ALL: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
const NONE: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'none', read: 'none', create: 'none', update: 'none', delete: 'none' };
const OWN: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'own', read: 'own', create: 'all', update: 'own', delete: 'own' };

describeEachDatabase('roles as data', (ctx) => {
  let clinic = 0;
  let n = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsitesAndStaff(ctx));
  });

  const role = async (en: string, grants: Grants) => {
    const res = await ctx.authed('POST', '/api/Roles', { name: { 'vi-VN': `${en} (vi)`, 'en-US': en }, grants });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; concurrencyStamp: string };
  };
  /** A new account, staff of the clinic with `roleId`, and its token. */
  const member = async (roleId: number) => {
    n += 1;
    const userName = `role.user${n}.${ctx.dialect}`;
    const user = { id: await createUser(ctx.db, ctx.clock.now(), { userName, password: 'Staff@123', fullName: `Role User ${n}` }) };
    expect((await ctx.authed('POST', `/api/Websites/user/${clinic}/${user.id}`)).status).toBe(200);
    const put = await ctx.authed('PUT', `/api/Websites/user/${clinic}/${user.id}`, { roleId });
    expect(put.status, put.text).toBe(200);
    const token = (await ctx.signIn(userName, 'Staff@123')).access_token;
    const as = (method: string, path: string, json?: unknown) => ctx.request(method, path, { json, token, ...EN });
    return { id: user.id, as };
  };
  const booking = async (as: (m: string, p: string, j?: unknown) => Promise<{ status: number; text: string; body: { data: unknown } }>, name: string, phone = '0901234567') => {
    const res = await as('POST', `/api/Bookings/${clinic}`, { customerName: name, customerPhone: phone, appointmentDate: '2027-03-07' });
    expect(res.status, res.text).toBe(200);
    return res.body.data as { id: number; concurrencyStamp: string } & Record<string, unknown>;
  };
  const asAdmin = (method: string, path: string, json?: unknown) => ctx.authed(method, path, json);

  it('serves the roles to administrators: the five built-ins, a new role, its members; bad grants name the field', async () => {
    const list = await ctx.authed('GET', '/api/Roles');
    expect(list.status).toBe(200);
    expect(list.body.slice(0, 5).map((r: { name: { 'en-US': string } }) => r.name['en-US'])).toEqual(['Staff', 'Reviewer', 'Editor', 'Receptionist', 'Recruiter']);
    expect(list.body[0]).toMatchObject({ id: BUILT_IN_IDS.staff, builtIn: true, name: { 'vi-VN': 'Nhân viên' } });
    // Receptionist: bookings, content read-only; Recruiter: no bookings.
    const receptionist = list.body[3].grants as Grants;
    expect(receptionist.Bookings).toMatchObject(ALL);
    expect(receptionist.News).toMatchObject({ list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none' });
    expect(list.body[4].grants.Bookings).toMatchObject(NONE);
    expect(list.body[4].grants.Recruitments).toMatchObject(ALL);

    const created = await role('Front desk', { Bookings: { ...ALL, actions: { confirm: true }, hiddenFields: ['customerEmail'] } });
    const one = await ctx.authed('GET', `/api/Roles/${created.id}`);
    expect(one.body.data).toMatchObject({ id: created.id, builtIn: false, name: { 'en-US': 'Front desk' }, grants: { Bookings: { ...ALL, actions: { confirm: true }, hiddenFields: ['customerEmail'] } }, members: [] });
    const m = await member(created.id);
    expect((await ctx.authed('GET', `/api/Roles/${created.id}`)).body.data.members).toEqual([{ websiteId: clinic, userId: m.id, fullName: expect.stringMatching(/^Role User/) }]);
    // The staff table answers the role.
    const staff = (await ctx.authed('GET', `/api/Websites/user/get-all/${clinic}`)).body as { userId: number; roleId: number; roleName: Record<string, string> }[];
    expect(staff.find((s) => s.userId === m.id)).toMatchObject({ roleId: created.id, roleName: { 'en-US': 'Front desk' } });

    const bad: [unknown, string][] = [
      [{ Nothing: { ...ALL } }, 'grants.Nothing'],
      [{ Bookings: { ...ALL, read: 'some' } }, 'grants.Bookings.read'],
      [{ Bookings: { ...ALL, actions: { fly: true } } }, 'grants.Bookings.actions.fly'],
      [{ Bookings: { ...ALL, hiddenFields: ['nope'] } }, 'grants.Bookings.hiddenFields'],
      ['all', 'grants'],
    ];
    for (const [grants, field] of bad) {
      const res = await ctx.authed('PUT', `/api/Roles/${created.id}`, { name: { 'vi-VN': 'x', 'en-US': 'x' }, grants, concurrencyStamp: one.body.data.concurrencyStamp }, EN);
      expect(res.status, res.text).toBe(400);
      expect(res.body.field).toBe(field);
    }
    expect((await ctx.authed('POST', '/api/Roles', { name: { 'vi-VN': 'x' }, grants: {} })).body.field).toBe('name');
    // The keyword finds a role by its name in either language, diacritics folded (the built-ins' and a new one's).
    const named = async (keyword: string) => ((await ctx.authed('GET', `/api/Roles?keyword=${encodeURIComponent(keyword)}`)).body as { id: number }[]).map((r) => r.id);
    expect(await named('le tan')).toEqual([BUILT_IN_IDS.receptionist]);
    expect(await named('front desk')).toContain(created.id);
    expect(await named('khong co vai tro nay')).toEqual([]);
    // Not an administrator: 403.
    expect((await m.as('GET', '/api/Roles')).status).toBe(403);
    expect((await ctx.reviewer('POST', '/api/Roles', { name: { 'vi-VN': 'x', 'en-US': 'x' }, grants: {} })).status).toBe(403);
  });

  it('tells each user their roles per website in AppSettings', async () => {
    const lan = await ctx.signIn('lan.nguyen', 'Staff@123');
    const settings = (await ctx.request('GET', '/core/AppSettings', { token: lan.access_token })).body;
    expect(settings.currentUser).toMatchObject({ isAdmin: false });
    expect(settings.permissions.isAdmin).toBe(false);
    expect(settings.permissions.websites[String(clinic)]).toMatchObject({ roleId: BUILT_IN_IDS.staff, roleName: { 'en-US': 'Staff' } });
    expect((await ctx.reviewer('GET', '/core/AppSettings')).body.permissions.websites[String(clinic)].roleName['en-US']).toBe('Reviewer');
    expect((await ctx.authed('GET', '/core/AppSettings')).body).toMatchObject({ currentUser: { isAdmin: true }, permissions: { isAdmin: true } });
  });

  it('refuses a role without read on Bookings the list, the detail, the search, the export and the history', async () => {
    const byAdmin = await booking(asAdmin, 'Khách Không Thấy');
    const noBookings = await role('No bookings', { Bookings: { ...NONE, actions: {}, hiddenFields: [] }, FAQs: { ...ALL, actions: {}, hiddenFields: [] } });
    const m = await member(noBookings.id);
    const calls = [
      `/api/Bookings/${clinic}`,
      `/api/Bookings/${clinic}?keyword=${encodeURIComponent('Không Thấy')}`,
      `/api/Bookings/${clinic}?page=1&pageSize=1000`,
      `/api/Bookings/${clinic}/${byAdmin.id}`,
      `/api/History/${clinic}/Bookings/${byAdmin.id}`,
    ];
    for (const path of calls) {
      const res = await m.as('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.Message, path).toMatch(/^The role "No bookings" may not (list|read) here$/);
    }
    expect((await m.as('POST', `/api/Bookings/${clinic}`, { customerName: 'x', customerPhone: '0901234567', appointmentDate: '2027-03-07' })).status).toBe(403);
    expect((await m.as('PUT', `/api/Bookings/status/${clinic}/${byAdmin.id}`, { status: 1 })).status).toBe(403);
    // What the role grants still works; what it leaves out (an area not in its grants) is none.
    expect((await m.as('GET', `/api/FAQs/${clinic}`)).status).toBe(200);
    expect((await m.as('GET', `/api/Jobs/${clinic}`)).status).toBe(403);
  });

  it('keeps `own` to the records the user created: not listed, and not reached by id', async () => {
    const ownRole = await role('Own bookings', { Bookings: { ...OWN, actions: { confirm: true }, hiddenFields: [] } });
    const m = await member(ownRole.id);
    const theirs = await booking(asAdmin, 'Khách Của Admin');
    const mine = await booking(m.as, 'Khách Của Tôi');
    const listed = (await m.as('GET', `/api/Bookings/${clinic}?pageSize=1000`)).body;
    expect(listed.data.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect(listed.totalRows).toBe(1);
    expect((await m.as('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent('Của Admin')}`)).body.totalRows).toBe(0);
    expect((await m.as('GET', `/api/Bookings/${clinic}/${mine.id}`)).status).toBe(200);
    // Another's record by its id: not found (404), unchanged.
    expect((await m.as('GET', `/api/Bookings/${clinic}/${theirs.id}`)).status).toBe(404);
    expect((await m.as('PUT', `/api/Bookings/${clinic}/${theirs.id}`, { customerName: 'Đổi', customerPhone: '0901234567', appointmentDate: '2027-03-07', concurrencyStamp: theirs.concurrencyStamp })).status).toBe(404);
    expect((await m.as('DELETE', `/api/Bookings/${clinic}/${theirs.id}`)).status).toBe(404);
    expect((await m.as('GET', `/api/History/${clinic}/Bookings/${theirs.id}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}/${theirs.id}`)).body.data).toMatchObject({ customerName: 'Khách Của Admin', concurrencyStamp: theirs.concurrencyStamp });
    // Their own: updated and deleted.
    const saved = await m.as('PUT', `/api/Bookings/${clinic}/${mine.id}`, { customerName: 'Khách Đã Sửa', customerPhone: '0901234567', appointmentDate: '2027-03-07', concurrencyStamp: mine.concurrencyStamp });
    expect(saved.status, saved.text).toBe(200);
    expect((await m.as('DELETE', `/api/Bookings/${clinic}/${mine.id}`)).status).toBe(200);
  });

  it('hides a hidden field from lists and details, finds nothing by it, and leaves it as it is on a save', async () => {
    const phone = `09${String(Date.now()).slice(-8)}`;
    const noPhone = await role('No phones', { Bookings: { ...ALL, actions: {}, hiddenFields: ['customerPhone'] } });
    const m = await member(noPhone.id);
    const b = await booking(asAdmin, `Khách Ẩn Số ${ctx.dialect}`, phone);
    const list = (await m.as('GET', `/api/Bookings/${clinic}?pageSize=1000`)).body.data as Record<string, unknown>[];
    const row = list.find((r) => r.id === b.id)!;
    expect(row).toBeDefined();
    expect(row).not.toHaveProperty('customerPhone');
    expect(list.every((r) => !('customerPhone' in r))).toBe(true);
    const detail = (await m.as('GET', `/api/Bookings/${clinic}/${b.id}`)).body.data;
    expect(detail.customerName).toBe(`Khách Ẩn Số ${ctx.dialect}`);
    expect(detail).not.toHaveProperty('customerPhone');
    // The keyword finds it by what the role sees, not by what it hides.
    expect((await m.as('GET', `/api/Bookings/${clinic}?keyword=${phone}`)).body.totalRows).toBe(0);
    // Nor through a search panel's text filter (matched like the keyword).
    expect((await m.as('GET', `/api/Bookings/${clinic}?customerName=${phone}`)).body.totalRows).toBe(0);
    expect((await m.as('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent(`Ẩn Số ${ctx.dialect}`)}`)).body.data.map((r: { id: number }) => r.id)).toEqual([b.id]);
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}?keyword=${phone}`)).body.totalRows).toBe(1);
    // A save (with or without the field) leaves it as it is.
    const saved = await m.as('PUT', `/api/Bookings/${clinic}/${b.id}`, { ...detail, customerName: 'Khách Đổi Tên', customerPhone: '0999999999' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).not.toHaveProperty('customerPhone');
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}/${b.id}`)).body.data).toMatchObject({ customerName: 'Khách Đổi Tên', customerPhone: phone });
    // Nor in the history's changes.
    const history = (await m.as('GET', `/api/History/${clinic}/Bookings/${b.id}`)).body.data as { changes: { field: string }[] }[];
    expect(history.length).toBeGreaterThan(0);
    expect(history.flatMap((e) => e.changes).some((c) => c.field === 'customerPhone')).toBe(false);
  });

  it('names a visitor’s booking in the bell by its id when the role hides the customer’s name', async () => {
    const noNames = await role('No names', { Bookings: { ...ALL, actions: {}, hiddenFields: ['customerName'] } });
    const m = await member(noNames.id);
    const name = `Khách Giấu Tên ${ctx.dialect}`;
    const posted = await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: name, customerPhone: '0901234567', appointmentDate: '2027-03-07', startTime: '08:00', endTime: '09:00' } });
    expect(posted.status, posted.text).toBe(201);
    const stored = await ctx.db.selectFrom('bookings' as never).select('id' as never).where('customerName' as never, '=', name as never).executeTakeFirstOrThrow();
    const id = String((stored as { id: number }).id);
    const heard = async (as: (method: string, path: string) => Promise<{ body: { data: { recordId: string; title: string }[] } }>) =>
      (await as('GET', '/api/events/recent?limit=50')).body.data.find((e) => e.recordId === id);
    expect(await heard(m.as)).toMatchObject({ title: `#${id}` });
    expect(await heard((method, path) => ctx.authed(method, path))).toMatchObject({ title: name });
  });

  it('takes a change of role at the next request; reviewing is the role granting the decisions', async () => {
    const m = await member(BUILT_IN_IDS.staff);
    const submitted = await ctx.authed('POST', `/api/News/${clinic}/true`, newsBody());
    expect(submitted.status, submitted.text).toBe(200);
    const id = submitted.body.data.id;
    const refused = await m.as('PUT', `/api/News/status/${clinic}/${id}`, { status: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBe('The role "Staff" may not "Approve" here');
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: BUILT_IN_IDS.reviewer })).status).toBe(200);
    const approved = await m.as('PUT', `/api/News/status/${clinic}/${id}`, { status: 2 });
    expect(approved.status, approved.text).toBe(200);
    // And the other way: a role without bookings, at once.
    expect((await m.as('GET', `/api/Bookings/${clinic}`)).status).toBe(200);
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: BUILT_IN_IDS.recruiter })).status).toBe(200);
    expect((await m.as('GET', `/api/Bookings/${clinic}`)).status).toBe(403);
    // A role that does not exist: 400 naming it.
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: 999999 })).body.field).toBe('roleId');
  });

  it('refuses to delete a role while a membership holds it, also one given at the same moment', async () => {
    const held = await role('Held', {});
    const m = await member(held.id);
    const refused = await ctx.authed('DELETE', `/api/Roles/${held.id}`, undefined, EN);
    expect(refused.status).toBe(409);
    expect((await ctx.authed('DELETE', `/api/Roles/${BUILT_IN_IDS.recruiter}`)).status).toBe(409);
    // Moved to Staff, the role can go.
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: BUILT_IN_IDS.staff })).status).toBe(200);
    expect((await ctx.authed('DELETE', `/api/Roles/${held.id}`)).status).toBe(200);
    // The race: the role deleted while a membership is given it. One of the two wins; never both, never a 500.
    for (let i = 0; i < 4; i++) {
      const racing = await role(`Racing ${i}`, {});
      const [del, put] = await Promise.all([
        ctx.authed('DELETE', `/api/Roles/${racing.id}`),
        ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: racing.id }),
      ]);
      expect([del.status, put.status].sort(), `${del.text} ${put.text}`).toSatisfy(
        (s: number[]) => (s[0] === 200 && s[1] === 409) || (s[0] === 200 && s[1] === 400),
      );
      const holds = (await ctx.db.selectFrom('website_users').select('roleId').where('userId', '=', m.id).executeTakeFirstOrThrow()).roleId;
      const exists = await ctx.db.selectFrom('roles').select('id').where('id', '=', racing.id).executeTakeFirst();
      if (put.status === 200) expect(exists).toBeDefined();
      else expect(holds).not.toBe(racing.id);
      await ctx.authed('PUT', `/api/Websites/user/${clinic}/${m.id}`, { roleId: BUILT_IN_IDS.staff });
    }
  });
});
