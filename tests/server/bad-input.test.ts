// Bad input that used to reach a 500 (docs/api.md "Conventions"): NUL characters anywhere, lone surrogates in names,
// upload folders that are not folders, direction overrides in file names. A 400 with a Message, or a clean name;
// never a 500, on both databases.
/* eslint-disable @typescript-eslint/no-explicit-any -- the engine's tables are read without a static schema */
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { pngBytes } from './file-bytes';
import { CLIENT, demoWebsites, describeEachDatabase } from './harness';
import { createNews } from './news-helpers';

describeEachDatabase(
  'bad input',
  (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  it('refuses a NUL character in a keyword, a JSON text, a path and the sign-in name with a 400 naming where', async () => {
    const keyword = await ctx.authed('GET', `/api/News/${clinic}/vi-VN?keyword=a%00b`, undefined, { headers: { 'accept-language': 'en-US' } });
    expect(keyword.status).toBe(400);
    expect(keyword.body.Message).toMatch(/NUL/);
    expect(keyword.body.field).toBe('keyword');
    const title = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: 'Zalo\u0000', url: 'https://zalo.me', order: 0 });
    expect(title.status).toBe(400);
    expect((await ctx.authed('POST', '/api/Websites', { name: JSON.stringify({ 'vi-VN': 'a\u0000' }) })).status).toBe(400);
    expect((await ctx.authed('GET', `/api/Sicks/get-all/${clinic}/vi%00VN`)).status).toBe(400);
    const signIn = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'admin\u0000', password: 'x', ...CLIENT } });
    expect(signIn.status).toBe(400);
    expect(typeof signIn.body.Message).toBe('string');
  });

  it('stores a folder name with a lone surrogate as the database would, so the second one gets its own name', async () => {
    const name = 'Thư mục \ud800';
    const first = await ctx.authed('POST', '/api/Folders', { name, parentId: null });
    const second = await ctx.authed('POST', '/api/Folders', { name, parentId: null });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.data.name).toBe('Thư mục \ufffd');
    expect(second.body.data.name).toBe('Thư mục \ufffd (1)');
  });

  it('refuses an upload into a folder that is not one, and keeps direction overrides out of file names', async () => {
    const token = (await ctx.signIn()).access_token;
    for (const folderId of ['-1', 'abc', '1.5']) {
      const form = new FormData();
      form.append('folderId', folderId);
      form.append('files', new Blob([pngBytes(300)]), 'ảnh.png');
      const res = await ctx.request('POST', '/api/Files/uploads', { body: form, token });
      expect(res.status).toBe(400);
      expect(res.body.Message).toMatch(/folderId/);
    }
    const form = new FormData();
    form.append('folderId', '0');
    form.append('files', new Blob([pngBytes(300)]), 'hoa\u202Egnp.exe.png');
    const res = await ctx.request('POST', '/api/Files/uploads', { body: form, token });
    expect(res.status).toBe(200);
    expect(res.body.data[0].name).toBe('hoagnp.exe.png');
  });

  it('stores rich text cleaned: what the editor makes stays, scripts, handlers and javascript: links go', async () => {
    const dirty =
      '<p style="text-align: center">Xin <strong>chào</strong><script>alert(1)</script></p>' +
      '<img src="/files/a.png" alt="a" onerror="alert(2)"><a href="javascript:alert(3)">x</a><a href="https://example.com" target="_blank">y</a>' +
      '<iframe src="https://evil.example"></iframe><table><tbody><tr><td colspan="2">ô</td></tr></tbody></table>';
    const check = (html: string) => {
      expect(html).toContain('<p style="text-align:center">Xin <strong>chào</strong></p>');
      expect(html).toContain('<img src="/files/a.png" alt="a" />');
      expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">y</a>');
      expect(html).toContain('<td colspan="2">ô</td>');
      expect(html).not.toMatch(/script|onerror|javascript:|iframe/i);
    };
    // Nested translations (news content).
    const news = await createNews(ctx, clinic, 'false', {
      newsTranslations: [{ languageId: 'vi-VN', title: 'Sạch', description: '', content: dirty, seoLink: `sach-${Date.now()}` }],
    });
    check((await ctx.authed('GET', `/api/News/detail/${clinic}/${news.id}`)).body.data.newsTranslations[0].content);
    // A per-language rich-text field of the engine (the expert's answer).
    const q = (await ctx.authed('POST', `/api/QAExperts/${clinic}`, { fullName: 'Khách', title: JSON.stringify({ 'vi-VN': 'Hỏi' }), answer: JSON.stringify({ 'vi-VN': dirty }) })).body.data;
    check(JSON.parse(q.answer)['vi-VN']);
    // Nothing but a script is nothing: a required answer is then missing.
    const empty = await ctx.authed('PUT', `/api/QAExperts/${clinic}/${q.id}`, { answer: JSON.stringify({ 'vi-VN': '<script>x</script>', 'en-US': '<script>x</script>' }), concurrencyStamp: q.concurrencyStamp });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toContain('answer');
  });

  // ---- issue 26, items 12–15: what an attacker tries (shared/input.ts holds the rules) ----

  /** Every answer of `calls` is a 400 whose `field` (or one of its `errors`) names `field`. */
  const refusedNaming = (res: { status: number; body: any; text: string }, field: string) => {
    expect(res.status, res.text).toBe(400);
    const named = [res.body.field, ...(res.body.errors ?? []).map((e: { field: string }) => e.field)];
    expect(named.some((f: string) => f === field || f?.startsWith(`${field}.`)), res.text).toBe(true);
  };

  /** An approved collaborator (registered through the intake) with one referred patient. */
  const collaboratorWithReferral = async (phoneNumber: string) => {
    const code = (await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: `CTV ${phoneNumber}`, phoneNumber } })).body.data.referralCode;
    const member = (await ctx.db.selectFrom('collaborators').select('id').where('referralCode', '=', code).executeTakeFirstOrThrow()).id;
    expect((await ctx.authed('PUT', `/api/DoiNhom/status/${member}`, { status: 2 })).status).toBe(200);
    expect((await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: code, fullName: `BN ${phoneNumber}`, phoneNumber: '0933444555' } })).status).toBe(201);
    const referral = (await ctx.authed('GET', `/api/DoiNhom/ttbn-search?userId=${member}&pageSize=1`)).body.data[0];
    return { member, referral };
  };
  const count = async (table: string) => Number((await dyn().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const dyn = () => ctx.db as unknown as Kysely<any>;

  it('refuses an id beyond the integer column in a body, a query or a path with a 400 naming it, never a 500', async () => {
    const big = 2147483648;
    const applicant = { fullName: 'Ứng viên', phoneNumber: '0901234567', email: 'a@b.vn' };
    refusedNaming(await ctx.request('POST', `/public/${clinic}/applications`, { json: { ...applicant, jobIds: [big] } }), 'jobIds');
    refusedNaming(await ctx.authed('POST', `/api/Recruitments/${clinic}`, { ...applicant, jobIds: [big] }), 'jobIds');
    refusedNaming(await ctx.authed('POST', `/api/Recruitments/${clinic}`, { ...applicant, jobIds: ['99999999999'] }), 'jobIds');
    const key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS' })).body.data.key;
    refusedNaming(await ctx.request('POST', '/integration/visits', { json: { referralId: 99999999999, visitDate: '2026-01-05', amount: 1000 }, headers: { 'x-api-key': key } }), 'referralId');
    const { member } = await collaboratorWithReferral('0922000001');
    refusedNaming(await ctx.authed('POST', `/api/DoiNhom/payment-commission/${member}`, { paymentType: 0, paymentTime: '2026-01-05T00:00:00', url: '/files/a.png', ids: [big] }), 'ids');
    // Engine reference fields, in a body and as a list filter; a hand-written list's query; a file's path.
    refusedNaming(await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách', customerPhone: '0901234567', appointmentDate: '2027-03-07', branchId: big } }), 'branchId');
    refusedNaming(await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: JSON.stringify({ '*': 'Hỏi?' }), answer: JSON.stringify({ '*': 'Đáp' }), faqGroupId: big }), 'faqGroupId');
    refusedNaming(await ctx.authed('GET', `/api/FAQs/${clinic}?faqGroupId=${big}`), 'faqGroupId');
    refusedNaming(await ctx.authed('GET', `/api/Bookings/${clinic}?branchId=${big}`), 'branchId');
    refusedNaming(await ctx.authed('GET', `/api/DoiNhom/ttbn-search?userId=${big}`), 'userId');
    for (const [method, path] of [['DELETE', '/api/Files/99999999999'], ['GET', '/api/folders/current-directory/99999999999']]) {
      expect((await ctx.authed(method, path)).status).toBe(400);
    }
    expect((await ctx.authed('POST', '/api/Folders', { name: 'Xa', parentId: 99999999999 })).status).toBe(400);
    refusedNaming(await ctx.authed('GET', '/api/Files/usages?ids=1,9999999999'), 'ids');
    refusedNaming(await ctx.authed('POST', '/api/Folders', { name: `Thứ tự ${Date.now()}`, parentId: null, order: 99999999999 }), 'order');
    refusedNaming(await ctx.authed('DELETE', '/push/UserTokens/user/99999999999'), 'userId');
  });

  it('refuses impossible dates wherever a date enters, with a 400 naming the field, and stores none', async () => {
    const before = await count('bookings');
    for (const appointmentDate of ['2027-02-30', '1', 'Mar 7 2027', '+275760-09-13', '2027-3-7', '0001-01-01']) {
      refusedNaming(await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách', customerPhone: '0901234567', appointmentDate } }), 'appointmentDate');
    }
    // A time of day is HH:mm, from the site or from staff.
    for (const [field, time] of [['startTime', '25:99'], ['startTime', '9h'], ['endTime', '24:00']]) {
      refusedNaming(await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách', customerPhone: '0901234567', appointmentDate: '2027-03-07', [field]: time } }), field);
      refusedNaming(await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: 'Khách', customerPhone: '0901234567', appointmentDate: '2027-03-07', [field]: time }), field);
    }
    expect(await count('bookings')).toBe(before);
    // A real day is taken, 29 February of a leap year too.
    expect((await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Khách Nhuận', customerPhone: '0901234567', appointmentDate: '2028-02-29' } })).status).toBe(201);
    // Staff editing the booking meet the same rule.
    const booked = (await ctx.authed('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent('Khách Nhuận')}`)).body.data[0];
    for (const appointmentDate of ['2028-02-30', 'Mar 7 2027']) {
      refusedNaming(await ctx.authed('PUT', `/api/Bookings/${clinic}/${booked.id}`, { ...booked, appointmentDate }), 'appointmentDate');
    }
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}/${booked.id}`)).body.data.appointmentDate).toBe('2028-02-29');
    // An applicant's birthday (an engine `date` field), a collaborator's birthday, a referral's appointment.
    refusedNaming(await ctx.authed('POST', `/api/Recruitments/${clinic}`, { fullName: 'Ứng viên', phoneNumber: '0901234567', birthday: '1999-02-29' }), 'birthday');
    refusedNaming(await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cộng tác', phoneNumber: '0911222333', birthday: '1990-13-01' } }), 'birthday');
    refusedNaming(await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: 'X', fullName: 'Bệnh nhân', phoneNumber: '0911222334', appointmentDate: 'Mar 7 2027' } }), 'appointmentDate');
    // The clinic's visit days, a payment's day, a referred patient's appointment, list filters.
    const key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS' })).body.data.key;
    const { member, referral } = await collaboratorWithReferral('0922000002');
    for (const visitDate of ['2024-02-30', '2023-02-29']) {
      refusedNaming(await ctx.request('POST', '/integration/visits', { json: { referralId: referral.id, visitDate, amount: 1000 }, headers: { 'x-api-key': key } }), 'visitDate');
    }
    refusedNaming(await ctx.authed('POST', `/api/DoiNhom/payment-commission/${member}`, { paymentType: 0, paymentTime: '2026-02-30T00:00:00', url: '/files/a.png', ids: [1] }), 'paymentTime');
    refusedNaming(
      await ctx.authed('PUT', `/api/DoiNhom/ttbn-update/${referral.id}`, { fullName: referral.fullName, phoneNumber: referral.phoneNumber, appointmentDate: '2027-02-30T00:00:00.000Z', status: referral.status, concurrencyStamp: referral.concurrencyStamp }),
      'appointmentDate',
    );
    refusedNaming(await ctx.authed('GET', `/api/Bookings/${clinic}?startDate=2027-02-30`), 'startDate');
    refusedNaming(await ctx.authed('GET', '/api/DoiNhom/ttbn-search?endDate=2027-02-30'), 'endDate');
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}?startDate=2027-02-28&endDate=2027-03-01`)).status).toBe(200);
  });

  it('stores phone numbers as their digits: one number written three ways is one collaborator', async () => {
    const register = (phoneNumber: string) => ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Trùng Số', phoneNumber } });
    expect((await register('0978 975 965')).status).toBe(201);
    for (const same of ['0978975965', '0978-975-965', '(0978) 975.965']) {
      const again = await register(same);
      expect(again.status, again.text).toBe(409);
      expect(again.body.field).toBe('phoneNumber');
    }
    const stored = await ctx.db.selectFrom('collaborators').select('phoneNumber').where('fullName', '=', 'Trùng Số').execute();
    expect(stored).toEqual([{ phoneNumber: '0978975965' }]);
    // A leading + is kept; an engine phone field (a booking's) is stored the same way.
    expect((await register('+84 978 975 966')).status).toBe(201);
    expect(await ctx.db.selectFrom('collaborators').select('phoneNumber').where('phoneNumber', 'like', '+84%').execute()).toEqual([{ phoneNumber: '+84978975966' }]);
    expect((await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: 'Số Điện Thoại', customerPhone: '0901.234-567', appointmentDate: '2027-03-07' } })).status).toBe(201);
    expect(await dyn().selectFrom('bookings').select('customerPhone').where('customerName', '=', 'Số Điện Thoại').execute()).toEqual([{ customerPhone: '0901234567' }]);
    // Looked up by phone however it is typed: the team's list and an engine list with a phone field.
    const team = await ctx.authed('GET', `/api/DoiNhom?keyword=${encodeURIComponent('0978-975 965')}`);
    expect(team.body.data.map((m: { fullName: string }) => m.fullName)).toEqual(['Trùng Số']);
    const bookings = await ctx.authed('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent('0901 234 567')}&pageSize=100`);
    expect(bookings.body.data.map((b: { customerName: string }) => b.customerName)).toContain('Số Điện Thoại');
  });

  it('one number written three ways, registered at the same moment, makes one collaborator (the unique index decides)', async () => {
    const spellings = ['0977 111 222', '0977111222', '0977-111-222', '(0977) 111.222'];
    const answers = await Promise.all(spellings.map((phoneNumber) => ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'Cùng Lúc', phoneNumber } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.field).toBe('phoneNumber');
    expect(await ctx.db.selectFrom('collaborators').select('phoneNumber').where('fullName', '=', 'Cùng Lúc').execute()).toEqual([{ phoneNumber: '0977111222' }]);
  });

  it("answers 404 to a delete of another website's record before any usage check: its use is not told", async () => {
    // Lan is staff of the clinic only here.
    const lan = (await ctx.db.selectFrom('users').select('id').where('userName', '=', 'lan.nguyen').executeTakeFirstOrThrow()).id;
    await ctx.db.deleteFrom('website_users').where('websiteId', '=', spa).where('userId', '=', lan).execute();
    try {
      const token = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
      const asLan = (method: string, path: string) => ctx.request(method, path, { token });
      // A FAQ group of the spa, used by one FAQ; a career entry of the spa, used by one job.
      const group = (await ctx.authed('POST', `/api/FAQGroups/${spa}`, { name: JSON.stringify({ '*': 'Nhóm spa' }), order: 0, isActive: true })).body.data;
      const faq = await ctx.authed('POST', `/api/FAQs/${spa}`, { question: JSON.stringify({ '*': 'Hỏi?' }), answer: JSON.stringify({ '*': 'Đáp' }), faqGroupId: group.id });
      expect(faq.status, faq.text).toBe(200);
      const career = (await ctx.authed('POST', `/api/listCategorys/${spa}/1`, { name: JSON.stringify({ '*': 'Ngành spa' }), seoLink: `nganh-spa-${Date.now()}`, order: 0, isActive: true })).body.data;
      const job = await ctx.authed('POST', `/api/Jobs/${spa}`, { name: JSON.stringify({ '*': 'Kỹ thuật viên' }), seoLink: `ktv-${Date.now()}`, salaryRange: '10tr', industryId: career.id });
      expect(job.status, job.text).toBe(200);
      expect((await asLan('DELETE', `/api/FAQGroups/${spa}/${group.id}`)).status).toBe(403);
      for (const path of [`/api/FAQGroups/${clinic}/${group.id}`, `/api/listCategorys/${clinic}/1/${career.id}`]) {
        const res = await asLan('DELETE', path);
        expect(res.status, res.text).toBe(404);
        expect(res.text).not.toMatch(/faq|job|tin tuyển dụng|câu hỏi/i);
      }
      // In its own website the usage is still told.
      expect((await ctx.authed('DELETE', `/api/FAQGroups/${spa}/${group.id}`)).status).toBe(409);
    } finally {
      await ctx.db.insertInto('website_users').values({ websiteId: spa, userId: lan, createdAt: new Date().toISOString() }).execute();
    }
  });
},
  // Many posts to the public intake from one address.
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);
