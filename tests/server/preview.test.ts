// Preview before approval (issue 41; docs/api.md "Preview"), on both databases: the preview addresses per website and
// area (an engine resource: history, one per area held by the database, concurrent creates on PostgreSQL), the token
// POST /api/Preview/{website} (for who may read the record), and the delivery API given the token: that one record's
// saved version in its detail and its list, private and never cached; nothing else unpublished; a bad, expired or
// foreign token refused with 403.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose: tests assert on them */
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase, tr, type ServerTestContext } from './harness';
import { newsBody } from './news-helpers';
import { areas } from '../../server/delivery/areas';
import { PREVIEW_AREA_OF } from '../../shared/resources/website-preview';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const TEMPLATE = 'https://clinic.example/tin-tuc/{seoLink}?lang={lang}&id={id}';

async function content(ctx: ServerTestContext, site: number, lang: string, rest: string, headers: Record<string, string> = {}) {
  const res = await ctx.request('GET', `/content/${site}/${lang}/${rest}`, { headers });
  return { status: res.status, body: res.body, etag: res.headers.get('etag'), cache: res.headers.get('cache-control') };
}

describeEachDatabase('preview before approval', (ctx) => {
  let clinic = 0;
  let spa = 0;
  beforeAll(async () => {
    ({ clinic, spa } = await demoWebsites(ctx));
    const res = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'news', template: TEMPLATE });
    expect(res.status, res.text).toBe(200);
  });

  async function submit(word: string, flag: 'true' | 'false' = 'true', extra: Record<string, unknown> = {}) {
    const body = newsBody(extra);
    for (const t of body.newsTranslations) t.title = `${t.title} ${word}`;
    const res = await ctx.authed('POST', `/api/News/${clinic}/${flag}`, body);
    expect(res.status, res.text).toBe(200);
    return res.body.data as Record<string, any> & { id: number };
  }
  const linkOf = (news: Record<string, any>, lang = 'vi-VN') => news.newsTranslations.find((t: { languageId: string }) => t.languageId === lang).seoLink as string;
  async function preview(id: number, lang = 'vi-VN', area = 'news') {
    const res = await ctx.authed('POST', `/api/Preview/${clinic}`, { area, id, lang });
    expect(res.status, res.text).toBe(200);
    return res.body as { token: string; url: string; expiresAt: string };
  }

  it('a preview address per area: through the engine (history), checked, one per area', async () => {
    const row = await ctx.db.selectFrom('website_previews').select(['id', 'template']).where('websiteId', '=', clinic).where('area', '=', 'news').executeTakeFirstOrThrow();
    expect(row.template).toBe(TEMPLATE);
    const history = await ctx.db.selectFrom('history_entries').select(['operation']).where('resource', '=', 'websitePreview').where('recordId', '=', String(row.id)).execute();
    expect(history.map((h) => h.operation)).toEqual(['create']);

    for (const template of ['not a url', 'ftp://clinic.example/{seoLink}', 'https://clinic.example/{slug}']) {
      const bad = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'services', template });
      expect(bad.status, template).toBe(400);
      expect(bad.body.Message).toEqual(expect.any(String));
    }
    const unknown = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'nowhere', template: TEMPLATE });
    expect(unknown.status).toBe(400);
    const again = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'news', template: TEMPLATE });
    expect(again.status).toBe(409);
  });

  it('two administrators adding the same area at once: one address is kept (the database decides)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ctx.authed('POST', `/api/WebsitePreviews/${spa}`, { area: 'services', template: `https://spa.example/dich-vu/{seoLink}?n=${i}` })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect(a.status).toBe(409);
    const rows = await ctx.db.selectFrom('website_previews').select('id').where('websiteId', '=', spa).where('area', '=', 'services').execute();
    expect(rows).toHaveLength(1);
  });

  it('a pending news item: its saved version in its detail and list with the token, private; absent without it', async () => {
    const word = `pv${unique()}`;
    const pending = await submit(word);
    const other = await submit(word, 'false');
    const { token, url, expiresAt } = await preview(pending.id);
    expect(url).toBe(`https://clinic.example/tin-tuc/${linkOf(pending)}?lang=vi-VN&id=${pending.id}&sitedesk-preview=${encodeURIComponent(token)}`);
    expect(Math.abs(new Date(expiresAt).getTime() - (ctx.clock.now().getTime() + 3_600_000))).toBeLessThan(5_000);

    // The public answers: nothing unpublished.
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(pending)}`)).status).toBe(404);
    expect((await content(ctx, clinic, 'vi-VN', `news?keyword=${word}`)).body.totalRows).toBe(0);

    const detail = await content(ctx, clinic, 'vi-VN', `news/${linkOf(pending)}?sitedesk-preview=${encodeURIComponent(token)}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id: pending.id, title: pending.newsTranslations[0].title, content: '<p>Nội dung</p>', seoLink: linkOf(pending) });
    expect(detail.cache).toBe('private, no-store');
    expect(detail.etag).toBeNull();
    // The header works as the query parameter does.
    const byHeader = await content(ctx, clinic, 'vi-VN', `news/${linkOf(pending)}`, { 'X-Sitedesk-Preview': token });
    expect(byHeader.body.data.id).toBe(pending.id);

    const list = await content(ctx, clinic, 'vi-VN', `news?keyword=${word}&sitedesk-preview=${encodeURIComponent(token)}`);
    expect(list.status).toBe(200);
    expect(list.cache).toBe('private, no-store');
    expect(list.body.data.map((n: { id: number }) => n.id)).toEqual([pending.id]);
    expect(list.body.totalRows).toBe(1);

    // The token opens no other record: the other draft stays a 404, and is not listed.
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(other)}?sitedesk-preview=${encodeURIComponent(token)}`)).status).toBe(404);
    // Nor another area's unpublished records: the services list is the public one.
    const services = await content(ctx, clinic, 'vi-VN', `services?sitedesk-preview=${encodeURIComponent(token)}`);
    const publicServices = await content(ctx, clinic, 'vi-VN', 'services');
    expect(services.body).toEqual(publicServices.body);
  });

  it('an approved item edited since: the preview shows the saved edit, the public its approved version', async () => {
    const word = `ed${unique()}`;
    const news = await submit(word);
    expect((await ctx.reviewer('PUT', `/api/News/status/${clinic}/${news.id}`, { status: 2 })).status).toBe(200);
    const current = (await ctx.authed('GET', `/api/News/detail/${clinic}/${news.id}`)).body.data;
    const edited = { ...current, newsTranslations: current.newsTranslations.map((t: any) => ({ ...t, title: `${t.title} sửa` })) };
    const saved = await ctx.authed('PUT', `/api/News/${clinic}/${news.id}/true`, edited);
    expect(saved.status, saved.text).toBe(200);

    const { token } = await preview(news.id);
    const q = `sitedesk-preview=${encodeURIComponent(token)}`;
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}`)).body.data.title).toBe(news.newsTranslations[0].title);
    expect((await content(ctx, clinic, 'vi-VN', `news/${linkOf(news)}?${q}`)).body.data.title).toBe(`${news.newsTranslations[0].title} sửa`);
    const list = await content(ctx, clinic, 'vi-VN', `news?keyword=${word}&${q}`);
    expect(list.body.data.map((n: any) => n.title)).toEqual([`${news.newsTranslations[0].title} sửa`]);
    expect(list.body.totalRows).toBe(1);
  });

  it('a bad, tampered, expired or foreign token: 403 with a Message, never the public answer', async () => {
    const news = await submit(`bad${unique()}`);
    const { token } = await preview(news.id);
    const link = linkOf(news);
    const refused = async (path: string, lang = 'vi-VN', site = clinic) => {
      const res = await content(ctx, site, lang, path);
      expect(res.status, path).toBe(403);
      expect(res.body.Message).toEqual(expect.any(String));
      expect(res.cache).toBe('private, no-store');
    };
    await refused(`news/${link}?sitedesk-preview=nonsense`);
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), r: 1 })).toString('base64url');
    await refused(`news/${link}?sitedesk-preview=${forged}.${signature}`);
    // Another language, another website.
    await refused(`news/${linkOf(news, 'en-US')}?sitedesk-preview=${encodeURIComponent(token)}`, 'en-US');
    await refused(`news?sitedesk-preview=${encodeURIComponent(token)}`, 'vi-VN', spa);
    // An hour later.
    ctx.clock.advance(3_600_000 + 1000);
    await refused(`news/${link}?sitedesk-preview=${encodeURIComponent(token)}`);
  });

  it('asking for a token: who may read the record, a known area with an address, a language of the website', async () => {
    const news = await submit(`ask${unique()}`);
    const ask = (json: unknown, token?: string) => (token ? ctx.request('POST', `/api/Preview/${clinic}`, { json, token }) : ctx.authed('POST', `/api/Preview/${clinic}`, json));
    expect((await ask({ area: 'nowhere', id: news.id, lang: 'vi-VN' })).status).toBe(400);
    expect((await ask({ area: 'news', id: 'x', lang: 'vi-VN' })).status).toBe(400);
    expect((await ask({ area: 'news', id: news.id, lang: 'fr-FR' })).status).toBe(400);
    // No address for services on this website yet.
    const services = await ask({ area: 'services', id: 1, lang: 'vi-VN' });
    expect([400, 404]).toContain(services.status);
    expect(services.body.Message).toEqual(expect.any(String));
    expect((await ask({ area: 'news', id: 999_999, lang: 'vi-VN' })).status).toBe(404);
    expect((await ctx.request('POST', `/api/Preview/${clinic}`, { json: { area: 'news', id: news.id, lang: 'vi-VN' } })).status).toBe(401);
    // The demo's staff member of the clinic reads its news; another website's record is not found there.
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    const mine = await ask({ area: 'news', id: news.id, lang: 'vi-VN' }, lan);
    expect([200, 403, 404]).toContain(mine.status);
    if (mine.status !== 200) expect(mine.body.Message).toEqual(expect.any(String));
  });

  it('the console\'s areas are the delivery areas that preview, each named by the definition it edits', () => {
    const previewing = areas.filter((a) => a.preview).map((a) => [a.preview!.resource, a.path]);
    expect(Object.fromEntries(previewing)).toEqual(PREVIEW_AREA_OF);
  });

  it('a definition\'s area: a switched-off FAQ group shows under its token, in its detail and its list; not without', async () => {
    const res = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'faq-groups', template: 'https://clinic.example/hoi-dap/{seoLink}' });
    expect(res.status, res.text).toBe(200);
    const link = `nhom-${unique()}`;
    const group = await ctx.authed('POST', `/api/FAQGroups/${clinic}`, { name: JSON.stringify({ 'vi-VN': 'Nhóm ẩn', 'en-US': 'Hidden group' }), seoLink: link, order: 1, isActive: false });
    expect(group.status, group.text).toBe(200);
    const id = group.body.data.id as number;
    const { token, url } = await preview(id, 'vi-VN', 'faq-groups');
    expect(url.startsWith(`https://clinic.example/hoi-dap/${link}?sitedesk-preview=`)).toBe(true);
    expect((await content(ctx, clinic, 'vi-VN', `faq-groups/${link}`)).status).toBe(404);
    expect((await content(ctx, clinic, 'vi-VN', 'faq-groups')).body.data.some((g: any) => g.id === id)).toBe(false);
    const q = `sitedesk-preview=${encodeURIComponent(token)}`;
    expect((await content(ctx, clinic, 'vi-VN', `faq-groups/${link}?${q}`)).body.data).toMatchObject({ id, name: 'Nhóm ẩn', seoLink: link });
    expect((await content(ctx, clinic, 'vi-VN', `faq-groups?${q}`)).body.data.filter((g: any) => g.id === id)).toHaveLength(1);
  });
  it('a tree area: a switched-off category shows under its parent with its token, in the list\'s order, once; its detail too; not without', async () => {
    const res = await ctx.authed('POST', `/api/WebsitePreviews/${clinic}`, { area: 'categories', template: 'https://clinic.example/danh-muc/{seoLink}' });
    expect(res.status, res.text).toBe(200);
    const word = unique();
    const category = async (seoLink: string, order: number, isActive: boolean, parentId?: number) => {
      const made = await ctx.authed('POST', `/api/Categorys/${clinic}`, { name: tr(`Mục ${seoLink}`), seoLink, order, isActive, ...(parentId ? { parentId } : {}) });
      expect(made.status, made.text).toBe(200);
      return made.body.data.id as number;
    };
    const parent = await category(`cha-${word}`, 900, true);
    const sibling = await category(`anh-${word}`, 2, true, parent);
    const child = await category(`con-${word}`, 1, false, parent);
    const ids = (list: any[]): number[] => list.flatMap((c) => [c.id, ...ids(c.children)]);
    const under = (list: any[]) => list.find((c) => c.id === parent).children.map((c: any) => c.id);

    const open = (await content(ctx, clinic, 'vi-VN', 'categories')).body.data;
    expect(under(open)).toEqual([sibling]);
    expect(ids(open)).not.toContain(child);

    const { token } = await preview(child, 'vi-VN', 'categories');
    const q = `sitedesk-preview=${encodeURIComponent(token)}`;
    const seen = await content(ctx, clinic, 'vi-VN', `categories?${q}`);
    expect(seen.cache).toBe('private, no-store');
    expect(under(seen.body.data)).toEqual([child, sibling]);
    expect(ids(seen.body.data).filter((id) => id === child)).toHaveLength(1);
    expect((await content(ctx, clinic, 'vi-VN', `categories/con-${word}?${q}`)).body.data).toMatchObject({ id: child, seoLink: `con-${word}`, children: [] });

    // Its parent's preview: the published tree, the parent's saved version in its place with its children.
    const { token: parentToken } = await preview(parent, 'vi-VN', 'categories');
    const parentSeen = (await content(ctx, clinic, 'vi-VN', `categories?sitedesk-preview=${encodeURIComponent(parentToken)}`)).body.data;
    expect(ids(parentSeen)).toEqual(ids(open));
    expect((await content(ctx, clinic, 'vi-VN', `categories/cha-${word}?sitedesk-preview=${encodeURIComponent(parentToken)}`)).body.data.children.map((c: any) => c.id)).toEqual([sibling]);
  });
});
