// The console's query client (TanStack Query, renderer/src/resources/queries.ts) with its data provider and HTTP client
// against the real server: a list on screen (an observer) is read again after a write of this console, and after a
// write of someone else as soon as any answer carries the server's newer change number (X-Changes); nothing else
// reads it again.
import { QueryObserver } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources';
import { configureHttp, setServiceBases } from '../../renderer/src/api/client';
import { createDataProvider, fetchLookup, listKey, type ListResult, type Row } from '../../renderer/src/resources/dataProvider';
import { clearQueries, noteChanges, queryClient, serverRead } from '../../renderer/src/resources/queries';
import { passwordGrant, startRealServer, type RealServer } from './desktop/real-server';

const def = resources.socialNetwork;
const tr = (vi: string) => JSON.stringify({ 'vi-VN': vi, 'en-US': vi });

describe('query client against the server', () => {
  let server: RealServer;
  let token = '';
  let clinic = 0;
  beforeAll(async () => {
    server = await startRealServer();
    token = (await passwordGrant(server.url)).access_token;
    setServiceBases({ api: `${server.url}/api`, core: `${server.url}/core` });
    configureHttp({ accessToken: async () => token, changes: noteChanges });
    const websites = (await fetchLookup('api:Websites/get-all', { websiteId: null })) as { id: number }[];
    clinic = websites[0].id;
  });
  afterAll(async () => {
    clearQueries();
    await server?.close();
  });

  it('reads again after its own write and after a write by someone else', async () => {
    const context = { websiteId: clinic, language: 'vi-VN' };
    const provider = createDataProvider(def, context);
    const key = listKey(def, context, { page: 1, pageSize: 100 });
    let reads = 0;
    const queryFn = serverRead((meta) => {
      reads += 1;
      return provider.getList({ page: 1, pageSize: 100, meta }) as Promise<ListResult<Row>>;
    });
    const names = (list: ListResult<Row> | undefined) => (list?.data ?? []).map((row) => JSON.parse(String(row.name))['vi-VN'] as string);
    // The list on screen.
    const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
    const shown: (ListResult<Row> | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => result.fetchStatus === 'idle' && shown.push(result.data));
    await expect.poll(() => shown.length).toBe(1);
    const before = names(shown[0]);
    expect(reads).toBe(1);

    // This console writes: the list on screen reads the new row.
    await provider.create({ values: { name: tr('Zalo của phòng khám'), url: 'https://zalo.me/x', order: 0 } });
    await expect.poll(() => names(observer.getCurrentResult().data)).toEqual(expect.arrayContaining([...before, 'Zalo của phòng khám']));
    expect(reads).toBe(2);

    // Someone else writes (another console, straight to the server): nothing is known until an answer says so.
    const other = await fetch(`${server.url}/api/SocialNetworks/${clinic}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: tr('Kênh YouTube'), url: 'https://youtube.com/x', order: 1 }),
    });
    expect(other.status).toBe(200);
    expect(reads).toBe(2);
    // Any answer of the server (here a lookup) carries the newer number: the list reads the other row.
    await fetchLookup('api:Websites/get-all', { websiteId: null });
    await expect.poll(() => names(observer.getCurrentResult().data)).toContain('Kênh YouTube');
    expect(reads).toBe(3);

    // Answers that say nothing new read nothing again.
    await fetchLookup('api:Websites/get-all', { websiteId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(3);
    unsubscribe();
  });
});
