import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { resources } from '../../../shared/resources';
import { socialNetwork } from '../../../shared/resources/social-network';
import { createDataProvider, invalidateWrites, listKey, lookupKey, oneKey, resourceKey } from './dataProvider';
import { hashKey, keyStartsWith, QueryCache, queryCache } from './queryCache';
import { useQuery, useWatchedRead } from './useQuery';

/** A fetcher that counts its loads and answers `value()` with change number `changes()`. */
function source<T>(value: () => T, changes: () => string | undefined = () => undefined) {
  const counter = { loads: 0 };
  const fetcher = async (meta: { changes?: string }) => {
    counter.loads += 1;
    meta.changes = changes();
    return value();
  };
  return Object.assign(counter, { fetcher });
}

describe('query keys', () => {
  it('compare by value: object keys in any order, undefined left out', () => {
    expect(hashKey(['news', { a: 1, b: 2 }])).toBe(hashKey(['news', { b: 2, a: 1, c: undefined }]));
    expect(hashKey(['news', { a: 1 }])).not.toBe(hashKey(['news', { a: 2 }]));
    expect(keyStartsWith(['news', 'list', { page: 1 }], ['news'])).toBe(true);
    expect(keyStartsWith(['news', 'list', { page: 1 }], ['newsCategory'])).toBe(false);
    expect(keyStartsWith(['news'], ['news', 'list'])).toBe(false);
  });

  it('put every list and record of a resource under its name, each page and filter apart', () => {
    const def = resources.socialNetwork;
    const page1 = listKey(def, { websiteId: 1, language: 'vi-VN' }, { page: 1, pageSize: 10 });
    const page2 = listKey(def, { websiteId: 1, language: 'vi-VN' }, { page: 2, pageSize: 10 });
    const other = listKey(def, { websiteId: 2, language: 'vi-VN' }, { page: 1, pageSize: 10 });
    expect(new Set([page1, page2, other].map(hashKey)).size).toBe(3);
    for (const key of [page1, page2, other, oneKey(def, { websiteId: 1 }, { id: 4 })]) expect(keyStartsWith(key, resourceKey(def))).toBe(true);
    expect(keyStartsWith(lookupKey('core:languages/all', 1), ['lookup'])).toBe(true);
  });
});

describe('typed provider', () => {
  it('answers the records of its definition typed (shared/resources/record.ts)', () => {
    const provider = createDataProvider(socialNetwork, { websiteId: 1 });
    expectTypeOf(provider.getOne).returns.resolves.toHaveProperty('order').toEqualTypeOf<number>();
    expectTypeOf(provider.getList).returns.resolves.toHaveProperty('data').items.toHaveProperty('websiteId').toEqualTypeOf<number>();
  });
});

