import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DEFINITION_LINKS, LINKED_RESOURCES, LINKED_ROUTES, routeOf } from '../../../shared/deep-links';
import { getResource } from '../../../shared/resources';
import { eventRoute } from './eventRoutes';
import { screens } from './screens';

describe('sitedesk:// links open screens of the route table', () => {
  it.each(LINKED_RESOURCES)('%s', (resource) => {
    const route = new URL(routeOf(resource, 1, 42), 'app://sitedesk');
    const screen = screens.find((s) => matchPath({ path: s.path, end: true }, route.pathname));
    expect(screen, route.pathname).toBeDefined();
    // The record's own screen (its id in the path), or a list that opens the id the address names.
    const params = matchPath({ path: screen!.path, end: true }, route.pathname)!.params;
    expect(Object.values(params).includes('42') || route.searchParams.get('id') === '42').toBe(true);
  });
});

describe('the linked routes written out in shared/deep-links.ts', () => {
  it("are the edit routes of the definitions the events name (a list's `?id=` aside)", () => {
    for (const [name, linked] of Object.entries(DEFINITION_LINKS)) {
      const route = LINKED_ROUTES[linked];
      if (!route.includes('?')) expect(route, name).toBe(getResource(name).routes?.edit);
    }
  });
});

describe('a live event opens the route its sitedesk:// link opens', () => {
  it('each definition an event can name, with and without the website', () => {
    expect(eventRoute({ resource: 'booking', recordId: '12', website: 3 })).toBe('/booking/12');
    expect(eventRoute({ resource: 'booking', recordId: '12', website: 3 }, true)).toBe('/booking/12?website=3');
    expect(eventRoute({ resource: 'collaborator', recordId: '7', website: 3 })).toBe('/team?id=7');
    expect(eventRoute({ resource: 'referral', recordId: '7', website: 3 }, true)).toBe('/customer?id=7&website=3');
    for (const resource of Object.keys(DEFINITION_LINKS)) expect(eventRoute({ resource, recordId: '5', website: 1 })).not.toBe('/');
    expect(eventRoute({ resource: 'nothing', recordId: '5', website: 1 })).toBe('/');
    expect(eventRoute({ resource: 'news', recordId: 'x', website: 1 })).toBe('/');
  });
});
