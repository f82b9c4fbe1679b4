// The console's data layer (TanStack Query, ./queries.ts) as a user sees it on a list: the generic list (ProTable)
// reads through the query client, reads again after a write to its resource and after the server's change number
// (X-Changes) moves, and reads nothing again otherwise. Against a small in-memory server behind the console's own
// HTTP client (an axios adapter), so the data provider, the client's X-Changes hook and the list are the real ones.
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, configure, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../../shared/resources';
import { newsCategory } from '../../../shared/resources/news-category';
import { socialNetwork } from '../../../shared/resources/social-network';
import { configureHttp, serviceClient } from '../api/client';
import { initI18n } from '../core/i18n';
import { WorkspaceContext } from '../core/workspace/context';
import type { Workspace } from '../core/workspace/types';
import { createDataProvider, invalidateWrites, listKey, lookupKey } from './dataProvider';
import { clearQueries, invalidate, noteChanges, queryClient, serverRead } from './queries';
import { ResourceList } from './ResourceList';

vi.mock('../session', async (original) => ({
  ...(await original<typeof import('../session')>()),
  useSession: () => ({ status: 'signedIn', user: { id: 1, role: 'admin', canReview: true } }),
}));

/** The server: social networks of website 1, a change number, and every GET it answered. */
const server = {
  rows: [] as { id: number; name: string; url: string; concurrencyStamp: string }[],
  changes: 10,
  gets: [] as string[],
  /** Someone else writes (another console): the database moves, nobody here is told. */
  writeElsewhere(name: string) {
    server.rows.push({ id: server.rows.length + 1, name: JSON.stringify({ 'vi-VN': name }), url: 'https://example.org', concurrencyStamp: 's' });
    server.changes += 1;
  },
};
const listReads = () => server.gets.filter((url) => url.startsWith('SocialNetworks/')).length;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = String(config.url).replace(/^\/+/, '');
  const method = (config.method ?? 'get').toUpperCase();
  let data: unknown = { code: 1, message: '', data: null };
  if (method === 'GET') {
    server.gets.push(url);
    data = url.startsWith('SocialNetworks/') ? { data: server.rows, totalRows: server.rows.length } : [];
  } else if (method === 'POST' && url.startsWith('SocialNetworks/')) {
    const body = JSON.parse(String(config.data)) as { name: string; url: string };
    server.writeElsewhere(JSON.parse(body.name)['vi-VN'] as string);
    data = { code: 1, message: '', data: server.rows.length };
  } else {
    server.changes += 1;
  }
  return { data, status: 200, statusText: 'OK', headers: { 'x-changes': String(server.changes) }, config };
};

const workspace = { websites: [], website: null, websiteId: 1, languages: [], defaultLanguage: 'vi-VN', language: 'vi-VN' } as unknown as Workspace;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>
    <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>
  </QueryClientProvider>
);
/** Long enough for a read that would happen to have happened. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));
const noop = () => undefined;

beforeAll(async () => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, onchange: null, addListener: noop, removeListener: noop, addEventListener: noop, removeEventListener: noop, dispatchEvent: () => false })) as unknown as typeof window.matchMedia;
  await (await initI18n('vi-VN')).loadNamespaces('resources');
  for (const service of ['api', 'core'] as const) serviceClient(service).defaults.adapter = adapter;
  configureHttp({ accessToken: async () => 'token', changes: noteChanges });
});
beforeEach(() => {
  clearQueries();
  server.rows = [];
  server.gets = [];
  server.changes = 10;
  server.writeElsewhere('Facebook');
});
afterEach(cleanup);
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

describe('a list on screen', () => {
  it('reads again after a write to its resource, and after the server says someone else wrote', async () => {
    render(<ResourceList def={socialNetwork} />, { wrapper });
    await screen.findByText('Facebook');
    expect(listReads()).toBe(1);

    // Saved here (a popup, another screen of this console): the list shows it without a reload.
    await act(() => createDataProvider(socialNetwork, { websiteId: 1, language: 'vi-VN' }).create({ values: { name: JSON.stringify({ 'vi-VN': 'Zalo' }), url: 'https://zalo.me' } }));
    await screen.findByText('Zalo');
    await settle();
    expect(listReads()).toBe(2);

    // Someone else saves: nothing shows it until an answer carries the newer change number…
    server.writeElsewhere('YouTube');
    await settle();
    expect(screen.queryByText('YouTube')).toBeNull();
    expect(listReads()).toBe(2);
    // …then the list reads again, once.
    await act(() => serviceClient('core').get('languages/all'));
    await screen.findByText('YouTube');
    await settle();
    expect(listReads()).toBe(3);
  });

  it('reads nothing again otherwise: not on answers with the same number, a write elsewhere in the console, or a focus', async () => {
    render(<ResourceList def={socialNetwork} />, { wrapper });
    await screen.findByText('Facebook');
    await settle();
    expect(listReads()).toBe(1);
    await act(() => serviceClient('core').get('languages/all'));
    await act(() => serviceClient('core').get('languages/all'));
    invalidateWrites(newsCategory);
    await act(() => invalidate(['news']));
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(listReads()).toBe(1);
  });
});

describe('a value on screen (useQuery)', () => {
  it('is read once for every component showing it, and again for all of them after a write', async () => {
    let reads = 0;
    const key = lookupKey('core:languages/all', 1);
    const use = () => useQuery({ queryKey: key, queryFn: serverRead(async (meta) => ((meta.changes = String(server.changes)), ++reads)) });
    const first = renderHook(use, { wrapper });
    const second = renderHook(use, { wrapper });
    await waitFor(() => expect(first.result.current.data).toBe(1));
    expect(second.result.current.data).toBe(1);
    // A write of a website invalidates the lookups (its languages).
    act(() => invalidateWrites(resources.website));
    await waitFor(() => expect(first.result.current.data).toBe(2));
    expect(second.result.current.data).toBe(2);
    // A newer change number: read again; the same number: not.
    act(() => noteChanges(String(server.changes)));
    await settle();
    expect(reads).toBe(2);
    server.changes += 1;
    act(() => noteChanges(String(server.changes)));
    await waitFor(() => expect(first.result.current.data).toBe(3));
  });

  it('opting out of the change number (a form being edited) keeps its value until a write', async () => {
    let reads = 0;
    const key = listKey(socialNetwork, { websiteId: 1 }, { page: 1 });
    const form = renderHook(() => useQuery({ queryKey: key, queryFn: serverRead(async (meta) => ((meta.changes = String(server.changes)), ++reads)), meta: { followChanges: false } }), { wrapper });
    await waitFor(() => expect(form.result.current.data).toBe(1));
    act(() => noteChanges(String(server.changes + 5)));
    await settle();
    expect(reads).toBe(1);
  });

  it('a load that a write overtakes is read again when it lands', async () => {
    let release: (value: string) => void = noop;
    let reads = 0;
    const key = ['socialNetwork', 'slow'];
    const view = renderHook(
      () =>
        useQuery({
          queryKey: key,
          queryFn: serverRead(() => {
            reads += 1;
            return reads === 1 ? new Promise<string>((resolve) => (release = resolve)) : Promise.resolve('after the write');
          }),
        }),
      { wrapper },
    );
    await waitFor(() => expect(reads).toBe(1));
    act(() => void invalidate(['socialNetwork']));
    act(() => release('before the write'));
    await waitFor(() => expect(view.result.current.data).toBe('after the write'));
  });
});
