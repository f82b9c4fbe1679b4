// Bad input that used to reach a 500 (docs/api.md "Conventions"): NUL characters anywhere, lone surrogates in names,
// upload folders that are not folders, direction overrides in file names. A 400 with a Message, or a clean name;
// never a 500, on both databases.
import { beforeAll, expect, it } from 'vitest';
import { pngBytes } from '../../server/files/testing';
import { CLIENT, demoWebsites, describeEachDatabase } from './harness';
import { createNews } from './news-helpers';

describeEachDatabase('bad input', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
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
});
