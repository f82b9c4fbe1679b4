// List pages kept per change number (server/resources/kept-pages.ts, issue 30 "Lists"): a page read again with nothing
// written since is answered from memory, the same bytes; any write — through the API, or straight into the database
// as another instance or a seed would — shows on the very next read; the sign-in, scope and access checks still run
// on every request (a page kept for one user is never another's answer), and the envelope's message follows each
// request's interface language.
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { compressed } from '../../server/http/encoding';
import { KeptPages } from '../../server/resources/kept-pages';
import { rawGet } from './raw-get';
import { dynamic } from '../../server/resources/index';
import { CLIENT, demoWebsites, describeEachDatabase, EN, tr } from './harness';

describe('KeptPages', () => {
  const text = (page: { body: Buffer } | undefined) => page?.body.toString();

  it('keeps pages under one change number, drops them for a newer one, and ignores an older one', () => {
    const pages = new KeptPages();
    pages.keep('7', 'a', '{"a":1}');
    expect(text(pages.get('7', 'a'))).toBe('{"a":1}');
    expect(pages.get('7', 'b')).toBeUndefined();
    // A request that began before the last write: neither reads nor keeps (nor drops the newer pages).
    expect(pages.get('6', 'a')).toBeUndefined();
    expect(text(pages.keep('6', 'a', '{"a":0}'))).toBe('{"a":0}'); // its own page, to send, not kept
    expect(text(pages.get('7', 'a'))).toBe('{"a":1}');
    // A write moved the number on: what was kept goes.
    expect(pages.get('8', 'a')).toBeUndefined();
    expect(pages.get('7', 'a')).toBeUndefined();
    // Numbers compare as numbers, not as text ("10" is newer than "9").
    pages.keep('9', 'a', 'x');
    expect(pages.get('10', 'a')).toBeUndefined();
  });

  it('keeps at most so many pages and bytes (the oldest go first), and no page longer than the limit', () => {
    const pages = new KeptPages({ pages: 2, bytes: 10, pageBytes: 6 });
    pages.keep('1', 'a', 'aaaa');
    pages.keep('1', 'b', 'bbbb');
    pages.keep('1', 'c', 'cc');
    expect(pages.get('1', 'a')).toBeUndefined();
    expect(text(pages.get('1', 'b'))).toBe('bbbb');
    expect(text(pages.get('1', 'c'))).toBe('cc');
    pages.keep('1', 'd', 'ddddddd');
    expect(pages.get('1', 'd')).toBeUndefined();
    pages.keep('1', 'e', 'eeeeee');
    expect(pages.get('1', 'b')).toBeUndefined(); // 4 + 2 + 6 bytes > 10: the oldest went
    expect(text(pages.get('1', 'c'))).toBe('cc');
    // Bytes, not characters: "ấ" is three bytes in UTF-8 (three characters, nine bytes).
    pages.keep('2', 'f', 'ấấấ');
    expect(pages.get('2', 'f')).toBeUndefined();
  });

  it('keeps the compressed forms it sends, each made once and counted in the bytes; small pages go as they are', () => {
    const sent = (pages: KeptPages, page: ReturnType<KeptPages['keep']>, acceptEncoding?: string) => {
      const headers: Record<string, unknown> = {};
      const reply = { type: (t: string) => ((headers['content-type'] = t), reply), header: (k: string, v: string) => ((headers[k] = v), reply) };
      const request = { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} };
      const bytes = pages.send(request as unknown as FastifyRequest, reply as unknown as FastifyReply, page);
      return { bytes, headers };
    };
    const json = JSON.stringify({ data: Array.from({ length: 100 }, (_, id) => ({ id, title: `Khám sức khỏe ${(id * 7919) % 1009}`, at: new Date(id * 86_400_123).toISOString() })), totalRows: 100 });
    const bytes = Buffer.byteLength(json);
    const [brBytes, gzipBytes] = (['br', 'gzip'] as const).map((e) => compressed(Buffer.from(json), e).length);
    // Room for the JSON and its brotli, not for its gzip as well.
    const pages = new KeptPages({ pages: 10, bytes: bytes + brBytes + gzipBytes - 1, pageBytes: 1 << 20 });
    const page = pages.keep('1', 'a', json);
    const br = sent(pages, page, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(json);
    // Kept: the same bytes (the same buffer) the next time, not compressed again.
    expect(sent(pages, pages.get('1', 'a')!, 'br').bytes).toBe(br.bytes);
    const plain = sent(pages, pages.get('1', 'a')!);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(json);
    expect(sent(pages, pages.get('1', 'a')!, 'br;q=0, gzip;q=0').headers['content-encoding']).toBeUndefined();
    const gzip = sent(pages, pages.get('1', 'a')!, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.bytes).toString()).toBe(json);
    expect(sent(pages, page, 'gzip').bytes).toBe(gzip.bytes);
    // The compressed forms count: the JSON, its brotli and its gzip are over the limit, so the page went.
    expect(pages.get('1', 'a')).toBeUndefined();
    // Under a kilobyte: as it is, whatever the client accepts.
    const small = sent(pages, pages.keep('1', 'b', '{"data":[],"totalRows":0}'), 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString()).toBe('{"data":[],"totalRows":0}');
  });
});

