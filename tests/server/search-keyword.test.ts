// A keyword means its characters, in every list and on both databases: `%` and `_` are not wildcards (SQLite's
// LIKE has no escape character unless the query names one), and diacritics are folded.
import { expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr } from './harness';
import { createNews } from './news-helpers';

describeEachDatabase('keyword search', (ctx) => {
  it('finds "50%" and "phi_kham" literally in news, Q&A, diseases and engine lists', async () => {
    const { clinic } = await demoWebsites(ctx);
    const tag = Date.now().toString(36);
    const percent = `Giảm 50% phí khám ${tag}`;
    const underscore = `Mã phi_kham ${tag}`;

    // One record of each list, with each of the two titles.
    for (const title of [percent, underscore]) {
      await createNews(ctx, clinic, 'false', {
        newsTranslations: [
          { languageId: 'vi-VN', title, description: '', content: '<p>x</p>', seoLink: `n-${title.length}-${tag}-${title.includes('%') ? 'p' : 'u'}` },
          { languageId: 'en-US', title, description: '', content: '<p>x</p>', seoLink: `n-${title.length}-${tag}-${title.includes('%') ? 'p' : 'u'}-en` },
        ],
      });
      const q = await ctx.authed('POST', `/api/QAExperts/${clinic}`, { fullName: 'Khách', title: tr(title) });
      expect(q.status, q.text).toBe(200);
      const letter = title.includes('%') ? 'G' : 'M';
      const sick = await ctx.authed('POST', `/api/Sicks/${clinic}`, {
        seoLink: `s-${tag}-${letter}`,
        isActive: true,
        sickTranslations: [
          { languageId: 'vi-VN', alphabet: letter, name: title, seoLink: `s-${tag}-${letter}` },
          { languageId: 'en-US', alphabet: letter, name: title, seoLink: `s-${tag}-${letter}-en` },
        ],
      });
      expect(sick.status, sick.text).toBe(200);
      const group = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: tr(title), order: 0, isActive: true });
      expect(group.status, group.text).toBe(200);
    }

    const lists: [string, (keyword: string) => string, (row: Record<string, unknown>) => string][] = [
      ['news', (k) => `/api/News/${clinic}/vi-VN?page=1&pageSize=100&keyword=${encodeURIComponent(k)}`, (r) => String(r.title)],
      ['Q&A', (k) => `/api/QAExperts/${clinic}?page=1&pageSize=100&keyword=${encodeURIComponent(k)}`, (r) => JSON.parse(String(r.title))['vi-VN']],
      ['diseases', (k) => `/api/Sicks/${clinic}?languageId=vi-VN&keyword=${encodeURIComponent(k)}`, (r) => String(r.name)],
      ['FAQ groups', (k) => `/api/FAQGroups/${clinic}?page=1&pageSize=100&keyword=${encodeURIComponent(k)}`, (r) => JSON.parse(String(r.name))['vi-VN']],
    ];
    for (const [name, url, titleOf] of lists) {
      const found = async (keyword: string) => {
        const res = await ctx.authed('GET', url(keyword));
        expect(res.status, `${name} ${keyword}: ${res.text}`).toBe(200);
        return (res.body.data as Record<string, unknown>[]).map(titleOf);
      };
      expect(await found(`50% ${tag}`), name).toEqual([]); // the tag follows "khám", not "50%"
      expect(await found('50%'), name).toContain(percent);
      expect(await found('50%'), name).not.toContain(underscore);
      // "_" is a character: "phi_kham" is not "phí khám".
      expect(await found('phi_kham'), name).toContain(underscore);
      expect(await found('phi_kham'), name).not.toContain(percent);
      // Diacritics folded, as everywhere.
      expect(await found(`giam 50% phi kham ${tag}`), name).toEqual([percent]);
    }
  });
  it('keeps a list total only while nothing changes: a save, a delete, or a write behind the routes moves it', async () => {
    const { clinic } = await demoWebsites(ctx);
    const tag = `tot${Date.now().toString(36)}`;
    const total = async () => {
      const res = await ctx.authed('GET', `/api/FAQGroups/${clinic}?page=1&pageSize=5&keyword=${tag}`);
      expect(res.status, res.text).toBe(200);
      return res.body.totalRows as number;
    };
    expect(await total()).toBe(0);
    expect(await total()).toBe(0); // the second answer is the kept one
    const made = [];
    for (let i = 0; i < 3; i++) {
      const res = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: JSON.stringify({ 'vi-VN': `${tag} ${i}`, 'en-US': `${tag} ${i}` }), order: i, isActive: true });
      expect(res.status, res.text).toBe(200);
      made.push(res.body.data?.id ?? res.body.id);
      expect(await total()).toBe(i + 1);
    }
    // Deleted behind the routes' back (another process, a script): the database's own triggers move the number.
    await ctx.db.deleteFrom('faq_groups' as never).where('id' as never, '=', made[0] as never).execute();
    expect(await total()).toBe(2);
    // Saves and reads at once: the last answer counts every save.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? total()
          : ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: JSON.stringify({ 'vi-VN': `${tag} x${i}`, 'en-US': `${tag} x${i}` }), order: 9, isActive: true }),
      ),
    );
    expect(await total()).toBe(6);
  });
  it('pages through a keyword search the same whichever way a page is read (search index or the list order)', async () => {
    const { clinic } = await demoWebsites(ctx);
    const tag = `pg${Date.now().toString(36)}`;
    // Many matches among few rows: the first pages walk the list's order, the last ones use the index (engine.ts).
    for (let i = 0; i < 12; i++) {
      const res = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: JSON.stringify({ 'vi-VN': `Nhóm ${tag} ${i}`, 'en-US': `Group ${tag} ${i}` }), order: i % 4, isActive: true });
      expect(res.status, res.text).toBe(200);
    }
    const list = async (page: number, pageSize: number) => {
      const res = await ctx.authed('GET', `/api/FAQGroups/${clinic}?page=${page}&pageSize=${pageSize}&keyword=${tag}`);
      expect(res.status, res.text).toBe(200);
      return res.body as { data: { id: number }[]; totalRows: number };
    };
    const whole = await list(1, 100);
    expect(whole.totalRows).toBe(12);
    const paged = [];
    for (let page = 1; page <= 6; page++) {
      const part = await list(page, 2);
      expect(part.totalRows).toBe(12);
      paged.push(...part.data.map((r) => r.id));
    }
    expect(paged).toEqual(whole.data.map((r) => r.id));
  });
});
