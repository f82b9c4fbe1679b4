import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LINKED_RESOURCES, routeOf } from '../../../shared/deep-links';
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