describeEachDatabase('list pages kept per change number', (ctx) => {
  const list = (website: number, q = '') => `/api/SocialNetworks/${website}?page=1&pageSize=50${q}`;

  it('answers a page read again with the same bytes, and a write through the API on the next read', async () => {
    const { clinic } = await demoWebsites(ctx);
    const first = await ctx.authed('GET', list(clinic));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await ctx.authed('GET', list(clinic));
    expect(again.text).toBe(first.text);
    const added = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Kept'), url: 'https://kept.example', order: 0 });
    expect(added.status, added.text).toBe(200);
    const after = await ctx.authed('GET', list(clinic));
    expect(after.body.totalRows).toBe(first.body.totalRows + 1);
    expect(after.body.data.map((r: any) => r.id)).toContain(added.body.data.id);
  });

  it('sends a kept page compressed as the client accepts it (brotli, gzip) or as it is, the same JSON each way', async () => {
    const { clinic } = await demoWebsites(ctx);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const res = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr(`Nén ${n} ${'x'.repeat(200)}`), url: `https://compressed-${n}.example`, order: n });
      expect(res.status, res.text).toBe(200);
    }
    const token = (await ctx.signIn()).access_token;
    const get = (encoding?: string) => rawGet(ctx.baseUrl, list(clinic), { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) });
    const plain = await get();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const json = plain.bytes.toString();
    expect(JSON.parse(json).data.length).toBeGreaterThanOrEqual(6);
    for (let round = 0; round < 2; round++) {
      const br = await get('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zlib.brotliDecompressSync(br.bytes).toString()).toBe(json);
      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.bytes).toString()).toBe(json);
      expect((await get()).bytes.toString()).toBe(json);
    }
    // The security headers are on the list's answers too (helmet's, built once: server/http/security-headers.ts).
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    expect(plain.headers['x-changes']).toBeDefined();
  });

  it('shows a write made straight in the database (another instance, a seed) on the next read', async () => {
    const { clinic } = await demoWebsites(ctx);
    const before = await ctx.authed('GET', list(clinic));
    const row = before.body.data[0];
    expect(row).toBeDefined();
    expect((await ctx.authed('GET', list(clinic))).text).toBe(before.text); // kept now
    await dynamic(ctx.db).updateTable('social_networks').set({ url: 'https://changed-elsewhere.example' }).where('id', '=', row.id).execute();
    const after = await ctx.authed('GET', list(clinic));
    expect(after.body.data.find((r: any) => r.id === row.id).url).toBe('https://changed-elsewhere.example');
  });

  it('checks who asks on every request: a page kept for the administrator is not an outsider\'s answer', async () => {
    const { clinic } = await demoWebsites(ctx);
    const site = await ctx.authed('POST', '/api/Websites', { name: tr('Trang giữ', 'Kept site'), isActive: true });
    expect(site.status, site.text).toBe(200);
    const w = site.body.data.id as number;
    expect((await ctx.authed('GET', list(w))).status).toBe(200);
    expect((await ctx.authed('GET', list(w))).status).toBe(200); // kept for the administrator
    // lan.nguyen is not staff of the new website: 403, whatever is kept.
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    expect((await ctx.request('GET', list(w), { token: lan })).status).toBe(403);
    expect((await ctx.request('GET', list(w))).status).toBe(401);
    // Nor does a member see the administrator's kept page of the clinic as theirs: their own read, the same rows.
    const admins = await ctx.authed('GET', list(clinic));
    const theirs = await ctx.request('GET', list(clinic), { token: lan });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.map((r: any) => r.id)).toEqual(admins.body.data.map((r: any) => r.id));
  });

  it('reads a page afresh through its statement kept compiled: each language, page and keyword its own', async () => {
    const { clinic } = await demoWebsites(ctx);
    for (const n of [1, 2, 3]) {
      const body = { newsTranslations: [{ languageId: 'vi-VN', title: `Biên dịch ${n}` }, { languageId: 'en-US', title: `Compiled ${n}`, seoLink: `compiled-${n}` }] };
      const res = await ctx.authed('POST', `/api/News/${clinic}/false`, body);
      expect(res.status, res.text).toBe(200);
    }
    // `fresh`: a parameter the list ignores, so that no kept page answers and the engine reads.
    const news = (lang: string, q: string, fresh: number) => ctx.authed('GET', `/api/News/${clinic}/${lang}?pageSize=2${q}&fresh=${fresh}`);
    const vi = await news('vi-VN', '&page=1', 1);
    const en = await news('en-US', '&page=1', 2);
    expect(vi.body.data.length).toBe(2);
    expect(vi.body.data.map((r: any) => r.id)).toEqual(en.body.data.map((r: any) => r.id));
    expect(vi.body.data.every((r: any) => r.languageId === 'vi-VN')).toBe(true);
    expect(en.body.data.some((r: any) => r.languageId === 'en-US')).toBe(true);
    expect((await news('vi-VN', '&page=1', 3)).body).toEqual(vi.body);
    const second = await news('vi-VN', '&page=2', 4);
    expect(second.body.data.map((r: any) => r.id)).not.toEqual(vi.body.data.map((r: any) => r.id));
    const found = await news('vi-VN', `&page=1&keyword=${encodeURIComponent('Biên dịch 2')}`, 5);
    expect(found.body.data.map((r: any) => r.title)).toEqual(['Biên dịch 2']);
    expect(found.body.totalRows).toBe(1);
  });

  // On PostgreSQL a list read by a session found live before is checked by its page's own statement
  // (server/resources/session-check.ts): whatever the path, a dead session is refused on its very next read.
  it('refuses a list read on the next request once the session is revoked, even straight in the database (another instance)', async () => {
    const { clinic } = await demoWebsites(ctx);
    const news = (token: string, fresh: number | string) => ctx.request('GET', `/api/News/${clinic}/vi-VN?page=1&pageSize=5&fresh=${fresh}`, { token });
    const token = (await ctx.signIn()).access_token;
    expect((await news(token, 1)).status).toBe(200);
    expect((await news(token, 2)).status).toBe(200); // afresh, the session now known
    expect((await news(token, 2)).status).toBe(200); // kept
    // Revoked by another instance: no route of this one saw it, and a revocation alone moves no change number.
    const sid = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string }).sid;
    await ctx.db.updateTable('token_families').set({ revokedAt: new Date().toISOString(), revokedReason: 'test' }).where('id', '=', sid).execute();
    for (const fresh of [3, 2, 'x']) {
      const refused = await news(token, fresh);
      expect(refused.status, `fresh=${fresh}`).toBe(401);
      expect(refused.headers.get('x-changes')).toBeNull();
    }
  });

  it('refuses a list read on the next request once the user is deactivated or signed out', async () => {
    const { clinic } = await demoWebsites(ctx);
    const news = (token: string, fresh: number) => ctx.request('GET', `/api/News/${clinic}/vi-VN?page=1&pageSize=5&fresh=${fresh}`, { token });
    const lan = (await ctx.signIn('lan.nguyen', 'Staff@123')).access_token;
    expect((await news(lan, 1)).status).toBe(200);
    expect((await news(lan, 2)).status).toBe(200);
    await ctx.db.updateTable('users').set({ isActive: false }).where('userName', '=', 'lan.nguyen').execute();
    expect((await news(lan, 3)).status).toBe(401);
    expect((await news(lan, 2)).status).toBe(401);
    await ctx.db.updateTable('users').set({ isActive: true }).where('userName', '=', 'lan.nguyen').execute();
    const admin = (await ctx.signIn()).access_token;
    expect((await news(admin, 1)).status).toBe(200);
    expect((await news(admin, 2)).status).toBe(200);
    const out = await ctx.request('POST', '/auth/connect/revocation', { form: { token: admin, token_type_hint: 'access_token', ...CLIENT } });
    expect(out.status).toBe(200);
    expect((await news(admin, 4)).status).toBe(401);
    expect((await news(admin, 1)).status).toBe(401);
  });

  it('reads a list afresh with its total up to date after a write straight in the database, and says the new change number', async () => {
    const { clinic } = await demoWebsites(ctx);
    const token = (await ctx.signIn()).access_token;
    const read = (fresh: number) => ctx.request('GET', `${list(clinic)}&fresh=${fresh}`, { token });
    await read(1);
    const before = await read(2);
    expect(before.status).toBe(200);
    const { id, ...stored } = (await dynamic(ctx.db).selectFrom('social_networks').selectAll().where('id', '=', before.body.data[0].id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(id).toBe(before.body.data[0].id);
    await dynamic(ctx.db).insertInto('social_networks').values({ ...stored, concurrencyStamp: 'elsewhere' }).execute();
    const after = await read(3);
    expect(after.status).toBe(200);
    expect(after.body.totalRows).toBe(before.body.totalRows + 1);
    expect(BigInt(after.headers.get('x-changes')!)).toBeGreaterThan(BigInt(before.headers.get('x-changes')!));
  });

  it('reads a list afresh in one round trip on PostgreSQL: the session checked by the page statement, no lookup of its own', async () => {
    const { clinic } = await demoWebsites(ctx);
    const token = (await ctx.signIn()).access_token;
    const read = (fresh: number) => ctx.request('GET', `/api/News/${clinic}/vi-VN?page=1&pageSize=5&fresh=${fresh}`, { token });
    expect((await read(1)).status).toBe(200);
    const lookups = vi.spyOn(ctx.app.tokens, 'verifySession');
    try {
      const again = await read(2);
      expect(again.status).toBe(200);
      expect(again.headers.get('x-changes')).toBeTruthy();
      // SQLite has no round trip to save: the guard looks the session up as for any request.
      expect(lookups).toHaveBeenCalledTimes(ctx.dialect === 'postgres' ? 0 : 1);
      // A kept page has no statement to check the session: it is looked up.
      lookups.mockClear();
      expect((await read(2)).status).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('answers the envelope in each request\'s interface language', async () => {
    const { clinic } = await demoWebsites(ctx);
    const vi = await ctx.authed('GET', `/api/QAExperts/${clinic}?page=1&pageSize=5`);
    expect(vi.status).toBe(200);
    expect(vi.body.message).toBe('Thành công');
    const en = await ctx.authed('GET', `/api/QAExperts/${clinic}?page=1&pageSize=5`, undefined, EN);
    expect(en.body.message).toBe('Success');
    expect((await ctx.authed('GET', `/api/QAExperts/${clinic}?page=1&pageSize=5`)).body.message).toBe('Thành công');
  });
});
