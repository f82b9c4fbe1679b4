// Bringing data in (issue 42; server/import/routes.ts, docs/api.md "Import"): a dry run names each bad row with the
// engine's own words and writes nothing; the import creates every good row through the engine (its history entry,
// its uniqueness) and refuses the rest; a long import leaves the server answering other requests.
import { beforeAll, expect, it } from 'vitest';
import { createUser } from './account-helpers';
import type { Grant } from '../../shared/permissions';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase('import', (ctx) => {
  let clinic = 0;
  let group = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
    group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Nhập từ tệp', 'Imported'), code: 'IMPORT' })).body.data.id;
  });

  const faqCount = async () => (await ctx.authed('GET', `/api/Faqs/${clinic}?page=1&pageSize=10`)).body.totalRows as number;
  const rows = () => [
    { question: tr('Có gửi xe được không?', 'Is there parking?'), answer: tr('<p>Có</p>', '<p>Yes</p>'), order: 1, faqGroupId: group },
    { question: tr('Mấy giờ mở cửa?', ''), answer: tr('<p>7 giờ</p>', '<p>7 am</p>'), order: 2, faqGroupId: group },
    { question: tr('Có nhận bảo hiểm?', 'Insurance?'), answer: tr('<p>Có</p>', '<p>Yes</p>'), order: -1, faqGroupId: group },
  ];

  it('dry run: each refused row with the engine’s messages, and nothing written', async () => {
    const before = await faqCount();
    const res = await ctx.authed('POST', `/api/Import/${clinic}/faq/check`, { rows: rows(), first: 2 }, EN);
    expect(res.status).toBe(200);
    expect(res.body.data.done).toEqual([{ row: 2, id: null }]);
    expect(res.body.data.refused).toEqual([
      { row: 3, status: 400, message: 'Question (English) is required', errors: [{ field: 'question', languageId: 'en-US', message: 'Question (English) is required' }] },
      { row: 4, status: 400, message: 'order must be in right format', errors: [{ field: 'order', message: 'order must be in right format' }] },
    ]);
    expect(await faqCount()).toBe(before);
    // In Vietnamese by default: the spec's wording.
    const vi = await ctx.authed('POST', `/api/Import/${clinic}/faq/check`, { rows: rows() });
    expect(vi.body.data.refused.map((r: { message: string }) => r.message)).toEqual(['Câu hỏi (English) là trường bắt buộc', 'Thứ tự phải đúng định dạng']);
  });

  it('import: the good rows created through the engine (with their history), the bad ones refused', async () => {
    const before = await faqCount();
    const res = await ctx.authed('POST', `/api/Import/${clinic}/faq`, { rows: rows(), first: 2 }, EN);
    expect(res.status).toBe(200);
    expect(res.body.data.refused.map((r: { row: number }) => r.row)).toEqual([3, 4]);
    const [done] = res.body.data.done as { row: number; id: number }[];
    expect(done.row).toBe(2);
    expect(await faqCount()).toBe(before + 1);
    const saved = await ctx.authed('GET', `/api/FAQs/${clinic}/${done.id}`);
    expect(JSON.parse(saved.body.data.question)).toEqual({ 'vi-VN': 'Có gửi xe được không?', 'en-US': 'Is there parking?' });
    const history = await ctx.authed('GET', `/api/History/${clinic}/faq/${done.id}`);
    expect(history.body.data.map((e: { operation: string }) => e.operation)).toEqual(['create']);
  });

  it('uniqueness: a value taken in the website, or by an earlier row of the file, is refused', async () => {
    const category = (seoLink: string) => ({ name: tr(`Chuyên mục ${seoLink}`, `Category ${seoLink}`), seoLink });
    const batch = [category('nhap-mot'), category('nhap-mot'), category('nhap-hai')];
    const dry = await ctx.authed('POST', `/api/Import/${clinic}/newsCategory/check`, { rows: batch }, EN);
    expect(dry.body.data.done.map((r: { row: number }) => r.row)).toEqual([1, 3]);
    expect(dry.body.data.refused).toEqual([{ row: 2, status: 409, message: 'The SEO link "nhap-mot" is already used by another category of this website' }]);
    const real = await ctx.authed('POST', `/api/Import/${clinic}/newsCategory`, { rows: batch }, EN);
    expect(real.body.data.done.map((r: { row: number }) => r.row)).toEqual([1, 3]);
    expect(real.body.data.refused).toMatchObject([{ row: 2, status: 409, message: 'The SEO link "nhap-mot" is already used by another category of this website' }]);
    // Now in the website: the dry run finds them taken by the stored records.
    const again = await ctx.authed('POST', `/api/Import/${clinic}/newsCategory/check`, { rows: [category('nhap-hai')] }, EN);
    expect(again.body.data.refused).toMatchObject([{ row: 1, status: 409 }]);
  });

  it('a child list: the parent from the query, checked in the website', async () => {
    const menu = await ctx.authed('POST', `/api/Menus/${clinic}`, { name: tr('Menu chân trang', 'Footer menu'), position: 1 });
    const menuId = menu.body.data.id as number;
    const item = { name: tr('Liên hệ', 'Contact'), objectType: 0, url: 'https://example.com/lien-he' };
    const res = await ctx.authed('POST', `/api/Import/${clinic}/menuItem?menuId=${menuId}`, { rows: [item] }, EN);
    expect(res.body.data.refused).toEqual([]);
    const items = (await ctx.authed('GET', `/api/Menus/item/get-all/${clinic}/${menuId}`)).body as { id: number }[];
    expect(items.map((i) => i.id)).toContain(res.body.data.done[0].id);
    expect((await ctx.authed('POST', `/api/Import/${clinic}/menuItem?menuId=999999`, { rows: [item] })).status).toBe(404);
    expect((await ctx.authed('POST', `/api/Import/${clinic}/menuItem`, { rows: [item] })).status).toBe(400);
  });

  it('bad requests answer 4xx with a message', async () => {
    const cases: [string, unknown, number][] = [
      [`/api/Import/${clinic}/news`, { rows: rows() }, 404], // news declares no import
      [`/api/Import/${clinic}/nothing`, { rows: rows() }, 404],
      [`/api/Import/${clinic}/toString`, { rows: rows() }, 404],
      [`/api/Import/${clinic}/faq`, { rows: [] }, 400],
      [`/api/Import/${clinic}/faq`, { rows: Array.from({ length: 501 }, () => rows()[0]) }, 400],
      [`/api/Import/${clinic}/faq`, {}, 400],
      [`/api/Import/999999/faq`, { rows: rows() }, 404],
    ];
    for (const [path, body, status] of cases) {
      const res = await ctx.authed('POST', path, body, EN);
      expect([path, res.status]).toEqual([path, status]);
      expect(res.body.Message).toBeTruthy();
    }
    const odd = await ctx.authed('POST', `/api/Import/${clinic}/faq/check`, { rows: [42] }, EN);
    expect(odd.body.data.refused).toEqual([{ row: 1, status: 400, message: 'This row is not a JSON object' }]);
    expect((await ctx.request('POST', `/api/Import/${clinic}/faq`, { json: { rows: rows() } })).status).toBe(401);
  });

  it('follows the role: no create, no import; a field the role hides is left at its default', async () => {
    const all: Omit<Grant, 'actions' | 'hiddenFields'> = { list: 'all', read: 'all', create: 'all', update: 'all', delete: 'all' };
    const member = async (name: string, grant: Partial<Grant>) => {
      const made = await ctx.authed('POST', '/api/Roles', { name: { 'vi-VN': name, 'en-US': name }, grants: { FAQs: { ...all, ...grant } } });
      expect(made.status, made.text).toBe(200);
      const userName = `import.${name}.${ctx.dialect}`;
      const id = await createUser(ctx.db, ctx.clock.now(), { userName, password: 'Staff@123', fullName: name });
      expect((await ctx.authed('POST', `/api/Websites/user/${clinic}/${id}`)).status).toBe(200);
      expect((await ctx.authed('PUT', `/api/Websites/user/${clinic}/${id}`, { roleId: made.body.data.id })).status).toBe(200);
      const token = (await ctx.signIn(userName, 'Staff@123')).access_token;
      return (path: string, json: unknown) => ctx.request('POST', path, { json, token, ...EN });
    };
    const reader = await member('reader', { create: 'none' });
    const refused = await reader(`/api/Import/${clinic}/faq`, { rows: rows() });
    expect(refused.status).toBe(403);
    expect(refused.body.Message).toBeTruthy();
    expect((await reader(`/api/Import/${clinic}/faq/check`, { rows: rows() })).status).toBe(403);

    const writer = await member('writer', { hiddenFields: ['alt'] });
    const res = await writer(`/api/Import/${clinic}/faq`, { rows: [{ ...rows()[0], alt: 'set by a file' }] });
    expect(res.body.data.refused).toEqual([]);
    const saved = await ctx.authed('GET', `/api/FAQs/${clinic}/${res.body.data.done[0].id}`);
    expect(saved.body.data.alt ?? '').toBe('');
  });

  it('a long import does not keep other requests waiting', async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ question: tr(`Câu hỏi nhập ${i}`, `Imported question ${i}`), answer: tr('<p>Có</p>', '<p>Yes</p>'), order: i, faqGroupId: group }));
    const before = await faqCount();
    let importFinished = false;
    const importing = ctx.authed('POST', `/api/Import/${clinic}/faq`, { rows: many }).then((res) => {
      importFinished = true;
      return res;
    });
    // Once rows are going in, a list read is answered while the import still runs.
    let count = before;
    while (count === before && !importFinished) count = await faqCount();
    const during = await ctx.authed('GET', `/api/Faqs/${clinic}?page=1&pageSize=10`);
    expect(during.status).toBe(200);
    expect(importFinished).toBe(false);
    const res = await importing;
    expect(res.body.data.done).toHaveLength(200);
    expect(await faqCount()).toBe(before + 200);
  }, 180_000);
}, { seedDemo: true });
