// The delivery API's news and services (/content/{website}/{lang}/news, services; issue 28), on both databases,
// seeded through the staff API with the real review: a staff member submits, a reviewer decides. Published only
// (drafts, pending, declined, inactive and future items absent, 404 by link), the published version kept apart from
// later edits (a declined edit leaves it, a new approval replaces it, a delete removes it), scheduled publishing with
// a moved clock, the category and keyword filters, paging, the default language's fallback, a title missing in a
// language.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose: tests assert on them */
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr, type ServerTestContext } from './harness';
import { newsBody } from './news-helpers';
import { buildApp } from '../../server/app';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const HOUR = 3_600_000;

/** GET /content/{website}/{lang}/{area}[/{key}]?query, as a website reads it: no sign-in. */
async function content(ctx: ServerTestContext, site: number, lang: string, rest: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; etag?: string }> {
  const res = await ctx.request('GET', `/content/${site}/${lang}/${rest}`, { headers });
  if (res.status === 404) expect(res.body).toMatchObject({ code: 404, Message: expect.any(String), message: expect.any(String) });
  return { status: res.status, body: res.body, etag: res.headers.get('etag') ?? undefined };
}

describeEachDatabase('delivery: news and services', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
  });

  /** A news item submitted by the admin (pending, or a draft), with a word of its own in every title. */
  async function submit(word: string, extra: Record<string, unknown> = {}, flag: 'true' | 'false' = 'true', site = clinic) {
    const body = newsBody(extra);
    for (const t of body.newsTranslations) t.title = `${t.title} ${word}`;
    const res = await ctx.authed('POST', `/api/News/${site}/${flag}`, { ...body, ...extra });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, any> & { id: number; concurrencyStamp: string };
  }
  async function decide(id: number, status: 2 | 3, site = clinic) {
    const res = await ctx.reviewer('PUT', `/api/News/status/${site}/${id}`, status === 3 ? { status, declineReason: 'Chưa đạt' } : { status });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, any> & { id: number; concurrencyStamp: string };
  }
  const listed = async (word: string, lang = 'vi-VN', site = clinic) => (await content(ctx, site, lang, `news?keyword=${encodeURIComponent(word)}&pageSize=100`)).body;
  const linkOf = (news: Record<string, any>, lang = 'vi-VN') => news.newsTranslations.find((t: { languageId: string }) => t.languageId === lang).seoLink as string;

  it('lists only what is published: approved, active and started; the others are absent and 404 by link', async () => {
    const word = `pub${unique()}`;
    const draft = await submit(word, {}, 'false');
    const pending = await submit(word);
    const declined = await submit(word);
    await decide(declined.id, 3);
    const inactive = await submit(word, { isActive: false });
    await decide(inactive.id, 2);
    const future = await submit(word, { startTime: new Date(ctx.clock.now().getTime() + 24 * HOUR).toISOString() });
    await decide(future.id, 2);
    const approved = await submit(word, { categorys: [] });
    await decide(approved.id, 2);

    const list = await listed(word);
    expect(list.totalRows).toBe(1);
    expect(list.data.map((n: { id: number }) => n.id)).toEqual([approved.id]);
    // Exactly the item's fields, per-language values as plain text in the asked language.
    const vi = approved.newsTranslations[0];
    expect(list.data[0]).toEqual({
      id: approved.id,
      title: vi.title,
      description: vi.description,
      seoLink: vi.seoLink,
      featureImage: '/files/feature.jpg',
      featureImageMobile: '/files/feature-m.jpg',
      // Addresses of no stored file: no Info (delivery-images.test.ts has the stored ones).
      featureImageInfo: null,
      featureImageMobileInfo: null,
      // The pictures' own alt text (issue 42): a list of cards renders it.
      altFeatureImage: approved.altFeatureImage,
      startTime: '2026-01-05T08:00:00.000Z',
      categories: [],
    });
    const en = await listed(word, 'en-US');
    expect(en.data[0]).toMatchObject({ id: approved.id, title: approved.newsTranslations[1].title, seoLink: linkOf(approved, 'en-US'), description: 'Description' });

    for (const news of [draft, pending, declined, inactive, future]) {
      expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).status).toBe(404);
    }
    const one = await content(ctx, clinic, 'vi-VN', `news/${linkOf(approved)}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({
      id: approved.id,
      title: vi.title,
      content: '<p>Nội dung</p>',
      metaTitle: 'Meta',
      tags: ['Sức khỏe', 'Khám định kỳ'],
      bannerImages: '/files/banner.jpg',
      categories: [],
    });
    // A link is that language's: the Vietnamese link is not an English page.
    expect((await content(ctx, clinic, 'en-US', `news/${linkOf(approved)}`)).status).toBe(404);
    expect((await content(ctx, clinic, 'en-US', `news/${linkOf(approved, 'en-US')}`)).body.data.title).toBe(approved.newsTranslations[1].title);
    // Another website does not have it.
    expect((await content(ctx, spa, 'vi-VN', `news/${linkOf(approved)}`)).status).toBe(404);
  });

  it('keeps the approved version while a later edit is pending or declined; a new approval replaces it; a delete removes it', async () => {
    const word = `ver${unique()}`;
    const news = await submit(word);
    let current = await decide(news.id, 2);
    const title = news.newsTranslations[0].title;
    expect((await listed(word)).data.map((n: { title: string }) => n.title)).toEqual([title]);

    // An edit submitted for review: pending, the approved version still served as it was.
    const edited = newsBody();
    edited.newsTranslations = news.newsTranslations.map((t: Record<string, string>) => ({ ...t, title: `${t.title} (sửa)`, content: '<p>Bản sửa</p>' }));
    let res = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/true`, { ...edited, concurrencyStamp: current.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.approvedStatus).toBe(1);
    expect((await listed(word)).data.map((n: { title: string }) => n.title)).toEqual([title]);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).body.data.content).toBe('<p>Nội dung</p>');

    // Declined: still the approved version.
    current = await decide(news.id, 3);
    expect((await listed(word)).data.map((n: { title: string }) => n.title)).toEqual([title]);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).body.data).toMatchObject({ title, content: '<p>Nội dung</p>' });

    // Saved as a draft: still served (a draft save does not withdraw what was approved).
    res = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/false`, { ...edited, concurrencyStamp: current.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect((await listed(word)).totalRows).toBe(1);

    // Submitted again and approved: the new version replaces it.
    res = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/true`, { ...edited, concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    current = await decide(news.id, 2);
    expect((await listed(word)).data.map((n: { title: string }) => n.title)).toEqual([`${title} (sửa)`]);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).body.data.content).toBe('<p>Bản sửa</p>');

    // Active is read live: unticking it takes the news off the site at once, ticking it brings the approved one back.
    res = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/false`, { isActive: false, concurrencyStamp: current.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect((await listed(word)).totalRows).toBe(0);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).status).toBe(404);
    res = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/false`, { isActive: true, newsTranslations: news.newsTranslations, concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect((await listed(word)).data.map((n: { title: string }) => n.title)).toEqual([`${title} (sửa)`]);

    // Deleted: gone.
    expect((await ctx.authed('DELETE', `/api/News/${clinic}/${news.id}`)).status).toBe(200);
    expect((await listed(word)).totalRows).toBe(0);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).status).toBe(404);
    const rows = await ctx.db.selectFrom('published_content').selectAll().where('recordId', '=', news.id).execute();
    expect(rows).toEqual([]);
  });

  it('shows a news item approved with a later start time when its time comes, and its tag changes then', async () => {
    const word = `sch${unique()}`;
    const start = new Date(ctx.clock.now().getTime() + HOUR);
    const news = await submit(word, { startTime: start.toISOString() });
    await decide(news.id, 2);
    const before = await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`);
    expect(before.body.totalRows).toBe(0);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`, { 'if-none-match': before.etag! })).status).toBe(304);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).status).toBe(404);

    ctx.clock.advance(HOUR - 60_000);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`)).body.totalRows).toBe(0);
    ctx.clock.advance(61_000);
    const after = await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`);
    expect(after.body.data.map((n: { id: number }) => n.id)).toEqual([news.id]);
    expect(after.body.data[0].startTime).toBe(start.toISOString());
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).status).toBe(200);
    expect(after.etag).toBeTruthy();
    expect(after.etag).not.toBe(before.etag);
    // A client holding the tag from before the start gets the new answer, not a 304.
    const revalidated = await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`, { 'if-none-match': before.etag! });
    expect(revalidated.status).toBe(200);
    expect(revalidated.body.totalRows).toBe(1);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`, { 'if-none-match': after.etag! })).status).toBe(304);
  });

  it('filters by a category’s link and by keyword (accents folded), pages newest first with the total', async () => {
    const word = `cat${unique()}`;
    const made = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr('Tim mạch', 'Cardiology'), seoLink: `tim-mach-${word}`, order: 1, isActive: true });
    expect(made.status, made.text).toBe(200);
    const category = made.body.data as { id: number };
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const news = await submit(word, { startTime: new Date(Date.UTC(2026, 0, 10 + i)).toISOString(), categorys: i % 2 === 0 ? [category.id] : [] });
      await decide(news.id, 2);
      ids.push(news.id);
    }
    // Newest first, two a page, the total on each page.
    const page = (n: number) => content(ctx, clinic, 'vi-VN', `news?keyword=${word}&page=${n}&pageSize=2`);
    expect((await page(1)).body).toMatchObject({ totalRows: 5, data: [{ id: ids[4] }, { id: ids[3] }] });
    expect((await page(3)).body).toMatchObject({ totalRows: 5, data: [{ id: ids[0] }] });
    expect((await page(4)).body).toEqual({ totalRows: 5, data: [] });
    // A bad page is a 400 naming it.
    const bad = await content(ctx, clinic, 'vi-VN', 'news?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, field: 'page' });

    const inCategory = (await content(ctx, clinic, 'en-US', `news?keyword=${word}&category=tim-mach-${word}`)).body;
    expect(inCategory.totalRows).toBe(3);
    expect(inCategory.data.map((n: { id: number }) => n.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(inCategory.data[0].categories).toEqual([{ name: 'Cardiology', seoLink: `tim-mach-${word}` }]);

    // Accents folded: "kham suc khoe" finds "Khám sức khỏe …".
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${encodeURIComponent(`KHAM SUC KHOE`)}&category=tim-mach-${word}`)).body.totalRows).toBe(3);
    // An inactive category: its news are not listed under it, and it is not shown on them.
    const cat = (await ctx.authed('GET', `/api/Categorys/${clinic}/${category.id}`)).body.data;
    expect((await ctx.authed('PUT', `/api/Categorys/${clinic}/${category.id}`, { ...cat, isActive: false })).status).toBe(200);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}&category=tim-mach-${word}`)).body.totalRows).toBe(0);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`)).body.data[0].categories).toEqual([]);
  });

  it('a category under an inactive parent is neither shown on its news nor a filter, as its own page is a 404', async () => {
    const word = `sub${unique()}`;
    const category = async (seoLink: string, parentId?: number) => {
      const made = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr(`Nhi ${seoLink}`, `Kids ${seoLink}`), seoLink, order: 1, isActive: true, ...(parentId ? { parentId } : {}) });
      expect(made.status, made.text).toBe(200);
      return made.body.data as Record<string, any> & { id: number };
    };
    const parent = await category(`nhi-${word}`);
    const child = await category(`so-sinh-${word}`, parent.id);
    const news = await submit(word, { categorys: [child.id] });
    await decide(news.id, 2);
    const inChild = `news?keyword=${word}&category=so-sinh-${word}`;
    expect((await content(ctx, clinic, 'en-US', inChild)).body).toMatchObject({ totalRows: 1, data: [{ id: news.id, categories: [{ seoLink: `so-sinh-${word}` }] }] });

    // The parent switched off: the child (itself still active) is gone from the site in every place.
    const stored = (await ctx.authed('GET', `/api/Categorys/${clinic}/${parent.id}`)).body.data;
    expect((await ctx.authed('PUT', `/api/Categorys/${clinic}/${parent.id}`, { ...stored, isActive: false })).status).toBe(200);
    expect((await content(ctx, clinic, 'en-US', `categories/so-sinh-${word}`)).status).toBe(404);
    expect((await content(ctx, clinic, 'en-US', inChild)).body).toEqual({ totalRows: 0, data: [] });
    const listed = (await content(ctx, clinic, 'en-US', `news?keyword=${word}`)).body;
    expect(listed).toMatchObject({ totalRows: 1, data: [{ id: news.id, categories: [] }] });
    expect((await content(ctx, clinic, 'en-US', `news/${linkOf(news, 'en-US')}`)).body.data.categories).toEqual([]);
  });

  it('falls back to the default language field by field; a news item without a title in a language is absent there', async () => {
    const word = `fb${unique()}`;
    // English with no meta texts: the Vietnamese ones are sent.
    const news = await submit(word);
    await decide(news.id, 2);
    const en = (await content(ctx, clinic, 'en-US', `news/${linkOf(news, 'en-US')}`)).body.data;
    expect(en).toMatchObject({ title: news.newsTranslations[1].title, content: '<p>Content</p>', metaTitle: 'Meta' });

    // Written while the clinic published in Vietnamese only: listed in Vietnamese, not in English.
    const languages = `/api/Websites/${clinic}/languages/en-US`;
    expect((await ctx.authed('PUT', languages, { isActive: false })).status).toBe(200);
    try {
      const body = newsBody();
      body.newsTranslations = [{ ...body.newsTranslations[0], title: `Chỉ tiếng Việt ${word}` }];
      const res = await ctx.authed('POST', `/api/News/${clinic}/true`, body);
      expect(res.status, res.text).toBe(200);
      await decide(res.body.data.id, 2);
      // A service likewise: its title in Vietnamese only.
      const service = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, {
        title: JSON.stringify({ 'vi-VN': `Dịch vụ ${word}` }),
        description: JSON.stringify({ 'vi-VN': 'Mô tả' }),
        seoLink: `dv-${word}`,
        image: '/files/a.png',
        isActive: true,
        isApproveFlag: true,
      });
      expect(service.status, service.text).toBe(200);
      expect((await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${service.body.data.id}`, { status: 2 })).status).toBe(200);
    } finally {
      expect((await ctx.authed('PUT', languages, { isActive: true })).status).toBe(200);
    }
    expect((await listed(word)).totalRows).toBe(2);
    expect((await listed(word, 'en-US')).data.map((n: { id: number }) => n.id)).toEqual([news.id]);
    expect((await content(ctx, clinic, 'vi-VN', `services/dv-${word}`)).body.data.title).toBe(`Dịch vụ ${word}`);
    expect((await content(ctx, clinic, 'en-US', `services/dv-${word}`)).status).toBe(404);
    expect(((await content(ctx, clinic, 'en-US', 'services')).body.data as { seoLink: string }[]).map((x) => x.seoLink)).not.toContain(`dv-${word}`);
  });

  it('serves approved, active services with their titles, items and FAQs; the published version stays until a new approval', async () => {
    const link = `dv-${unique()}`;
    const made = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, {
      title: tr('Khám tim', 'Heart check'),
      description: tr('Mô tả', 'Description'),
      content: tr('<p>Nội dung</p>', '<p>Content</p>'),
      metaTitle: JSON.stringify({ 'vi-VN': 'Meta tim' }),
      seoLink: link,
      image: '/files/tim.png',
      unitPrice: 450000,
      tags: [{ name: 'tim mạch' }],
      order: 0,
      isActive: true,
    });
    expect(made.status, made.text).toBe(200);
    const id = made.body.data.id as number;
    await ctx.authed('POST', `/api/Services/faq/${clinic}/${id}`, { question: tr('Có đau không?', 'Does it hurt?'), answer: tr('<p>Không</p>', '<p>No</p>'), image: '/files/a.png', order: 0, isActive: true });
    await ctx.authed('POST', `/api/Services/faq/${clinic}/${id}`, { question: tr('Ẩn'), answer: tr('<p>Ẩn</p>'), image: '/files/a.png', order: 1, isActive: false });
    const title = (await ctx.authed('POST', `/api/Services/title/${clinic}/${id}`, { title: tr('Gói cơ bản', 'Basic'), image: '/files/a.png', unitPrice: 100, order: 0, isActive: true })).body.data;
    await ctx.authed('POST', `/api/Services/item/${clinic}/${id}/${title.id}`, { name: tr('Điện tim', 'ECG'), image: '/files/a.png', order: 0, isActive: true });

    const services = async (lang = 'vi-VN') => (await content(ctx, clinic, lang, 'services')).body.data as { id: number; title: string }[];
    // A draft: absent.
    expect((await services()).map((s) => s.id)).not.toContain(id);
    expect((await content(ctx, clinic, 'vi-VN', `services/${link}`)).status).toBe(404);

    // Submitted, then approved by the reviewer: served, with what is active below it.
    let res = await ctx.authed('PUT', `/api/Services/${clinic}/${id}`, { ...made.body.data, isApproveFlag: true });
    expect(res.status, res.text).toBe(200);
    expect((await services()).map((s) => s.id)).not.toContain(id);
    res = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${id}`, { status: 2 });
    expect(res.status, res.text).toBe(200);
    const en = await services('en-US');
    expect(en.find((s) => s.id === id)).toMatchObject({
      id,
      type: 1,
      title: 'Heart check',
      seoLink: link,
      unitPrice: 450000,
      titles: [{ title: 'Basic', unitPrice: 100, items: [{ name: 'ECG' }] }],
      faqs: [{ question: 'Does it hurt?', answer: '<p>No</p>' }],
    });
    const one = (await content(ctx, clinic, 'en-US', `services/${link}`)).body.data;
    expect(one).toMatchObject({ id, content: '<p>Content</p>', metaTitle: 'Meta tim', tags: ['tim mạch'] });
    expect(one.faqs).toHaveLength(1);

    // An edit submitted and declined: the approved version stays.
    res = await ctx.authed('PUT', `/api/Services/${clinic}/${id}`, { ...res.body.data, title: tr('Khám tim (sửa)', 'Heart check (edited)'), isApproveFlag: true });
    expect(res.status, res.text).toBe(200);
    res = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${id}`, { status: 3, declineReason: 'Chưa đạt' });
    expect(res.status, res.text).toBe(200);
    expect((await services('en-US')).find((s) => s.id === id)?.title).toBe('Heart check');
    // Submitted again and approved: replaced.
    res = await ctx.authed('PUT', `/api/Services/${clinic}/${id}`, { ...res.body.data, isApproveFlag: true });
    res = await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${id}`, { status: 2 });
    expect((await services('en-US')).find((s) => s.id === id)?.title).toBe('Heart check (edited)');
    // Inactive: off the site at once; deleted: gone.
    res = await ctx.authed('PUT', `/api/Services/${clinic}/${id}`, { ...res.body.data, isActive: false });
    expect(res.status, res.text).toBe(200);
    expect((await services()).map((s) => s.id)).not.toContain(id);
    expect((await ctx.authed('DELETE', `/api/Services/${clinic}/${id}`)).status).toBe(200);
    expect((await content(ctx, clinic, 'vi-VN', `services/${link}`)).status).toBe(404);
  });

  it('leaves out a service whose group is switched off, in the list, by its link and from the menus, until it is on again', async () => {
    const groupPath = `/api/listCategorys/${clinic}/0`;
    const made = await ctx.authed('POST', groupPath, { name: tr('Nhóm tắt', 'Group off'), seoLink: `nhom-${unique()}`, order: 0, isActive: true });
    expect(made.status, made.text).toBe(200);
    let group = made.body.data as { id: number; concurrencyStamp: string };
    const link = `dv-nhom-${unique()}`;
    const created = await ctx.authed('POST', `/api/Services/${clinic}?type=1`, { title: tr('Trong nhóm', 'In a group'), description: tr('Mô tả'), seoLink: link, serviceGroupId: group.id, image: '/files/s.png', isActive: true, isApproveFlag: true });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id as number;
    expect((await ctx.reviewer('PUT', `/api/Services/status/${clinic}/${id}`, { status: 2 })).status).toBe(200);
    const menu = (await ctx.authed('POST', `/api/Menus/${clinic}`, { name: tr('Nhóm', 'Group'), position: 4, order: 9, isActive: true })).body.data as { id: number };
    expect((await ctx.authed('POST', `/api/Menus/item/${clinic}/${menu.id}`, { name: tr('Dịch vụ trong nhóm', 'In a group'), objectType: 5, objectId: id, isActive: true })).status).toBe(200);

    const shown = async () => ({
      listed: ((await content(ctx, clinic, 'vi-VN', 'services')).body.data as { id: number }[]).some((s) => s.id === id),
      byLink: (await content(ctx, clinic, 'en-US', `services/${link}`)).status,
      inMenu: ((await content(ctx, clinic, 'vi-VN', 'menus')).body.data as { id: number; items: unknown[] }[]).find((m) => m.id === menu.id)?.items.length ?? 0,
    });
    expect(await shown()).toEqual({ listed: true, byLink: 200, inMenu: 1 });
    const switchGroup = async (isActive: boolean) => {
      const res = await ctx.authed('PUT', `${groupPath}/${group.id}`, { ...group, isActive });
      expect(res.status, res.text).toBe(200);
      group = res.body.data;
    };
    await switchGroup(false);
    expect(await shown()).toEqual({ listed: false, byLink: 404, inMenu: 0 });
    await switchGroup(true);
    expect(await shown()).toEqual({ listed: true, byLink: 200, inMenu: 1 });
    await ctx.authed('DELETE', `/api/Menus/${clinic}/${menu.id}`);
  });

  it('publishes at start-up what was approved before published versions existed (an existing database), once', async () => {
    const word = `old${unique()}`;
    const news = await submit(word);
    await decide(news.id, 2);
    const draft = await submit(word, {}, 'false');
    // A database from before migration 0016: the approved news has no published version.
    await ctx.db.deleteFrom('published_content').where('resource', '=', 'news').where('recordId', '=', news.id).execute();
    await ctx.db.deleteFrom('published_categories').where('resource', '=', 'news').where('recordId', '=', news.id).execute();
    expect((await listed(word)).totalRows).toBe(0);
    await ctx.restart();
    expect((await listed(word)).data.map((n: { id: number }) => n.id)).toEqual([news.id]);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(draft)}`)).status).toBe(404);
    // Once: a second start changes nothing (the same rows, published when they were).
    const before = await ctx.db.selectFrom('published_content').select(['recordId', 'languageId', 'publishedAt']).where('recordId', '=', news.id).orderBy('languageId').execute();
    ctx.clock.advance(60_000);
    await ctx.restart();
    expect(await ctx.db.selectFrom('published_content').select(['recordId', 'languageId', 'publishedAt']).where('recordId', '=', news.id).orderBy('languageId').execute()).toEqual(before);
  });

  it('shows the demo websites’ approved news and services in every language', { timeout: 120_000 }, async () => {
    const app = await buildApp({ ...(await ctx.freshDatabase()), rendererDir: null, seed: { demo: true, content: true } });
    try {
      const sites = await app.db.selectFrom('websites').select('id').execute();
      expect(sites).toHaveLength(2);
      for (const { id } of sites) {
        for (const lang of ['vi-VN', 'en-US']) {
          const read = async (area: string) => JSON.parse((await app.inject({ method: 'GET', url: `/content/${id}/${lang}/${area}` })).body);
          const news = await read('news');
          expect(news.totalRows, `news of ${id} in ${lang}`).toBeGreaterThan(0);
          const services = (await read('services')).data;
          expect(services.length, `services of ${id} in ${lang}`).toBeGreaterThan(0);
        }
      }
    } finally {
      await app.close();
    }
  });
});
