import { DEFINITION_LINKS, routeOf } from '../../../shared/deep-links';
import type { LiveEvent } from '../../../shared/events';

/**
 * Where the console opens the record of a live event (renderer/src/platform/events.ts): the route a `sitedesk://` link
 * to it opens (shared/deep-links.ts, one table for both). `withWebsite` keeps `?website={id}` (the form the desktop
 * app's notifications carry: the console switches to that website); without it, the caller switches itself.
 */
export function eventRoute(event: Pick<LiveEvent, 'resource' | 'recordId' | 'website'>, withWebsite = false): string {
  const linked = DEFINITION_LINKS[event.resource];
  const id = Number(event.recordId);
  if (!linked || !Number.isSafeInteger(id) || id < 1) return '/';
  const route = routeOf(linked, event.website, id);
  return withWebsite ? route : route.replace(/[?&]website=\d+$/, '');
}
