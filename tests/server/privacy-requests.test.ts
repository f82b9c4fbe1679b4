// A person's requests about their data (issue 40; docs/api.md "A person's request"; server/privacy/requests.ts):
// GET /api/Privacy/subjects finds every record naming the person on every website (their phone however written,
// their e-mail in any case), POST /api/Privacy/export answers a ZIP of those records with the person's own values and
// history, POST /api/Privacy/erase erases them (ERASED in the record, the record kept: bookings still count).
// Administrators, or a role granted the `privacy` action; everyone else 403; bad input 400 with a Message.
import { unzipSync, strFromU8 } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { ERASED } from '../../shared/resources/personal';
import { createUser } from './account-helpers';
import { demoWebsites, demoWebsitesAndStaff, describeEachDatabase, EN } from './harness';

/** The person of these tests (not the demo's Nguyễn Văn An, so the demo data does not move the counts here). */
const PERSON = { name: 'Hồ Thị Riêng', phone: '0977 123 456', email: 'rieng.ho@example.com' };

describeEachDatabase('privacy requests', (ctx) => {
  let clinic = 0;
  let spa = 0;
  let lanToken = '';
  /** What was made for the person: `${resource}:${website}:${id}` of each record. */
  const made: string[] = [];
  const key = (resource: string, website: number | null, id: number) => `${resource}:${website}:${id}`;

  const created = async (res: { status: number; text: string; body: { data: { id: number } } }) => {
    expect([200, 201], res.text).toContain(res.status);
    return res.body.data.id;
  };

  beforeAll(async () => {
    ({ clinic, spa, lanToken } = await demoWebsitesAndStaff(ctx));
    // Bookings on both websites, the phone written three ways; feedback with the e-mail in capitals; an application;
    // a referral (organisation-wide). Another person with a phone sharing digits is not them.
    made.push(key('booking', clinic, await created(await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: PERSON.name, customerPhone: PERSON.phone, appointmentDate: '2027-03-07' }))));
    made.push(key('booking', spa, await created(await ctx.authed('POST', `/api/Bookings/${spa}`, { customerName: PERSON.name, customerPhone: '+84 977.123.456', customerEmail: PERSON.email, appointmentDate: '2027-03-08' }))));
    made.push(key('feedback', spa, await created(await ctx.authed('POST', `/api/Feedbacks/${spa}`, { title: 'Góp ý', fullName: PERSON.name, email: 'Rieng.HO@Example.com', phoneNumber: '0977123456', content: 'Phòng chờ hơi nóng' }))));
    made.push(key('recruitment', clinic, await created(await ctx.authed('POST', `/api/Recruitments/${clinic}`, { fullName: PERSON.name, phoneNumber: '0977-123-456', email: PERSON.email }))));
    // A collaborator (someone else) refers them.
    const joined = await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cộng Tác Viên', phoneNumber: '0966 000 111', bankName: 'Vietcombank', bankingNumber: '0123456789', bankAccountName: 'CONG TAC VIEN', objectName: 'Điều dưỡng' } });
    expect(joined.status, joined.text).toBe(201);
    const code = joined.body.data.referralCode as string;
    const member = await ctx.db.selectFrom('collaborators').select('id').where('referralCode', '=', code).executeTakeFirstOrThrow();
    expect((await ctx.authed('PUT', `/api/DoiNhom/status/${member.id}`, { status: 2 })).status).toBe(200);
    const referred = await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: code, fullName: PERSON.name, phoneNumber: '84977123456', description: 'Đau lưng' } });
    expect(referred.status, referred.text).toBe(201);
    const referral = await ctx.db.selectFrom('referrals').select('id').where('fullName', '=', PERSON.name).executeTakeFirstOrThrow();
    made.push(key('referral', null, referral.id));
    await created(await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: 'Người Khác', customerPhone: '0977 123 457', appointmentDate: '2027-03-07' }));
  });

  const subjects = async (query: string) => {
    const res = await ctx.authed('GET', `/api/Privacy/subjects?${query}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as { resource: string; website: number | null; id: number; fields: string[]; createdAt: string }[];
  };

  it('finds the person across websites and resources: by phone however written, by e-mail in any case, by name', async () => {
    const byPhone = await subjects(`phone=${encodeURIComponent('+84977123456')}`);
    expect(byPhone.map((s) => key(s.resource, s.website, s.id)).sort()).toEqual([...made].sort());
    const booking = byPhone.find((s) => s.resource === 'booking' && s.website === clinic)!;
    expect(booking.fields).toEqual(['customerPhone']);
    expect(Number.isNaN(Date.parse(booking.createdAt))).toBe(false);

    const byEmail = await subjects(`email=${encodeURIComponent('RIENG.ho@EXAMPLE.com')}`);
    expect(byEmail.map((s) => key(s.resource, s.website, s.id)).sort()).toEqual(made.filter((m) => /^(booking:\d+|feedback|recruitment)/.test(m) && !m.startsWith(`booking:${clinic}:`)).sort());
    expect(byEmail.find((s) => s.resource === 'feedback')!.fields).toEqual(['email']);

    const byName = await subjects(`name=${encodeURIComponent('hồ thị riêng')}`);
    expect(byName.map((s) => key(s.resource, s.website, s.id)).sort()).toEqual([...made].sort());
    expect(await subjects('phone=0900000001')).toEqual([]);
  });

  it('answers 403 to staff whose role does not grant the privacy action, and finds for a role that does', async () => {
    for (const [method, path, json] of [
      ['GET', `/api/Privacy/subjects?phone=0977123456`, undefined],
      ['POST', '/api/Privacy/export', { phone: '0977123456' }],
      ['POST', '/api/Privacy/erase', { phone: '0977123456', reason: 'Yêu cầu của khách' }],
    ] as const) {
      const res = await ctx.request(method, path, { json, token: lanToken, ...EN });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.Message).toMatch(/Personal data/);
    }
    // A role granting `privacy` on the clinic's bookings: finds the clinic's booking, nothing on the spa.
    const role = await ctx.authed('POST', '/api/Roles', {
      name: { 'vi-VN': 'Bảo vệ dữ liệu', 'en-US': 'Data protection' },
      grants: { Bookings: { list: 'all', read: 'all', create: 'none', update: 'none', delete: 'none', actions: { privacy: true }, hiddenFields: [] } },
    });
    expect(role.status, role.text).toBe(200);
    const userName = `privacy.officer.${ctx.dialect}`;
    const id = await createUser(ctx.db, ctx.clock.now(), { userName, password: 'Staff@123', fullName: 'Privacy Officer' });
    expect((await ctx.authed('POST', `/api/Websites/user/${clinic}/${id}`)).status).toBe(200);
    expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${id}`, { roleId: role.body.data.id })).status).toBe(200);
    const token = (await ctx.signIn(userName, 'Staff@123')).access_token;
    const res = await ctx.request('GET', `/api/Privacy/subjects?phone=0977123456`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.map((s: { resource: string; website: number }) => `${s.resource}:${s.website}`)).toEqual([`booking:${clinic}`]);
  });

  it('refuses bad input with 400 and a Message', async () => {
    const bad = async (method: string, path: string, json?: unknown) => {
      const res = await ctx.authed(method, path, json, EN);
      expect(res.status, `${method} ${path} ${JSON.stringify(json)}`).toBe(400);
      expect(res.body.Message).toBeTruthy();
      return res.body as { Message: string; field?: string };
    };
    await bad('GET', '/api/Privacy/subjects');
    await bad('GET', '/api/Privacy/subjects?phone=12');
    await bad('GET', '/api/Privacy/subjects?email=nobody');
    await bad('POST', '/api/Privacy/export', {});
    await bad('POST', '/api/Privacy/export', { name: PERSON.name });
    await bad('POST', '/api/Privacy/export', { phone: { $ne: 1 } });
    expect((await bad('POST', '/api/Privacy/erase', { phone: PERSON.phone })).Message).toMatch(/reason/i);
    expect((await bad('POST', '/api/Privacy/erase', { phone: PERSON.phone, reason: '   ' })).field).toBe('reason');
    await bad('POST', '/api/Privacy/erase', { reason: 'Yêu cầu của khách' });
    // Nothing was erased by any of these.
    expect((await subjects('phone=0977123456')).length).toBe(made.length);
  });

  it('exports a ZIP: one JSON per record with the person’s own values and their history, an index of what was found', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/Privacy/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${(await ctx.signIn()).access_token}` },
      body: JSON.stringify({ phone: '0977123456' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/zip/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="personal-data-.*\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const index = JSON.parse(strFromU8(files['index.json'])) as { records: { resource: string; website: number | null; id: number; file: string }[] };
    expect(index.records.map((r) => key(r.resource, r.website, r.id)).sort()).toEqual([...made].sort());
    for (const r of index.records) expect(files[r.file], r.file).toBeTruthy();

    const feedback = JSON.parse(strFromU8(files[index.records.find((r) => r.resource === 'feedback')!.file]));
    expect(feedback.values).toMatchObject({ fullName: PERSON.name, email: 'Rieng.HO@Example.com', content: 'Phòng chờ hơi nóng' });
    // Only the person's own values: no staff field (read flag, notes), no staff member named.
    expect(Object.keys(feedback.values)).not.toContain('isView');
    expect(feedback.history[0].operation).toBe('create');
    expect(feedback.history[0].changes.find((c: { field: string }) => c.field === 'fullName').after).toBe(PERSON.name);
    expect(JSON.stringify(feedback.history)).not.toMatch(/admin/);
  });

  it('erases every record of the person: ERASED in each, an erase entry with the reason, the bookings still counted', async () => {
    const total = async (site: number) => (await ctx.authed('GET', `/api/Bookings/${site}?page=1&pageSize=1`)).body.totalRows as number;
    const before = { clinic: await total(clinic), spa: await total(spa) };

    const res = await ctx.authed('POST', '/api/Privacy/erase', { phone: '0977.123.456', reason: 'Khách yêu cầu xoá dữ liệu' }, EN);
    expect(res.status, res.text).toBe(200);
    expect(res.body.erased.map((e: { resource: string; website: number | null; id: number }) => key(e.resource, e.website, e.id)).sort()).toEqual([...made].sort());

    const booking = await ctx.db.selectFrom('bookings').selectAll().where('id', '=', Number(made.find((m) => m.startsWith(`booking:${spa}:`))!.split(':')[2])).executeTakeFirstOrThrow();
    expect(booking.customerName).toBe(ERASED);
    expect(booking.customerPhone).toBe(ERASED);
    expect(booking.customerEmail).toBe(ERASED);
    const feedback = await ctx.db.selectFrom('feedbacks').selectAll().where('id', '=', Number(made.find((m) => m.startsWith('feedback'))!.split(':')[2])).executeTakeFirstOrThrow();
    expect([feedback.fullName, feedback.email, feedback.phoneNumber, feedback.content]).toEqual([ERASED, ERASED, ERASED, ERASED]);
    expect(feedback.title).toBe('Góp ý');
    const referral = await ctx.db.selectFrom('referrals').selectAll().where('id', '=', Number(made.find((m) => m.startsWith('referral'))!.split(':')[2])).executeTakeFirstOrThrow();
    expect(referral.phoneNumber).toBe(ERASED);

    // The history says it was erased and why, without the values.
    const entries = await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', 'feedback').where('recordId', '=', String(feedback.id)).where('operation', '=', 'erase').execute();
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0])).toContain('Khách yêu cầu xoá dữ liệu');
    expect(JSON.stringify(entries[0])).not.toContain('0977');

    // Nobody is found any more; the bookings are still there and counted.
    expect(await subjects('phone=0977123456')).toEqual([]);
    expect(await total(clinic)).toBe(before.clinic);
    expect(await total(spa)).toBe(before.spa);
    // Another person sharing digits is untouched.
    expect(await subjects('phone=0977123457')).toHaveLength(1);
  });

  it('two erase requests at once for the same person: both answered, each record erased, no clear value left', async () => {
    const phone = '0988 765 432';
    const ids: number[] = [];
    for (const site of [clinic, spa]) ids.push(await created(await ctx.authed('POST', `/api/Bookings/${site}`, { customerName: 'Đồng Thời', customerPhone: phone, appointmentDate: '2027-03-09' })));
    const [a, b] = await Promise.all([0, 1].map(() => ctx.authed('POST', '/api/Privacy/erase', { phone, reason: 'Yêu cầu gửi hai lần' })));
    expect([a.status, b.status], `${a.text} ${b.text}`).toEqual([200, 200]);
    // Every record was erased by one of them at least.
    const erased = new Set([...a.body.erased, ...b.body.erased].map((e: { id: number }) => e.id));
    expect([...erased].sort()).toEqual([...ids].sort());
    const rows = await ctx.db.selectFrom('bookings').select(['customerName', 'customerPhone']).where('id', 'in', ids).execute();
    expect(rows).toEqual([
      { customerName: ERASED, customerPhone: ERASED },
      { customerName: ERASED, customerPhone: ERASED },
    ]);
    expect(await subjects('phone=0988765432')).toEqual([]);
  });

  it('a deleted record still in the trash is found and erased too: restored, it comes back erased', async () => {
    const phone = '0933 246 810';
    const id = await created(await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: 'Đã Xoá Tạm', customerPhone: phone, appointmentDate: '2027-03-10' }));
    expect((await ctx.authed('DELETE', `/api/Bookings/${clinic}/${id}`)).status).toBe(200);
    expect((await subjects('phone=0933246810')).map((s) => key(s.resource, s.website, s.id))).toEqual([key('booking', clinic, id)]);

    const res = await ctx.authed('POST', '/api/Privacy/erase', { phone, reason: 'Khách yêu cầu' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.erased).toEqual([{ resource: 'booking', website: clinic, id }]);
    expect(await subjects('phone=0933246810')).toEqual([]);

    const trash = await ctx.authed('GET', `/api/Trash/${clinic}?resource=booking&pageSize=100`);
    const row = trash.body.data.find((r: { recordId: string }) => r.recordId === String(id));
    expect(row.title).not.toContain('Đã Xoá Tạm');
    expect((await ctx.authed('POST', `/api/Trash/restore/${clinic}/${row.id}`, {})).status).toBe(200);
    const back = await ctx.db.selectFrom('bookings').select(['customerName', 'customerPhone']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(back).toEqual({ customerName: ERASED, customerPhone: ERASED });
  });
});

// The demo content (SEED_DEMO=1): its person asking for their data is found everywhere they wrote to.
describeEachDatabase(
  'privacy requests: the demo person',
  (ctx) => {
  it('finds Nguyễn Văn An in bookings, feedback and expert questions on both websites, an application and a referral', async () => {
    const { clinic, spa } = await demoWebsites(ctx);
    const subjects = async (query: string) => {
      const res = await ctx.authed('GET', `/api/Privacy/subjects?${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.data as { resource: string; website: number | null }[]).map((s) => `${s.resource}:${s.website}`).sort();
    };
    // Also his expert question, asked on both websites (server/demo/questions.ts).
    const everywhere = [`booking:${clinic}`, `booking:${spa}`, `feedback:${clinic}`, `feedback:${spa}`, `qaExpert:${clinic}`, `qaExpert:${spa}`, `recruitment:${clinic}`, 'referral:null'].sort();
    expect(await subjects(`phone=${encodeURIComponent('0912 345 678')}`)).toEqual(everywhere);
    expect(await subjects(`name=${encodeURIComponent('Nguyễn Văn An')}`)).toEqual(everywhere);
    expect(await subjects('email=an.nguyen@example.com')).toEqual(everywhere.filter((s) => s !== `booking:${spa}` && s !== 'referral:null'));
  });

  it('exports his records with the CV he sent with his application (where applications take a CV)', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/Privacy/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${(await ctx.signIn()).access_token}` },
      body: JSON.stringify({ phone: '0912345678' }),
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const index = JSON.parse(strFromU8(files['index.json'])) as { records: { resource: string; files: string[] }[] };
    expect(index.records).toHaveLength(8);
    const application = index.records.find((r) => r.resource === 'recruitment')!;
    // The CV field comes with the register's part of issue 40; until then the application has no file.
    if (!(resources.recruitment.fields as readonly { name: string }[]).some((f) => f.name === 'cv')) return;
    expect(application.files).toHaveLength(1);
    expect(application.files[0]).toMatch(/\.pdf$/);
    expect(strFromU8(files[application.files[0]]).slice(0, 5)).toBe('%PDF-');
  });
  },
  { app: { seed: { demo: true, content: true } } },
);
