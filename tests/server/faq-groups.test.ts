// FAQ groups: a resource added as one definition (shared/resources/faq-group.ts) and nothing else on the
// server. Its spec calls, its messages, its search panel's filters, its lookup and website scoping.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, EN, tr } from './harness';

describeEachDatabase('faq groups', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  it('answers every call of the spec with its messages', async () => {
    const bad = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Hỏi đáp', ''), order: -1 }, EN);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'name', languageId: 'en-US', message: 'Name (English) is required' },
      { field: 'order', message: 'order must be in right format' },
    ]);

    const created = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Đặt lịch khám', 'Booking'), code: 'BOOK', isCustomer: true }, EN);
    expect(created.body).toMatchObject({ code: 1, message: 'Added successfully', data: { order: 0, isActive: true, isCustomer: true } });
    const rec = created.body.data;
    await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Bảo hiểm', 'Insurance'), code: 'INS', order: 1 });

    const page = await ctx.authed('GET', `/api/FaqGroups/${clinic}?page=1&pageSize=20`);
    expect(page.body.totalRows).toBe(2);
    const all = await ctx.authed('GET', `/api/FAQGroups/get-all/${clinic}`);
    expect((all.body as { id: number }[]).map((g) => g.id)).toContain(rec.id);

    // The search panel's text fields: case and diacritics ignored; booleans by equality.
    const byName = await ctx.authed('GET', `/api/FaqGroups/${clinic}?name=${encodeURIComponent('dat LICH')}`);
    expect(byName.body.data.map((g: { id: number }) => g.id)).toEqual([rec.id]);
    expect((await ctx.authed('GET', `/api/FaqGroups/${clinic}?isCustomer=false`)).body.totalRows).toBe(1);

    const updated = await ctx.authed('PUT', `/api/FAQGroups/${clinic}/${rec.id}`, { ...rec, seoLink: 'dat-lich' });
    expect(updated.body).toMatchObject({ code: 1, data: { seoLink: 'dat-lich' } });
    const stale = await ctx.authed('PUT', `/api/FAQGroups/${clinic}/${rec.id}`, { ...rec, seoLink: 'other' });
    expect(stale.status).toBe(409);

    // Another website never sees it.
    expect((await ctx.authed('GET', `/api/FAQGroups/${spa}/${rec.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/FaqGroups/${spa}/${rec.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/FaqGroups/${clinic}/${rec.id}`)).status).toBe(200);
    expect((await ctx.authed('GET', `/api/FAQGroups/${clinic}/${rec.id}`)).status).toBe(404);
  });
}, { seedDemo: true });
