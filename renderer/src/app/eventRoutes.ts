import type { LiveEvent } from '../platform/events';

/**
 * Where the console opens the record of a live event (renderer/src/platform/events.ts): its editor or detail, or the
 * area where it is listed when it has no screen of its own (a collaborator in /team, a referral in /customer).
 * `withWebsite` adds `?website={id}` (the form of a route the desktop app's notifications and deep links carry).
 */
const EDITORS: Record<string, (id: string) => string> = {
  booking: (id) => `/booking/${id}`,
  feedback: (id) => `/feedback/${id}`,
  recruitment: (id) => `/recruitment/${id}`,
  qaExpert: (id) => `/expert-question-and-answer/${id}`,
  news: (id) => `/news/${id}`,
  service: (id) => `/service-website/${id}`,
  collaborator: () => '/team',
  referral: () => '/customer',
};

export function eventRoute(event: Pick<LiveEvent, 'resource' | 'recordId' | 'website'>, withWebsite = false): string {
  const path = (EDITORS[event.resource] ?? (() => '/'))(encodeURIComponent(event.recordId));
  return withWebsite ? `${path}?website=${event.website}` : path;
}