describe('query cache', () => {
  it('keeps a value until invalidated, and loads once for two askers at the same time', async () => {
    const cache = new QueryCache();
    let value = 'a';
    const s = source(() => value);
    const [x, y] = await Promise.all([cache.fetch(['r', 1], s.fetcher), cache.fetch(['r', 1], s.fetcher)]);
    expect([x, y, s.loads]).toEqual(['a', 'a', 1]);
    value = 'b';
    expect(await cache.fetch(['r', 1], s.fetcher)).toBe('a');
    expect(s.loads).toBe(1);
    // A forced read (a reload button) loads.
    expect(await cache.fetch(['r', 1], s.fetcher, { force: true })).toBe('b');
    expect(s.loads).toBe(2);
  });

  it('drops what nobody shows on invalidation, and tells the subscribers of what is shown', async () => {
    const cache = new QueryCache();
    const s = source(() => 'v');
    await cache.fetch(['r', 'list', 1], s.fetcher);
    await cache.fetch(['r', 'one', 7], s.fetcher);
    await cache.fetch(['q', 'list', 1], s.fetcher);
    let told = 0;
    cache.subscribe(['r', 'one', 7], () => (told += 1));
    void cache.invalidate(['r']);
    expect(told).toBe(1);
    expect(cache.peek(['r', 'one', 7]).stale).toBe(true);
    expect(cache.size).toBe(2); // the shown record (stale) and the other resource's list
    expect(cache.peek(['q', 'list', 1]).stale).toBe(false);
    await cache.fetch(['r', 'one', 7], s.fetcher);
    expect(s.loads).toBe(4);
  });

  it('makes a load stale when a write lands while it is under way', async () => {
    const cache = new QueryCache();
    let release: (v: string) => void = () => undefined;
    const pending = cache.fetch(['r'], () => new Promise<string>((resolve) => (release = resolve)));
    void cache.invalidate(['r']);
    release('read before the write');
    await pending;
    expect(cache.peek(['r']).stale).toBe(true);
  });

  it('makes stale what was read under an older change number, and only that', async () => {
    const cache = new QueryCache();
    let n = '5';
    const s = source(() => 'v', () => n);
    await cache.fetch(['a'], s.fetcher);
    await cache.fetch(['form'], s.fetcher, { followChanges: false });
    // Answers without a number (another service) stay until a write.
    await cache.fetch(['plain'], source(() => 'v').fetcher);
    cache.noteChanges('5');
    expect(cache.peek(['a']).stale).toBe(false);
    n = '6';
    await cache.fetch(['b'], s.fetcher);
    cache.noteChanges('6');
    // Nobody shows 'a': dropped; 'b' was read at 6; the form keeps its record; 'plain' has no number.
    expect(cache.size).toBe(3);
    expect(cache.peek(['b']).stale).toBe(false);
    expect(cache.peek(['form']).stale).toBe(false);
    expect(cache.peek(['plain']).stale).toBe(false);
    // An older number arriving late changes nothing.
    cache.noteChanges('4');
    expect(cache.peek(['b']).stale).toBe(false);
  });

  it('a load that lands after a newer number was seen elsewhere is stale at once', async () => {
    const cache = new QueryCache();
    let release: (v: string) => void = () => undefined;
    const pending = cache.fetch(['r'], (meta) => new Promise<string>((resolve) => (release = (v) => ((meta.changes = '3'), resolve(v)))));
    cache.noteChanges('4');
    release('read at 3');
    await pending;
    expect(cache.peek(['r']).stale).toBe(true);
  });

  it('a write invalidates its resource, its parent, its children and the lookups', async () => {
    const s = source(() => 'v');
    const def = resources.website;
    const child = def.children![0].resource;
    for (const key of [[def.name, 'list'], [child, 'list'], lookupKey('core:languages/all', 1), ['news', 'list']]) await queryCache.fetch(key, s.fetcher);
    invalidateWrites(def);
    expect(queryCache.peek([def.name, 'list']).data).toBeUndefined();
    expect(queryCache.peek([child, 'list']).data).toBeUndefined();
    expect(queryCache.peek(lookupKey('core:languages/all', 1)).data).toBeUndefined();
    expect(queryCache.peek(['news', 'list']).data).toBe('v');
    queryCache.clear();
  });
});

describe('useQuery', () => {
  it('shows the value, shares it between components, and reads again when invalidated', async () => {
    let value = 1;
    const s = source(() => value);
    const first = renderHook(() => useQuery(['counter'], s.fetcher));
    const second = renderHook(() => useQuery(['counter'], s.fetcher));
    expect(first.result.current.loading).toBe(true);
    await waitFor(() => expect(first.result.current.data).toBe(1));
    await waitFor(() => expect(second.result.current.data).toBe(1));
    expect(s.loads).toBe(1);
    value = 2;
    act(() => void queryCache.invalidate(['counter']));
    await waitFor(() => expect(first.result.current.data).toBe(2));
    await waitFor(() => expect(second.result.current.data).toBe(2));
    expect(s.loads).toBe(2);
    first.unmount();
    second.unmount();
    queryCache.clear();
  });

  it('a watched read (a ProTable list) is told when its key goes stale, by a write or the change number', async () => {
    let stale = 0;
    const s = source(() => 'rows', () => '10');
    const { result, unmount } = renderHook(() => useWatchedRead(() => (stale += 1)));
    await act(() => result.current(['socialNetwork', 'list', { page: 1 }], s.fetcher));
    act(() => void queryCache.invalidate(['socialNetwork']));
    expect(stale).toBe(1);
    await act(() => result.current(['socialNetwork', 'list', { page: 1 }], s.fetcher));
    act(() => queryCache.noteChanges('11'));
    expect(stale).toBe(2);
    unmount();
    queryCache.clear();
  });

  it('a watched read is told once when another reader of its key read it again (a tree and a view of one folder)', async () => {
    let value = 'old';
    const s = source(() => value);
    const key = ['files', 'directory', 0];
    for (const otherFirst of [true, false]) {
      let stale = 0;
      const other = otherFirst ? renderHook(() => useQuery(key, s.fetcher)) : null;
      const { result, unmount } = renderHook(() => useWatchedRead(() => (stale += 1)));
      await act(() => result.current(key, s.fetcher));
      const later = other ?? renderHook(() => useQuery(key, s.fetcher));
      value = `new ${String(otherFirst)}`;
      await act(() => queryCache.invalidate(['files']));
      await waitFor(() => expect(later.result.current.data).toBe(value));
      expect(stale).toBe(1);
      // Told after the other's load landed, its next read takes that value instead of loading again.
      const loads = s.loads;
      expect(await act(() => result.current(key, s.fetcher))).toBe(value);
      if (otherFirst) expect(s.loads).toBe(loads);
      later.unmount();
      unmount();
      queryCache.clear();
    }
  });
});
