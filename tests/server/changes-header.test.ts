// The change number travels with every signed-in answer (`X-Changes`), so the console's query client knows when
// what it keeps is older than the database (renderer/src/resources/queries.ts).
import { beforeAll, expect, it } from 'vitest';
import { demoWebsites, describeEachDatabase } from './harness';

const tr = (vi: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': vi });
const changesOf = (res: { headers: Headers }) => Number(res.headers.get('x-changes'));

describeEachDatabase('changes header', (ctx) => {
  let clinic = 0;
  beforeAll(async () => {
    ({ clinic } = await demoWebsites(ctx));
  });

  it('answers the change number on signed-in reads, and a larger one after a write', async () => {
    const before = await ctx.authed('GET', `/api/SocialNetworks/${clinic}`);
    expect(before.status).toBe(200);
    expect(before.headers.get('x-changes')).toMatch(/^\d+$/);
    // Nothing written in between: the same number.
    expect(changesOf(await ctx.authed('GET', `/api/SocialNetworks/${clinic}`))).toBe(changesOf(before));

    const created = await ctx.authed('POST', `/api/SocialNetworks/${clinic}`, { name: tr('Zalo'), url: 'https://zalo.me', order: 0 });
    expect(created.status, created.text).toBe(200);
    // A write answers the number it began with (what its answer reflects at least), the next read the new one.
    expect(changesOf(created)).toBe(changesOf(before));
    const after = await ctx.authed('GET', '/api/Websites/get-all');
    expect(changesOf(after)).toBeGreaterThan(changesOf(before));

    // A refused write leaves it as it was (nothing committed) and still says it.
    const refused = await ctx.authed('PUT', `/api/SocialNetworks/${clinic}/${created.body.data.id}`, { name: tr('Zalo'), concurrencyStamp: 'stale' });
    expect(refused.status).toBe(409);
    expect(changesOf(refused)).toBe(changesOf(after));
    expect(changesOf(await ctx.authed('GET', '/api/Websites/get-all'))).toBe(changesOf(after));
  });

  it('says nothing to someone not signed in', async () => {
    const res = await ctx.request('GET', '/api/Websites/get-all');
    expect(res.status).toBe(401);
    expect(res.headers.get('x-changes')).toBeNull();
  });
});
