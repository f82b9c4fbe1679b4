/**
 * `sitedesk://<resource>/<website>/<id>` links to one record (issue 31, "Deep links"), and the console route each
 * opens. Main parses what the operating system hands it (a second instance's argv, macOS `open-url`) with
 * {@link parseDeepLink} and sends the renderer only the route; the console's "Copy link" builds links with
 * {@link deepLinkForPath}. Parsing is strict: a link names a known resource and two positive integers, nothing else —
 * it never becomes a path into the file system or an arbitrary address of the console.
 */
export const DEEP_LINK_SCHEME = 'sitedesk';

/**
 * The console route that opens one record of each linkable resource (the record's editor or detail screen);
 * `:id` is the record's id. Written out so that main and preload do not load the definitions: a test holds each
 * to its definition's edit route (renderer/src/app/deepLinks.test.ts). Resources the live events name (bookings, feedback, applications, questions,
 * collaborators, referrals) and those sent for review (news, services, specializations).
 */
export const LINKED_ROUTES = {
  news: '/news/:id',
  bookings: '/booking/:id',
  feedback: '/feedback/:feedbackId',
  applications: '/recruitment/:recruitmentId',
  questions: '/expert-question-and-answer/:questionId',
  services: '/service-website/:serviceId',
  specializations: '/specialization/:serviceId',
  // The referral team belongs to the organisation, not to a website: its screens are lists that open the record
  // named in the address (`?id=`); the link still carries the website it came from, like every other.
  collaborators: '/team?id=:id',
  referrals: '/customer?id=:id',
} as const;

export type LinkedResource = keyof typeof LINKED_ROUTES;

/**
 * The linked resource of a record of each definition a live event can name (the event's `resource`: the intake's
 * records and the reviewed ones), so a notification or the bell opens `routeOf(DEFINITION_LINKS[event.resource],
 * event.website, Number(event.recordId))` (renderer/src/app/eventRoutes.ts).
 */
export const DEFINITION_LINKS: Readonly<Record<string, LinkedResource>> = {
  booking: 'bookings',
  feedback: 'feedback',
  recruitment: 'applications',
  qaExpert: 'questions',
  news: 'news',
  service: 'services',
  collaborator: 'collaborators',
  referral: 'referrals',
};
export const LINKED_RESOURCES = Object.keys(LINKED_ROUTES) as LinkedResource[];

export interface DeepLink {
  resource: LinkedResource;
  website: number;
  id: number;
  /** The console route, with the website the record belongs to (`/news/12?website=1`). */
  route: string;
}

const POSITIVE_INTEGER = /^[1-9][0-9]{0,14}$/;
const isLinked = (name: string): name is LinkedResource => Object.hasOwn(LINKED_ROUTES, name);

/** The console route of one record: the resource's route with its id, and `website=` for the workspace to switch to. */
export function routeOf(resource: LinkedResource, website: number, id: number): string {
  const route = LINKED_ROUTES[resource].replace(/:[A-Za-z]+/, String(id));
  return `${route}${route.includes('?') ? '&' : '?'}website=${website}`;
}

export function deepLinkFor(resource: LinkedResource, website: number | string, id: number | string): string {
  return `${DEEP_LINK_SCHEME}://${resource}/${website}/${id}`;
}

/** Why a text is not a deep link, or the link. */
export function parseDeepLink(text: unknown): DeepLink | { error: string } {
  if (typeof text !== 'string' || text.length > 200) return { error: 'not a short text' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'not a URL' };
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return { error: `not a ${DEEP_LINK_SCHEME}: link` };
  if (url.username || url.password || url.port || url.search || url.hash) return { error: 'has parts a record link has not' };
  const resource = url.hostname.toLowerCase();
  if (!isLinked(resource)) return { error: `unknown resource "${url.hostname}"` };
  // One trailing slash is tolerated: some launchers add it.
  const parts = url.pathname.replace(/\/$/, '').split('/');
  if (parts.length !== 3 || parts[0] !== '' || !POSITIVE_INTEGER.test(parts[1]) || !POSITIVE_INTEGER.test(parts[2])) {
    return { error: 'expected /<website>/<id>, two positive numbers' };
  }
  const website = Number(parts[1]);
  const id = Number(parts[2]);
  return { resource, website, id, route: routeOf(resource, website, id) };
}

export const isDeepLink = (parsed: DeepLink | { error: string }): parsed is DeepLink => !('error' in parsed);

/** The link of the record a console path shows (`/news/12` in website 1 → `sitedesk://news/1/12`), or null. */
export function deepLinkForPath(pathname: string, website: number | string | null | undefined): string | null {
  if (website === null || website === undefined || !POSITIVE_INTEGER.test(String(website))) return null;
  for (const resource of LINKED_RESOURCES) {
    const route = LINKED_ROUTES[resource];
    if (route.includes('?')) continue;
    const [prefix, rest] = route.split(/:[A-Za-z]+/);
    if (rest !== '' || !pathname.startsWith(prefix)) continue;
    const id = pathname.slice(prefix.length).replace(/\/$/, '');
    if (POSITIVE_INTEGER.test(id)) return deepLinkFor(resource, website, id);
  }
  return null;
}

/**
 * The console's own web address of the record a console path shows (`/news/12` in website 1 served from
 * `https://cms.example` → `https://cms.example/news/12?website=1`), which any browser opens (the `?website=` switches
 * the workspace, renderer/src/app/layout/AppLayout.tsx); null where {@link deepLinkForPath} has no link.
 */
export function webLinkForPath(pathname: string, website: number | string | null | undefined, origin: string): string | null {
  if (!deepLinkForPath(pathname, website)) return null;
  return `${origin.replace(/\/+$/, '')}${pathname.replace(/\/$/, '')}?website=${String(website)}`;
}

/**
 * A route main may send the renderer: an absolute path of the console with an optional query of plain characters,
 * never a scheme, `//host` or a dot in the path. Both the notifications the renderer asks for and the deep links go
 * through it.
 */
export const CONSOLE_ROUTE = /^\/(?!\/)[A-Za-z0-9\-_/]{0,200}(\?[A-Za-z0-9\-_=&.%]{0,300})?$/;
