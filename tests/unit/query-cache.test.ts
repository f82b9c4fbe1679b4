// The console's query cache with its data provider and HTTP client against the real server: a list read through
// the cache is read again after a write of this console, and after a write of someone else as soon as any answer
// carries the server's newer change number (X-Changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { configureHttp, setServiceBases } from '../../renderer/src/api/client';
import { createDataProvider, fetchLookup, listKey, type Row } from '../../renderer/src/resources/dataProvider';
import { queryCache } from '../../renderer/src/resources/queryCache';
import { passwordGrant, startRealServer, type RealServer } from './desktop/real-server';

const def = resources.socialNetwork;
const tr = (vi: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': vi });

describe('query cache against the server', () => {
  let server: RealServer;
  let token = '';
  let clinic = 0;
  beforeAll(async () => {
    server = await startRealServer();
    token = (await passwordGrant(server.url)).access_token;
    setServiceBases({ api: `${server.url}/api`, core: `${server.url}/core` });
    configureHttp({ accessToken: async () => token, changes: (n) => queryCache.noteChanges(n) });
    const websites = (await fetchLookup('api:Websites/get-all', { websiteId: null })) as { id: number }[];
    clinic = websites[0].id;
  });
  afterAll(async () => {
    queryCache.clear();
    await server?.close();
  });

  it('reads again after its own write and after a write by someone else', async () => {
    const context = { websiteId: clinic, language: 'vi-VN' };
    const provider = createDataProvider(def, context);
    const key = listKey(def, context, { page: 1, pageSize: 100 });
    const read = () => queryCache.fetch(key, (meta) => provider.getList({ page: 1, pageSize: 100, meta }));
    const names = async () => (await read()).data.map((row: Row) => JSON.parse(String(row.name))['vi-VN'] as string);
    let told = 0;
    const unsubscribe = queryCache.subscribe(key, () => (told += queryCache.peek(key).stale && !queryCache.peek(key).fetching ? 1 : 0));

    const before = await names();
    expect(queryCache.peek(key).stale).toBe(false);

    // This console writes: the list on screen is told at once and reads the new row.
    await provider.create({ values: { name: tr('Zalo của phòng khám'), url: 'https://zalo.me/x', order: 0 } });
    expect(told).toBe(1);
    expect(await names()).toEqual(expect.arrayContaining([...before, 'Zalo của phòng khám']));

    // Someone else writes (another console, straight to the server): nothing is known until an answer says so.
    const other = await fetch(`${server.url}/api/SocialNetworks/${clinic}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: tr('Kênh YouTube'), url: 'https://youtube.com/x', order: 1 }),
    });
    expect(other.status).toBe(200);
    expect(queryCache.peek(key).stale).toBe(false);
    // Any answer of the server (here a lookup) carries the newer number: the list is stale and reads the other row.
    await fetchLookup('api:Websites/get-all', { websiteId: null });
    expect(queryCache.peek(key).stale).toBe(true);
    expect(told).toBe(2);
    expect(await names()).toContain('Kênh YouTube');
    unsubscribe();
  });
});
