// Issue 38 (strict input shapes, found by an attacker's test): one rule for every field type, the link rule, and the
// attacker's other findings (a sign-in name too long for PostgreSQL's index, webhooks to metadata addresses, FAQs of
// an inactive group, another user's chunked upload, If-None-Match: * on a missing key, the preflight's origins).
// Both databases. The sweep over every definition's fields is in strict-input-sweep.test.ts.
/* eslint-disable @typescript-eslint/no-explicit-any -- the engine's tables are read without a static schema */
import type { Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { m0028_safe_links } from '../../server/db/migrations/0028_safe_links';
import { checkedLookup, RefusedAddress } from '../../server/webhooks/dispatcher';
import { addressVerdict, hostVerdict } from '../../server/webhooks/address';
import { CLIENT, demoWebsites, describeEachDatabase, EN, tr } from './harness';
import { chunkOf, sendChunk } from './files-helpers';
import { pngBytes } from './file-bytes';

describeEachDatabase('strict input shapes', (ctx) => {
  let clinic = 0;
  const dyn = () => ctx.db as unknown as Kysely<any>;
  const count = async (table: string) => Number((await dyn().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const refusedNaming = (res: { status: number; body: any; text: string }, field: string) => {
    expect(res.status, res.text).toBe(400);
    const named = [res.body.field, ...(res.body.errors ?? []).map((e: { field: string }) => e.field)];
    expect(named.includes(field), res.text).toBe(true);
  };
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  it('a plain text field takes a string only: an object is a 400 naming it, on create and update, and nothing is stored', async () => {
    const feedback = { title: 'Góp ý', fullName: 'Khách', email: 'a@b.vn', phoneNumber: '0978975965' };
    const before = await count('feedbacks');
    for (const title of [{ 'vi-VN': '', 'en-US': '' }, { 'vi-VN': 'a' }, ['a'], 5, true]) {
      refusedNaming(await ctx.authed('POST', `/api/Feedbacks/${clinic}`, { ...feedback, title }), 'title');
    }
    expect(await count('feedbacks')).toBe(before);
    const made = await ctx.authed('POST', `/api/Feedbacks/${clinic}`, feedback);
    expect(made.status, made.text).toBe(200);
    refusedNaming(await ctx.authed('PUT', `/api/Feedbacks/${clinic}/${made.body.data.id}`, { ...made.body.data, title: { 'vi-VN': '', 'en-US': '' } }), 'title');
    expect((await ctx.authed('GET', `/api/Feedbacks/${clinic}/${made.body.data.id}`)).body.data.title).toBe('Góp ý');
  });

  it('the public intake follows the same rule: a wrong type is a 400 naming the field, and nothing is stored', async () => {
    const tables = ['feedbacks', 'bookings', 'collaborators', 'recruitments'];
    const before = await Promise.all(tables.map(count));
    const post = (path: string, json: unknown) => ctx.request('POST', `/public/${clinic}/${path}`, { json });
    refusedNaming(await post('feedback', { title: { 'vi-VN': '', 'en-US': '' }, fullName: 'Khách', email: 'a@b.vn', phoneNumber: '0978975965' }), 'title');
    refusedNaming(await post('bookings', { customerName: 'Khách', customerPhone: '0901234567', appointmentDate: '2027-03-07', branchId: '0x1' }), 'branchId');
    refusedNaming(await post('bookings', { customerName: ['Khách'], customerPhone: '0901234567', appointmentDate: '2027-03-07' }), 'customerName');
    refusedNaming(await post('applications', { fullName: 'Ứng viên', phoneNumber: '0901234567', email: 'a@b.vn', jobIds: ['1e0'] }), 'jobIds');
    refusedNaming(await post('collaborators', { fullName: { a: 'b' }, phoneNumber: '0911222338' }), 'fullName');
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('a number takes a JSON number or plain digits: never hex, exponent, padded or fractional forms; booleans take true/false', async () => {
    const base = { name: tr('Khách'), position: tr('Nhân viên'), seoLink: `khach-${Date.now()}` };
    const before = await count('customer_feedbacks');
    for (const [field, value] of [['rate', '0x3'], ['rate', '3e0'], ['rate', ' 3'], ['rate', '03'], ['rate', '3.0'], ['rate', 3.5], ['rate', []], ['rate', {}], ['rate', true],
      ['order', '1e3'], ['order', '0x10'], ['order', 'Infinity'], ['isActive', 'true'], ['isActive', 1], ['isActive', []], ['isActive', '']] as const) {
      refusedNaming(await ctx.authed('POST', `/api/CustomerFeedbacks/${clinic}`, { ...base, [field]: value }, EN), field);
    }
    expect(await count('customer_feedbacks')).toBe(before);
    const ok = await ctx.authed('POST', `/api/CustomerFeedbacks/${clinic}`, { ...base, rate: '4', order: 7, isActive: false });
    expect(ok.status, ok.text).toBe(200);
    expect([ok.body.data.rate, ok.body.data.order, ok.body.data.isActive]).toEqual([4, 7, false]);
    // Ids in paths and references: the same rule.
    refusedNaming(await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Hỏi?'), answer: tr('Đáp'), faqGroupId: '0x1' }), 'faqGroupId');
    expect((await ctx.authed('GET', `/api/CustomerFeedbacks/${clinic}/0x${ok.body.data.id.toString(16)}`)).status).toBe(400);
  });

  it('the integration API takes an amount as digits, as it takes the referral id, and refuses the forms that mean another number', async () => {
    const key = (await ctx.authed('POST', '/api/IntegrationKeys', { name: 'HIS' })).body.data.key;
    const code = (await ctx.request('POST', `/public/${clinic}/collaborators`, { json: { fullName: 'CTV số', phoneNumber: '0922000038' } })).body.data.referralCode;
    const member = (await ctx.db.selectFrom('collaborators').select('id').where('referralCode', '=', code).executeTakeFirstOrThrow()).id;
    expect((await ctx.authed('PUT', `/api/DoiNhom/status/${member}`, { status: 2 })).status).toBe(200);
    expect((await ctx.request('POST', `/public/${clinic}/referrals`, { json: { referralCode: code, fullName: 'BN số', phoneNumber: '0933444038' } })).status).toBe(201);
    const referral = (await ctx.authed('GET', `/api/DoiNhom/ttbn-search?userId=${member}&pageSize=1`)).body.data[0];
    const visit = (json: unknown) => ctx.request('POST', '/integration/visits', { json, headers: { 'x-api-key': key } });
    for (const amount of ['0x10', '1e3', ' 100', '100.5', '', true, [100]]) refusedNaming(await visit({ referralId: String(referral.id), visitDate: '2026-01-05', amount }), 'amount');
    for (const referralId of ['0x1', '1e0', ` ${referral.id}`]) refusedNaming(await visit({ referralId, visitDate: '2026-01-05', amount: 100 }), 'referralId');
    const ok = await visit({ referralId: String(referral.id), visitDate: '2026-01-05', amount: '100' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.amount).toBe(100);
  });

  it('a link field takes http(s), a site path, mailto: and tel:, from any staff member, and stores nothing else', async () => {
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const bad = ['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', '/\\evil.example'];
    const before = await count('partners');
    for (const url of bad) {
      const res = await ctx.request('POST', `/api/Partners/${clinic}`, { json: { name: tr('Đối tác'), url, order: 1, isActive: true }, token: lan, headers: EN.headers });
      refusedNaming(res, 'url');
      expect(res.body.Message).toContain('URL must be an http(s)://');
      refusedNaming(await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Mạng'), url, order: 1 }), 'url');
      refusedNaming(await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Băng rôn'), url, type: 0, position: 0 }), 'url');
    }
    expect(await count('partners')).toBe(before);
    for (const url of ['https://partner.example/a?b=1', '/lien-he', 'mailto:hi@partner.example', 'tel:+84 28 3822 6868']) {
      const res = await ctx.request('POST', `/api/Partners/${clinic}`, { json: { name: tr(`Đối tác ${url}`), url, order: 1, isActive: true }, token: lan });
      expect(res.status, res.text).toBe(200);
    }
  });

  it('migration 0028 empties stored links that break the rule and says how many', async () => {
    const at = '2026-01-02T03:04:05.000Z';
    const row = (url: string) => ({ websiteId: clinic, name: tr('Cũ'), description: '{}', alt: null, url, order: 0, isActive: true, concurrencyStamp: 's', createdAt: at, updatedAt: at, searchText: 'cu' });
    const ids = [];
    for (const url of ['javascript:alert(1)', '//evil.example', 'https://ok.example', '/ok']) {
      ids.push((await dyn().insertInto('partners').values(row(url)).returning('id').executeTakeFirstOrThrow()).id);
    }
    const said: string[] = [];
    const warn = console.warn;
    console.warn = (line: string) => void said.push(line);
    try {
      // The step itself, run again (later steps, 0031 on, are applied already: the migrator would refuse an older one).
      await m0028_safe_links.up(ctx.db, ctx.dialect);
    } finally {
      console.warn = warn;
    }
    const urls = await dyn().selectFrom('partners').select(['id', 'url']).where('id', 'in', ids).orderBy('id').execute();
    expect(urls.map((r: any) => r.url)).toEqual([null, null, 'https://ok.example', '/ok']);
    expect(said.join('\n')).toMatch(/0028_safe_links: emptied 2 .*partners\.url ×2/);
  });

  it('a sign-in name over 256 characters is a 400 naming it, before anything is looked up or stored', async () => {
    const attempts = await count('login_attempts');
    // Incompressible: PostgreSQL cannot index it (over 2,700 bytes).
    const userName = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
    const res = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: userName, password: 'x', ...CLIENT } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.field).toBe('username');
    expect(res.body.error).toBe('invalid_request');
    expect(await count('login_attempts')).toBe(attempts);
  });

  it('webhooks: link-local and metadata addresses are refused at registration; private ones unless allowed; and again at send time', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/', 'http://metadata.google.internal/computeMetadata/v1/', 'http://[::ffff:169.254.169.254]/', 'http://[fe80::1]/']) {
      refusedNaming(await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url, isActive: true }), 'url');
    }
    expect(await count('webhooks')).toBe(0);
    // Allowed here (the tests' WEBHOOKS_ALLOW_PRIVATE=1): the tests' receivers listen on 127.0.0.1.
    const local = await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'http://127.0.0.1:9/hook', isActive: true });
    expect(local.status, local.text).toBe(200);
    await ctx.authed('DELETE', `/api/Webhooks/${clinic}/${local.body.data.id}`);
    await ctx.restart({ webhooks: { allowPrivate: false, send: false } });
    try {
      for (const url of ['http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://10.0.0.5/hook', 'http://192.168.1.1/', 'http://[::1]/']) {
        refusedNaming(await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url, isActive: true }), 'url');
      }
      expect((await ctx.authed('POST', `/api/Webhooks/${clinic}`, { url: 'https://hooks.example.com/x', isActive: true })).status).toBe(200);
    } finally {
      await dyn().deleteFrom('webhooks').execute();
      await ctx.restart({ webhooks: {} });
    }
    // At send time every address the name resolves to is checked (localhost resolves to loopback).
    const refused = await new Promise<unknown>((resolve) => checkedLookup(false)('localhost', {}, (err) => resolve(err)));
    expect(refused).toBeInstanceOf(RefusedAddress);
    const allowed = await new Promise<unknown>((resolve) => checkedLookup(true)('localhost', {}, (err) => resolve(err)));
    expect(allowed).toBeNull();
    expect(['169.254.169.254', 'fd00:ec2::254', '::ffff:169.254.1.1', 'fe80::1'].map(addressVerdict)).toEqual(['metadata', 'metadata', 'metadata', 'metadata']);
    expect(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '::1', 'fc00::1', '0.0.0.0'].map(addressVerdict)).toEqual(Array(7).fill('private'));
    expect(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'].map(addressVerdict)).toEqual(['ok', 'ok']);
    expect(hostVerdict('METADATA.google.internal.')).toBe('metadata');
  });

  it('an inactive FAQ group hides its FAQs from the delivery API', async () => {
    const group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Nhóm ẩn'), seoLink: `nhom-an-${Date.now()}`, order: 1, isActive: true })).body.data;
    const faq = await ctx.authed('POST', `/api/FAQs/${clinic}`, { question: tr('Câu hỏi nhóm ẩn?'), answer: tr('Đáp'), faqGroupId: group.id, order: 1, isActive: true });
    expect(faq.status, faq.text).toBe(200);
    const listed = async () => ((await ctx.request('GET', `/content/${clinic}/vi-VN/faqs`)).body.data as { id: number }[]).map((f) => f.id);
    expect(await listed()).toContain(faq.body.data.id);
    expect((await ctx.authed('PUT', `/api/FAQGroups/${clinic}/${group.id}`, { ...group, isActive: false })).status).toBe(200);
    expect(await listed()).not.toContain(faq.body.data.id);
    const byGroup = (await ctx.request('GET', `/content/${clinic}/vi-VN/faqs?faqGroupId=${group.id}`)).body.data;
    expect(byGroup).toEqual([]);
  });

  it('a chunked upload takes chunks only from the user who started it', async () => {
    const admin = (await ctx.signIn()).access_token;
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const bytes = pngBytes(2_500_000);
    const fileId = `theirs-${Date.now()}`;
    const fields = (chunkIndex: number) => ({ fileId, chunkIndex, totalChunks: 2, originalFileName: 'của tôi.png', totalSize: bytes.length });
    expect((await sendChunk(ctx, admin, fields(0), chunkOf(bytes, 0))).status).toBe(200);
    const theirs = await sendChunk(ctx, lan, fields(1), chunkOf(bytes, 1));
    expect(theirs.status, theirs.text).toBe(403);
    expect((await ctx.authed('GET', `/api/chunk/status/${fileId}`)).body.data.complete).toBe(false);
    const mine = await sendChunk(ctx, admin, fields(1), chunkOf(bytes, 1));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.data.complete).toBe(true);
  });

  it('If-None-Match: * is a 404 for a key that does not exist, a 304 for one that does; the preflight allows what the GET allows', async () => {
    const seoLink = `nhom-co-${Date.now()}`;
    expect((await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Nhóm có'), seoLink, order: 1, isActive: true })).status).toBe(200);
    const star = { headers: { 'if-none-match': '*' } };
    expect((await ctx.request('GET', `/content/${clinic}/vi-VN/faq-groups/khong-co-${Date.now()}`, star)).status).toBe(404);
    expect((await ctx.request('GET', `/content/${clinic}/vi-VN/faq-groups/${seoLink}`, star)).status).toBe(304);
    expect((await ctx.request('GET', `/content/${clinic}/vi-VN/faq-groups/${seoLink}`, star)).status).toBe(304);
    const path = `/content/${clinic}/vi-VN/faqs`;
    const preflight = (origin: string) =>
      ctx.request('OPTIONS', path, { headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } });
    expect((await preflight('https://elsewhere.example')).headers.get('access-control-allow-origin')).toBe('*');
    const current = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
    expect((await ctx.authed('PUT', `/api/Websites/${clinic}`, { ...current, contentOrigins: 'https://www.clinic.example' })).status).toBe(200);
    try {
      expect((await preflight('https://elsewhere.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await ctx.request('GET', path, { headers: { origin: 'https://elsewhere.example' } })).headers.get('access-control-allow-origin')).toBeNull();
      expect((await preflight('https://www.clinic.example')).headers.get('access-control-allow-origin')).toBe('https://www.clinic.example');
    } finally {
      const now = (await ctx.authed('GET', `/api/Websites/${clinic}`)).body.data;
      await ctx.authed('PUT', `/api/Websites/${clinic}`, { ...now, contentOrigins: '' });
    }
  });
});
