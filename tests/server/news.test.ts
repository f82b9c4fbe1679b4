// News with its review workflow, tags and SEO links (docs/api.md "News"), on SQLite and PostgreSQL.
import { expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';
import { createNews, newsBody } from './news-helpers';

describeEachDatabase('news', (ctx) => {
  it('saves a draft with its translations, tags, creator and first history entry, and lists it per language', async () => {
    const news = await createNews(ctx);
    expect(news).toMatchObject({
      approvedStatus: 0,
      declineReason: null,
      viewCount: 0,
      creatorFullName: 'Quản trị viên',
      isHot: true,
      isActive: true,
      isMobile: false,
      type: 0,
      featureImage: '/files/feature.jpg',
      subjectTags: [{ name: 'Sức khỏe' }, { name: 'Khám định kỳ' }],
      websiteId: 1,
    });
    expect(news.createTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(typeof news.concurrencyStamp).toBe('string');
    expect(news.newsTranslations.map((t: { languageId: string }) => t.languageId)).toEqual(['vi-VN', 'en-US']);
    expect(news.statusHistory).toEqual([{ status: 0, reason: null, userId: expect.any(Number), userFullName: 'Quản trị viên', time: expect.any(String) }]);

    const detail = await ctx.authed('GET', `/api/News/detail/1/${news.id}`);
    expect(detail.body).toMatchObject({ code: 1, data: { id: news.id, concurrencyStamp: news.concurrencyStamp } });

    const vi = await ctx.authed('GET', '/api/News/1/vi-VN?page=1&pageSize=20');
    expect(vi.status).toBe(200);
    const row = vi.body.data.find((r: { id: number }) => r.id === news.id);
    expect(row).toMatchObject({ title: news.newsTranslations[0].title, approvedStatus: 0, creatorFullName: 'Quản trị viên' });
    // A list row is the record's fields in the path's language, with its categories and tags in their order
    // (read with the page in one statement: server/news/store.ts listSelect), booleans as booleans.
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { newsTranslations, categorys, statusHistory, sickNews, ...fields } = news;
    expect(row).toEqual({
      ...fields,
      languageId: 'vi-VN',
      title: newsTranslations[0].title,
      description: newsTranslations[0].description,
      seoLink: newsTranslations[0].seoLink,
    });
    expect(row.subjectTags).toEqual([{ name: 'Sức khỏe' }, { name: 'Khám định kỳ' }]);
    expect(typeof row.isHot).toBe('boolean');
    expect(vi.body.totalRows).toBeGreaterThanOrEqual(1);
    const en = await ctx.authed('GET', '/api/news/1/en-US');
    expect(en.body.data.find((r: { id: number }) => r.id === news.id).title).toBe(news.newsTranslations[1].title);
    // Not written in English: the English list shows it in the first language that has a title.
    await ctx.db.deleteFrom('news_translations').where('newsId', '=', news.id).where('languageId', '=', 'en-US').execute();
    const fallback = (await ctx.authed('GET', '/api/news/1/en-US?pageSize=100')).body.data.find((r: { id: number }) => r.id === news.id);
    expect(fallback).toMatchObject({ languageId: 'vi-VN', title: news.newsTranslations[0].title, seoLink: news.newsTranslations[0].seoLink });

    // The {lang} form of create saves a draft too.
    const viaLang = await ctx.authed('POST', '/api/News/1/vi-VN', newsBody());
    expect(viaLang.body.data.approvedStatus).toBe(0);
  });

  it('runs the review workflow: request locks edits, only pending is decided, decline keeps its reason, re-save rules, history', async () => {
    const news = await createNews(ctx);
    const put = (id: number, flag: string, body: Record<string, unknown>) => ctx.authed('PUT', `/api/News/1/${id}/${flag}`, body);

    // Save as approve: pending.
    let res = await put(news.id, 'true', { ...newsBody(), concurrencyStamp: news.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.approvedStatus).toBe(1);
    let stamp = res.body.data.concurrencyStamp;
    expect(stamp).not.toBe(news.concurrencyStamp);

    // Pending: no save of any kind, whatever the flag.
    for (const flag of ['true', 'false']) {
      res = await put(news.id, flag, { ...newsBody(), concurrencyStamp: stamp });
      expect(res.status).toBe(409);
      expect(res.body.Message).toBe('Tin tức đang ở trạng thái chờ, không thể chỉnh sửa');
    }
    res = await ctx.authed('PUT', `/api/News/1/vi-VN/${news.id}`, { ...newsBody(), concurrencyStamp: stamp });
    expect(res.status).toBe(409);

    // Decline needs a reason.
    res = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status: 3, declineReason: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('Lý do là trường bắt buộc');
    // A second pair of eyes: not the one who submitted it (the admin here), not a staff member who may not review.
    res = await ctx.authed('PUT', `/api/News/status/1/${news.id}`, { status: 2 });
    expect(res.status).toBe(403);
    expect(res.body.Message).toBe('Không thể tự duyệt nội dung do chính mình gửi duyệt');
    const lan = await ctx.signIn('lan.nguyen', 'Staff@123');
    res = await ctx.request('PUT', `/api/News/status/1/${news.id}`, { json: { status: 2 }, token: lan.access_token });
    expect(res.status).toBe(403);
    // Reviewing is the role's grant (issue 39): Lan's role, Staff, grants no review decision.
    expect(res.body.Message).toBe('Vai trò "Nhân viên" không được phép "Duyệt" ở mục này');
    expect((await ctx.authed('GET', `/api/News/detail/1/${news.id}`)).body.data.approvedStatus).toBe(1);
    // Declining by a reviewer.
    res = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status: 3, declineReason: 'Thiếu nguồn' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ approvedStatus: 3, declineReason: 'Thiếu nguồn' });

    // Only pending can be decided.
    res = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status: 2 });
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe('Chỉ có thể duyệt hoặc từ chối khi đang ở trạng thái chờ duyệt');

    // Declined → save as draft → 0, reason still shown; save as approve → 1.
    stamp = (await ctx.authed('GET', `/api/News/detail/1/${news.id}`)).body.data.concurrencyStamp;
    res = await put(news.id, 'false', { concurrencyStamp: stamp, isHot: false });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ approvedStatus: 0, isHot: false, declineReason: 'Thiếu nguồn' });
    expect(res.body.data.newsTranslations).toHaveLength(2); // a partial body keeps the rest
    res = await put(news.id, 'true', { concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.body.data.approvedStatus).toBe(1);

    res = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status: '2', concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ approvedStatus: 2, declineReason: null });

    // Approved → save as draft goes back to draft.
    res = await put(news.id, 'false', { concurrencyStamp: res.body.data.concurrencyStamp });
    expect(res.body.data.approvedStatus).toBe(0);

    const history = res.body.data.statusHistory;
    expect(history.map((h: { status: number }) => h.status)).toEqual([0, 1, 3, 0, 1, 2, 0]);
    expect(history[2]).toMatchObject({ status: 3, reason: 'Thiếu nguồn', userFullName: 'Trần Văn Minh' });
    expect(history[5]).toMatchObject({ status: 2, reason: null, userFullName: 'Trần Văn Minh' });
    for (const h of history) expect(Date.parse(h.time)).not.toBeNaN();

    // Bad status values.
    for (const status of [0, 1, 4, 'x', null]) {
      res = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status });
      expect(res.status).toBe(400);
    }
  });

  it('creates straight into pending with the approve flag, and the list filters by status, type, active and keyword', async () => {
    const pending = await createNews(ctx, 1, 'true', { type: 1, isActive: false, newsTranslations: [
      { languageId: 'vi-VN', title: 'Sự kiện Đà Nẵng', content: 'x', seoLink: 'su-kien-da-nang' },
      { languageId: 'en-US', title: 'Da Nang event', content: 'x', seoLink: 'da-nang-event' },
    ] });
    expect(pending.approvedStatus).toBe(1);
    const list = async (q: string) => (await ctx.authed('GET', `/api/News/1/vi-VN?${q}`)).body;
    expect((await list('approvedStatus=1')).data.every((r: { approvedStatus: number }) => r.approvedStatus === 1)).toBe(true);
    expect((await list('type=1')).data.map((r: { id: number }) => r.id)).toContain(pending.id);
    expect((await list('type=0')).data.map((r: { id: number }) => r.id)).not.toContain(pending.id);
    expect((await list('isActive=false')).data.map((r: { id: number }) => r.id)).toEqual([pending.id]);
    const found = await list('keyword=su%20kien%20da%20nang');
    expect(found.data.map((r: { id: number }) => r.id)).toEqual([pending.id]);
    expect(found.totalRows).toBe(1);
    const byEnglish = await list('keyword=NANG%20EVENT');
    expect(byEnglish.data.map((r: { id: number }) => r.id)).toEqual([pending.id]);
    const paged = await list('page=1&pageSize=1');
    expect(paged.data).toHaveLength(1);
    expect(paged.totalRows).toBeGreaterThan(1);
    for (const bad of ['page=0', 'pageSize=x', 'type=5', 'isActive=maybe', 'approvedStatus=9']) {
      const res = await ctx.authed('GET', `/api/News/1/vi-VN?${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });

  it('requires the spec fields with its messages to ask for review', async () => {
    let res = await ctx.authed('POST', '/api/News/1/true', { newsTranslations: [] });
    expect(res.status).toBe(400);
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Tiêu đề (Tiếng Việt) là trường bắt buộc',
        'Tiêu đề (English) là trường bắt buộc',
        'Nội dung (Tiếng Việt) là trường bắt buộc',
        'Đường dẫn SEO (English) là trường bắt buộc',
        'Ảnh đại diện là trường bắt buộc',
        'Ảnh đại diện (di động) là trường bắt buộc',
        'Loại tin là trường bắt buộc',
      ]),
    );
    expect(res.body.Message).toContain('Tiêu đề (Tiếng Việt) là trường bắt buộc');

    // Rich text with markup only is empty; English messages with Accept-Language.
    const body = newsBody();
    body.newsTranslations[1].content = '<p> </p>';
    res = await ctx.authed('POST', '/api/News/1/true', body, { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(400);
    expect(res.body.Message).toBe('Content (English) is required');
    expect(res.body.errors[0]).toMatchObject({ field: 'content', languageId: 'en-US' });

    res = await ctx.authed('POST', '/api/News/1/true', newsBody({ featureImageMobile: '' }));
    expect(res.body.Message).toBe('Ảnh đại diện (di động) là trường bắt buộc');
  });

  it('saves a draft with the title in the default language and nothing more', async () => {
    const site = (await demoWebsites(ctx)).clinic;
    const title = `Bản nháp ${Date.now()}`;
    const res = await ctx.authed('POST', `/api/News/${site}/false`, { newsTranslations: [{ languageId: 'vi-VN', title }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.approvedStatus).toBe(0);
    const vi = res.body.data.newsTranslations.find((t: { languageId: string }) => t.languageId === 'vi-VN');
    expect(vi.title).toBe(title);
    expect(vi.seoLink).toMatch(/^ban-nhap-\d+$/); // made from the title: links are unique
    // A second draft of the same title gets a free link.
    const again = await ctx.authed('POST', `/api/News/${site}/false`, { newsTranslations: [{ languageId: 'vi-VN', title }] });
    expect(again.body.data.newsTranslations[0].seoLink).toBe(`${vi.seoLink}-2`);

    // Without the default language's title: refused, nothing written.
    const before = (await ctx.authed('GET', `/api/News/${site}/vi-VN?page=1&pageSize=1`)).body.totalRows;
    const untitled = await ctx.authed('POST', `/api/News/${site}/false`, { newsTranslations: [{ languageId: 'en-US', title: 'Only English' }] });
    expect(untitled.status).toBe(400);
    expect(untitled.body.Message).toBe('Tiêu đề (Tiếng Việt) là trường bắt buộc');
    expect((await ctx.authed('GET', `/api/News/${site}/vi-VN?page=1&pageSize=1`)).body.totalRows).toBe(before);
    // Formats still hold in a draft.
    const tooLong = await ctx.authed('POST', `/api/News/${site}/false`, { newsTranslations: [{ languageId: 'vi-VN', title: 'x'.repeat(5000) }] });
    expect(tooLong.status).toBe(400);

    // Asking for review names every field still missing.
    const draft = res.body.data;
    const review = await ctx.authed('PUT', `/api/News/${site}/${draft.id}/true`, { concurrencyStamp: draft.concurrencyStamp });
    expect(review.status).toBe(400);
    const missing = review.body.errors.map((e: { message: string }) => e.message);
    expect(missing).toEqual(expect.arrayContaining(['Nội dung (Tiếng Việt) là trường bắt buộc', 'Tiêu đề (English) là trường bắt buộc', 'Ảnh đại diện là trường bắt buộc']));
  });

  it('saves drafts of the same title at once, each with its own link (the unique index decides)', async () => {
    const site = (await demoWebsites(ctx)).clinic;
    const title = `Cùng lúc ${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.authed('POST', `/api/News/${site}/false`, { newsTranslations: [{ languageId: 'vi-VN', title }] })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const links = answers.map((a) => a.body.data.newsTranslations[0].seoLink as string);
    expect(new Set(links).size).toBe(8);
  });

  it('keeps SEO links unique per website and language, and suggests free ones', async () => {
    const a = await createNews(ctx);
    const link = a.newsTranslations[0].seoLink;
    const dup = newsBody();
    dup.newsTranslations[0].seoLink = link;
    let res = await ctx.authed('POST', '/api/News/1/false', dup);
    expect(res.status).toBe(409);
    expect(res.body.Message).toBe(`Đường dẫn SEO "${link}" (Tiếng Việt) đã được sử dụng trên website này`);
    expect(res.body).toMatchObject({ field: 'seoLink', languageId: 'vi-VN' });
    // Same link in another language, or on another website: fine.
    const otherLang = newsBody();
    otherLang.newsTranslations[1].seoLink = link;
    expect((await ctx.authed('POST', '/api/News/1/false', otherLang)).status).toBe(200);
    expect((await ctx.authed('POST', '/api/News/2/false', dup)).status).toBe(200);
    // Saving a news with its own links is not a clash.
    res = await ctx.authed('PUT', `/api/News/1/${a.id}/false`, { concurrencyStamp: a.concurrencyStamp });
    expect(res.status).toBe(200);

    res = await ctx.authed('GET', `/api/News/seo-suggest/1?title=${encodeURIComponent('Khám sức khỏe định kỳ – Đà Nẵng!')}&languageId=vi-VN`);
    expect(res.body).toMatchObject({ code: 1, data: { seoLink: 'kham-suc-khoe-dinh-ky-da-nang' } });
    const taken = newsBody();
    taken.newsTranslations[0].seoLink = 'kham-suc-khoe-dinh-ky-da-nang';
    const t = await ctx.authed('POST', '/api/News/1/false', taken);
    res = await ctx.authed('GET', `/api/News/seo-suggest/1?title=${encodeURIComponent('Khám sức khỏe định kỳ Đà Nẵng')}&languageId=vi-VN`);
    expect(res.body.data.seoLink).toBe('kham-suc-khoe-dinh-ky-da-nang-2');
    res = await ctx.authed('GET', `/api/News/seo-suggest/1?title=${encodeURIComponent('Khám sức khỏe định kỳ Đà Nẵng')}&languageId=vi-VN&id=${t.body.data.id}`);
    expect(res.body.data.seoLink).toBe('kham-suc-khoe-dinh-ky-da-nang');
    expect((await ctx.authed('GET', '/api/News/seo-suggest/1?title=')).status).toBe(400);
  });

  it('creates tags per website once, whatever the case, and lists them', async () => {
    await createNews(ctx, 1, 'false', { subjectTags: [{ name: ' sức   KHỎE ' }, { name: 'Tim mạch' }, { name: 'Tim mạch' }, { name: '' }] });
    const tags = (await ctx.authed('GET', '/api/Tags/get-all/1')).body;
    expect(Array.isArray(tags)).toBe(true);
    const names = tags.map((t: { name: string }) => t.name);
    expect(names.filter((x: string) => x.toLowerCase() === 'sức khỏe')).toHaveLength(1);
    expect(names).toContain('Tim mạch');
    const spa = (await ctx.authed('GET', '/api/Tags/get-all/2')).body.map((t: { name: string }) => t.name);
    expect(spa).not.toContain('Tim mạch');
    const bad = await ctx.authed('POST', '/api/News/1/false', newsBody({ subjectTags: [{ name: 5 }] }));
    expect(bad.status).toBe(400);
  });

  it('links categories and sick categories (the first sick is the default)', async () => {
    const cat = async (name: string, seoLink: string) =>
      (await ctx.authed('POST', '/api/Categorys/1', { name: JSON.stringify({ 'vi-VN': name, 'en-US': name }), seoLink, order: 0, isActive: true })).body.data;
    const c1 = await cat('Tin y khoa', 'tin-y-khoa-news');
    const c2 = await cat('Sự kiện', 'su-kien-news');
    const sick = async (letter: string, link: string) =>
      (await ctx.authed('POST', '/api/Sicks/1', {
        isActive: true,
        sickTranslations: [
          { languageId: 'vi-VN', alphabet: letter, name: `Bệnh ${letter}`, seoLink: link },
          { languageId: 'en-US', alphabet: 'A', name: `Disease ${letter}`, seoLink: `${link}-en` },
        ],
      })).body.data;
    const s1 = await sick('Đ', 'dau-dau');
    const s2 = await sick('T', 'tim-mach');
    const news = await createNews(ctx, 1, 'false', { categorys: [c1.id, c2.id], sickNews: [{ sickId: s2.id }, { sickId: s1.id }] });
    expect(news.categorys).toEqual([c1.id, c2.id]);
    expect(news.categoriesNews).toEqual([{ categoryId: c1.id, name: c1.name }, { categoryId: c2.id, name: c2.name }]);
    const listed = (await ctx.authed('GET', '/api/News/1/vi-VN?pageSize=100')).body.data.find((r: { id: number }) => r.id === news.id);
    expect(listed.categoriesNews).toEqual(news.categoriesNews);
    expect(news.sickNews.map((s: { sickId: number; isDefault: boolean }) => [s.sickId, s.isDefault])).toEqual([[s2.id, true], [s1.id, false]]);
    expect(JSON.parse(news.sickNews[0].name)['vi-VN']).toBe('Bệnh T');

    // categoriesNews is accepted too; an explicit default wins.
    const res = await ctx.authed('PUT', `/api/News/1/${news.id}/false`, {
      concurrencyStamp: news.concurrencyStamp,
      categoriesNews: [{ categoryId: c2.id }],
      sickNews: [{ sickId: s2.id, isDefault: false }, { sickId: s1.id, isDefault: true }],
    });
    expect(res.body.data.categorys).toEqual([c2.id]);
    expect(res.body.data.sickNews.map((s: { isDefault: boolean }) => s.isDefault)).toEqual([false, true]);

    // The sick category sees the news.
    const s1Detail = (await ctx.authed('GET', `/api/Sicks/1/${s1.id}`)).body.data;
    expect(s1Detail.sickNews.map((x: { newsId: number }) => x.newsId)).toContain(news.id);

    // Categories and sicks of another website are refused.
    const spaCat = (await ctx.authed('POST', '/api/Categorys/2', { name: '{"vi-VN":"Spa","en-US":"Spa"}', seoLink: 'spa-cat', order: 0 })).body.data;
    let bad = await ctx.authed('POST', '/api/News/1/false', newsBody({ categorys: [spaCat.id] }));
    expect(bad.status).toBe(400);
    expect(bad.body.Message).toBe(`Danh mục ${spaCat.id} không tồn tại trên website này`);
    bad = await ctx.authed('POST', '/api/News/1/false', newsBody({ sickNews: [{ sickId: 999999 }] }));
    expect(bad.status).toBe(400);

    // Deleting a category takes it off its news.
    expect((await ctx.authed('DELETE', `/api/categorys/1/${c2.id}`)).status).toBe(200);
    expect((await ctx.authed('GET', `/api/News/detail/1/${news.id}`)).body.data.categorys).toEqual([]);
  });

  it('answers 404 through another website, 409 on a stale stamp, 400 without one', async () => {
    const news = await createNews(ctx);
    expect((await ctx.authed('GET', `/api/News/detail/2/${news.id}`)).status).toBe(404);
    expect((await ctx.authed('PUT', `/api/News/2/${news.id}/false`, { ...newsBody(), concurrencyStamp: news.concurrencyStamp })).status).toBe(404);
    expect((await ctx.reviewer('PUT', `/api/News/status/2/${news.id}`, { status: 2 })).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/News/2/${news.id}`)).status).toBe(404);
    expect((await ctx.authed('GET', `/api/News/2/vi-VN`)).body.data.map((r: { id: number }) => r.id)).not.toContain(news.id);
    expect((await ctx.authed('GET', `/api/News/detail/999/${news.id}`)).status).toBe(404);

    const first = await ctx.authed('PUT', `/api/News/1/${news.id}/false`, { concurrencyStamp: news.concurrencyStamp, isHot: false });
    expect(first.status).toBe(200);
    const staleRes = await ctx.authed('PUT', `/api/News/1/${news.id}/false`, { concurrencyStamp: news.concurrencyStamp, isHot: true });
    expect(staleRes.status).toBe(409);
    expect(staleRes.body.data).toMatchObject({ id: news.id, isHot: false, concurrencyStamp: first.body.data.concurrencyStamp });
    expect((await ctx.authed('PUT', `/api/News/1/${news.id}/false`, { isHot: true })).status).toBe(400);
    const staleStatus = await ctx.reviewer('PUT', `/api/News/status/1/${news.id}`, { status: 2, concurrencyStamp: news.concurrencyStamp });
    expect(staleStatus.status).toBe(409);
    expect((await ctx.authed('GET', `/api/News/detail/1/${news.id}`)).body.data.isHot).toBe(false);
  });

  it('deletes a news with everything it owns', async () => {
    const news = await createNews(ctx);
    expect((await ctx.authed('DELETE', `/api/News/1/${news.id}`)).body).toMatchObject({ code: 1 });
    expect((await ctx.authed('GET', `/api/News/detail/1/${news.id}`)).status).toBe(404);
    expect((await ctx.authed('DELETE', `/api/News/1/${news.id}`)).status).toBe(404);
    const links = await ctx.db.selectFrom('tag_links').select('tagId').where('kind', '=', 'news').where('objectId', '=', news.id).execute();
    expect(links).toEqual([]);
    // Its SEO link is free again.
    const again = newsBody();
    again.newsTranslations[0].seoLink = news.newsTranslations[0].seoLink;
    expect((await ctx.authed('POST', '/api/News/1/false', again)).status).toBe(200);
  });

  it('never answers 500 to garbage', async () => {
    const news = await createNews(ctx);
    const cases: [string, string, unknown][] = [
      ['POST', '/api/News/1/false', []],
      ['POST', '/api/News/1/false', 'text'],
      ['POST', '/api/News/1/false', newsBody({ newsTranslations: 'abc' })],
      ['POST', '/api/News/1/false', newsBody({ newsTranslations: [{ languageId: 'xx-XX', title: 'a' }] })],
      ['POST', '/api/News/1/false', newsBody({ newsTranslations: [{ languageId: 'vi-VN', title: 5 }] })],
      ['POST', '/api/News/1/false', newsBody({ newsTranslations: [null] })],
      ['POST', '/api/News/1/false', newsBody({ categorys: ['x'] })],
      ['POST', '/api/News/1/false', newsBody({ categorys: 'x' })],
      ['POST', '/api/News/1/false', newsBody({ sickNews: {} })],
      ['POST', '/api/News/1/false', newsBody({ type: 7 })],
      ['POST', '/api/News/1/false', newsBody({ isActive: 'yes' })],
      ['POST', '/api/News/1/false', newsBody({ startTime: 'not a date' })],
      ['POST', '/api/News/1/false', newsBody({ featureImage: { a: 1 } })],
      ['POST', '/api/News/abc/false', newsBody()],
      ['PUT', `/api/News/1/${news.id}/false`, { concurrencyStamp: 5 }],
      ['PUT', '/api/News/1/abc/false', { concurrencyStamp: 'x' }],
      ['PUT', `/api/News/status/1/${news.id}`, { status: 3, declineReason: { x: 1 } }],
      ['GET', '/api/News/detail/1/99999999999', undefined],
      ['DELETE', '/api/News/1/-1', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await ctx.authed(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof res.body.Message).toBe('string');
    }
    const raw = await ctx.request('POST', '/api/News/1/false', { body: '{"newsTranslations":', headers: { 'content-type': 'application/json', authorization: `Bearer ${(await ctx.signIn()).access_token}` } });
    expect(raw.status).toBe(400);
    expect((await ctx.request('GET', '/api/News/1/vi-VN')).status).toBe(401);
  });
});
