// What is left to translate (issue 42, docs/api.md "Translations"): per list and per language of the website, how many
// records lack a required per-language field; and the records missing one language, which "translate next" walks.
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr } from './harness';

type Count = { resource: string; total: number; missing: Record<string, number> };

describeEachDatabase('translations', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });
  const english = async (isActive: boolean) => {
    const langs = (await ctx.authed('GET', `/api/Websites/${clinic}/languages`)).body as { languageId: string; isDefault: boolean; concurrencyStamp?: string }[];
    const en = langs.find((l) => l.languageId === 'en-US')!;
    const res = await ctx.authed('PUT', `/api/Websites/${clinic}/languages/en-US`, { ...en, isActive });
    expect(res.status, res.text).toBe(200);
  };
  const counts = async (token?: string) => {
    const res = token ? await ctx.request('GET', `/api/Translations/${clinic}`, { token }) : await ctx.authed('GET', `/api/Translations/${clinic}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data as Count[];
  };

  it('counts the records a language is missing, lists them, and forgets one once translated', async () => {
    const group = (await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr('Chung', 'General'), code: 'GEN', order: 1 })).body.data.id as number;
    const complete = (await ctx.authed('POST', `/api/FAQs/${clinic}`, { faqGroupId: group, question: tr('Đủ', 'Complete'), answer: tr('<p>Có</p>', '<p>Yes</p>') })).body.data;
    // Written while the website had no English (the records of a website that takes a language later).
    await english(false);
    const first = (await ctx.authed('POST', `/api/FAQs/${clinic}`, { faqGroupId: group, question: tr('Khám ở đâu?', ''), answer: tr('<p>Tầng 1</p>', '') })).body.data;
    const second = (await ctx.authed('POST', `/api/FAQs/${clinic}`, { faqGroupId: group, question: tr('Mấy giờ mở cửa?', ''), answer: tr('<p>7 giờ</p>', '<p></p>') })).body.data;
    await english(true);

    const faq = (await counts()).find((c) => c.resource === 'faq')!;
    expect(faq).toEqual({ resource: 'faq', total: 3, missing: { 'vi-VN': 0, 'en-US': 2 } });
    const groups = (await counts()).find((c) => c.resource === 'faqGroup')!;
    expect(groups.missing['en-US']).toBe(0);

    const next = await ctx.authed('GET', `/api/Translations/${clinic}/faq/en-US`);
    expect(next.body.data).toEqual([first.id, second.id]);
    expect(next.body.data).not.toContain(complete.id);
    expect((await ctx.authed('GET', `/api/Translations/${clinic}/faq/vi-VN`)).body.data).toEqual([]);

    const saved = await ctx.authed('PUT', `/api/FAQs/${clinic}/${first.id}`, { ...first, question: tr('Khám ở đâu?', 'Where?'), answer: tr('<p>Tầng 1</p>', '<p>First floor</p>') });
    expect(saved.status, saved.text).toBe(200);
    expect((await counts()).find((c) => c.resource === 'faq')!.missing['en-US']).toBe(1);
    expect((await ctx.authed('GET', `/api/Translations/${clinic}/faq/en-US`)).body.data).toEqual([second.id]);
  });

  it('counts news by their translation rows', async () => {
    const before = (await counts()).find((c) => c.resource === 'news')!;
    await english(false);
    const res = await ctx.authed('POST', `/api/News/${clinic}/false`, {
      newsTranslations: [{ languageId: 'vi-VN', title: 'Chỉ tiếng Việt', content: '<p>Nội dung</p>', seoLink: 'chi-tieng-viet' }],
      featureImage: '/files/a.jpg', featureImageMobile: '/files/b.jpg', type: 0,
    });
    expect(res.status, res.text).toBe(200);
    await english(true);
    const after = (await counts()).find((c) => c.resource === 'news')!;
    expect(after.total).toBe(before.total + 1);
    expect(after.missing['en-US']).toBe(before.missing['en-US'] + 1);
    expect((await ctx.authed('GET', `/api/Translations/${clinic}/news/en-US`)).body.data).toContain(res.body.data.id);
  });

  it('answers a bad language or list with a 4xx, another website\'s with 403 or 404', async () => {
    expect((await ctx.authed('GET', `/api/Translations/${clinic}/faq/xx-XX`)).status).toBe(400);
    expect((await ctx.authed('GET', `/api/Translations/${clinic}/nothing/en-US`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/Translations/99999`)).status).toBe(404);
  });
}, { seedDemo: true });
