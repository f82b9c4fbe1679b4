// Which delivery areas a write feeds (server/webhooks/feeds.ts): a definition's `delivery` and its children, a
// hand-written area's declared `sources`, and what a write is told as.
import { describe, expect, it } from 'vitest';
import { resources } from '../../shared/resources/index';
import { newsDef } from '../../shared/editorial';
import type { ResourceDef } from '../../shared/resources/define';
import type { ContentArea, WriteEvent } from '../../server/resources/index';
import { AreaFeeds } from '../../server/webhooks/feeds';
import { areas } from '../../server/delivery/areas';

const banners = { ...resources.banner, delivery: { path: 'banners', summary: 'Banners', fields: ['name'] } };
const defs = { ...resources, banner: banners, news: newsDef } as unknown as Record<string, ResourceDef>;
const area = (path: string, sources?: string[]): ContentArea => ({ path, summary: path, sources, list: async () => ({ data: [] }), schema: { item: {} } });
const write = (resource: string, operation: WriteEvent['operation'], more: Partial<WriteEvent> = {}): WriteEvent => ({ websiteId: 7, resource, ids: [3], operation, ...more });

describe('webhook feeds', () => {
  it("takes a definition area's own records and its children", () => {
    const feeds = new AreaFeeds(defs, []);
    const [feed] = feeds.feeds('bannerItem');
    expect(feed).toEqual({ path: 'banners', root: 'banner' });
    expect(feeds.notice(write('bannerItem', 'create', { keys: { bannerId: 12 } }), feed)).toEqual({ ids: [12], event: 'updated' });
    expect(feeds.notice(write('banner', 'create'), feeds.feeds('banner')[0])).toEqual({ ids: [3], event: 'published' });
    expect(feeds.notice(write('banner', 'delete'), feeds.feeds('banner')[0])).toEqual({ ids: [3], event: 'deleted' });
    // What no area shows feeds nothing.
    expect(feeds.feeds('booking')).toEqual([]);
    expect(feeds.feeds('webhookDelivery')).toEqual([]);
  });

  it("uses a hand-written area's declared sources", () => {
    const served = new AreaFeeds(defs, areas);
    expect(served.feeds('menuItem')).toEqual([{ path: 'menus', root: 'menu' }]);
    expect(served.feeds('serviceFaq')).toEqual([{ path: 'services', root: 'service' }]);
    // A service group switched off takes its services off the site: any of them may have changed.
    expect(served.feeds('serviceGroup')).toEqual([{ path: 'services', root: 'service' }]);
    expect(served.notice(write('serviceGroup', 'update'), served.feeds('serviceGroup')[0])).toEqual({ ids: [], event: 'updated' });
    expect([...served.paths]).toEqual(expect.arrayContaining(['banners', 'menus', 'news', 'site', 'services', 'diseases']));
    const declared = new AreaFeeds(defs, [area('menus', ['menu'])]);
    expect(declared.feeds('menuItem')).toEqual([]);
    expect(declared.feeds('menu')).toEqual([{ path: 'menus', root: 'menu' }]);
  });

  it('tells a reviewed definition only when the sites see a change; the site as its website', () => {
    const feeds = new AreaFeeds(defs, areas);
    const [news] = feeds.feeds('news');
    expect(feeds.notice(write('news', 'create'), news)).toBeUndefined();
    expect(feeds.notice(write('news', 'update', { before: { isActive: true }, values: { isActive: true } }), news)).toBeUndefined();
    expect(feeds.notice(write('news', 'update', { before: { isActive: true }, values: { isActive: false } }), news)).toEqual({ ids: [3], event: 'updated' });
    expect(feeds.notice(write('news', 'move', { move: { name: 'decline', field: 'approvedStatus', from: 1, to: 3 } }), news)).toBeUndefined();
    expect(feeds.notice(write('news', 'move', { move: { name: 'approve', field: 'approvedStatus', from: 1, to: 2 } }), news)).toEqual({ ids: [3], event: 'published' });
    const [site] = feeds.feeds('socialNetwork');
    expect(feeds.notice(write('socialNetwork', 'delete'), site)).toEqual({ ids: [7], event: 'updated' });
    expect(feeds.notice(write('settings', 'update'), feeds.feeds('settings')[0])).toEqual({ ids: [7], event: 'updated' });
  });
});
