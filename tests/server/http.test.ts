// HTTP-level behaviour shared by every route: the guard, error shapes, limits, paths, the console.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase, withProbe } from './harness';

/** Every route this module set registers (method, path with sample params). */
const ROUTES: [string, string][] = [
  ['POST', '/auth/connect/token'],
  ['POST', '/auth/token'],
  ['POST', '/auth/connect/revocation'],
  ['GET', '/core/AppSettings'],
  ['GET', '/core/languages/all'],
  ['GET', '/core/useraccounts/get-all-employee'],
  ['POST', '/push/UserTokens'],
  ['DELETE', '/push/UserTokens/user/1'],
  ['GET', '/api/Websites/get-all'],
];
const GUARDED = ROUTES.filter(([, p]) => !p.startsWith('/auth'));

describeEachDatabase('http', (ctx) => {
  it('answers 401 in the error shape on every guarded route without a valid token', async () => {
    for (const [method, p] of GUARDED) {
      const res = await ctx.request(method, p);
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(res.body).toEqual({ code: 401, Message: expect.any(String), message: expect.any(String), requestId: expect.any(String) });
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect((await ctx.request(method, p, { token: 'x.y.z' })).status).toBe(401);
    }
  });

  it('answers 404 in the error shape for unknown routes, localised', async () => {
    const res = await ctx.request('GET', '/api/NoSuchThing', { headers: { 'accept-language': 'en-US' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, Message: 'The requested address was not found', message: 'The requested address was not found', requestId: expect.any(String) });
    const vi = await ctx.request('POST', '/core/nothing');
    expect(vi.status).toBe(404);
    expect(vi.body.Message).toBe('Không tìm thấy địa chỉ yêu cầu');
    // The console's interface language wins over the content language it sends as Accept-Language.
    const ui = await ctx.request('GET', '/api/NoSuchThing', { headers: { 'accept-language': 'en-US', 'x-interface-language': 'vi-VN' } });
    expect(ui.body.Message).toBe('Không tìm thấy địa chỉ yêu cầu');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const big = { userId: 1, isActive: true, token: 'x'.repeat(1_100_000) };
    const res = await ctx.authed('POST', '/push/UserTokens', big);
    expect(res.status).toBe(413);
    expect(res.body.Message).toBeTruthy();
    const form = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'x'.repeat(1_100_000) } });
    expect(form.status).toBe(413);
  });

  it('answers 400 for malformed JSON', async () => {
    const t = await ctx.signIn();
    for (const body of ['{bad', '[1,', '"unterminated', '{"a":1}}']) {
      const res = await ctx.request('POST', '/push/UserTokens', { token: t.access_token, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Message).toBeTruthy();
    }
  });

  it('treats an empty JSON body as no body (DELETE from some clients)', async () => {
    const t = await ctx.signIn('lan.nguyen', 'Staff@123');
    const me = (await ctx.request('GET', '/core/AppSettings', { token: t.access_token })).body.currentUser.id;
    const del = await ctx.request('DELETE', `/push/UserTokens/user/${me}`, { token: t.access_token, body: '', headers: { 'content-type': 'application/json' } });
    expect(del.status).toBe(200);
    const post = await ctx.request('POST', '/push/UserTokens', { token: t.access_token, body: '', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(400);
    expect(post.body.field).toBe('userId');
  });

  it('matches paths case-insensitively and keeps the case of parameters', async () => {
    expect((await ctx.authed('GET', '/API/websites/GET-ALL')).status).toBe(200);
    expect((await ctx.authed('GET', '/Core/AppSettings')).status).toBe(200);
    expect((await ctx.request('POST', '/AUTH/Connect/Token', { form: { grant_type: 'password', username: 'admin', password: 'Admin@123', client_id: 'sitedesk', client_secret: 'sitedesk-secret' } })).status).toBe(200);
    // Params keep their case: a probe route echoes them.
    const probe = await ctx.request('GET', '/Probe/Echo/MixedCase-Value');
    expect(probe.body).toEqual({ value: 'MixedCase-Value' });
  });

  it('never answers 500 to garbage', async () => {
    const t = await ctx.signIn();
    const bodies: { body: string; type: string }[] = [
      { body: 'null', type: 'application/json' },
      { body: '42', type: 'application/json' },
      { body: '"text"', type: 'application/json' },
      { body: '[]', type: 'application/json' },
      { body: '{"userId":"abc","isActive":"yes","token":{}}', type: 'application/json' },
      { body: '{"userId":-1,"token":""}', type: 'application/json' },
      { body: '{"__proto__":{"x":1}}', type: 'application/json' },
      { body: '{"constructor":{"prototype":{"x":1}}}', type: 'application/json' },
      { body: 'grant_type=password&username[]=a&username[]=b&password=1&client_id=sitedesk&client_secret=sitedesk-secret', type: 'application/x-www-form-urlencoded' },
      { body: 'grant_type=refresh_token&grant_type=password&refresh_token=%ZZ', type: 'application/x-www-form-urlencoded' },
      { body: 'token=' + '%00'.repeat(100), type: 'application/x-www-form-urlencoded' },
      { body: '\u0000\u0001\u0002', type: 'application/octet-stream' },
      { body: '<xml/>', type: 'text/xml' },
      { body: 'a=b', type: 'multipart/form-data; boundary=x' },
    ];
    const paths = [...ROUTES.map(([m, p]) => [m, p] as const), ['DELETE', '/push/UserTokens/user/abc'] as const, ['DELETE', '/push/UserTokens/user/99999999999999999999'] as const, ['GET', '/core/%E0%A4%A'] as const];
    for (const [method, p] of paths) {
      for (const token of [t.access_token, undefined]) {
        for (const { body, type } of method === 'GET' ? [{ body: '', type: '' }] : bodies) {
          const res = await ctx.request(method, p, { token, body: method === 'GET' ? undefined : body, headers: type ? { 'content-type': type } : {} });
          expect(res.status, `${method} ${p} ${type} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(200);
          expect(res.status, `${method} ${p} ${type} ${body.slice(0, 40)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body?.Message, `${method} ${p} ${type}`).toBeTruthy();
        }
      }
    }
  });

  it('serves the console with SPA fallback outside the API prefixes', async () => {
    const dir = path.join(ctx.dataDir, 'renderer');
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Sitedesk console</title>');
    fs.writeFileSync(path.join(dir, 'assets', 'index-AbC123.js'), 'console.log(1)');
    await ctx.restart({ rendererDir: dir });
    const html = { accept: 'text/html,application/xhtml+xml' };
    const root = await ctx.request('GET', '/', { headers: html });
    expect(root.status).toBe(200);
    expect(root.text).toContain('Sitedesk console');
    // `/` is the console for any client (curl sends Accept: */*).
    expect((await ctx.request('GET', '/', { headers: { accept: '*/*' } })).text).toContain('Sitedesk console');
    const deep = await ctx.request('GET', '/news/category/12', { headers: html });
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('Sitedesk console');
    const asset = await ctx.request('GET', '/assets/index-AbC123.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // API clients get the JSON 404 at an unknown API address (a browser gets the console: compression.test.ts).
    const api = await ctx.request('GET', '/api/unknown', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(api.body.code).toBe(404);
    expect((await ctx.request('GET', '/missing.png')).status).toBe(404);
    expect((await ctx.request('GET', '/..%2f..%2fetc/passwd', { headers: html })).text).not.toContain('root:');

    // Without a build, / says how to make one.
    await ctx.restart({ rendererDir: path.join(ctx.dataDir, 'no-such-dir') });
    const missing = await ctx.request('GET', '/', { headers: html });
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('npm run build:renderer');
  });
}, withProbe(async (app) => {
  app.get('/echo/:value', async (request) => ({ value: (request.params as { value: string }).value }));
}));
