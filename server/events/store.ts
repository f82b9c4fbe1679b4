// The events' rows (migration 0027) and the one question every way of reading them asks: may this user read this
// event? Answered with the engine's own checks — the access rule of the definition or of the move
// (shared/resources/access.ts `check`, as `enforce` applies it to a request), website membership (`website_users`,
// as `requireWebsite` applies it), and a single recipient when the event has one (a decision goes to its submitter).
// The rights are read afresh from the database each time (a role taken away, a member removed: nothing more arrives).
import type { Generated, Kysely, Selectable } from 'kysely';
import type { EventDecision, EventKind, LiveEvent } from '../../shared/events';
import { check, type AccessRule } from '../../shared/resources/access';
import type { Role } from '../../shared/roles';
import { grantKey, REVIEW_ACTIONS, type Grants } from '../../shared/permissions';
import type { ResourceDef } from '../../shared/resources/define';
import { resources } from '../../shared/resources/index';
import type { Database } from '../db/schema';
import { Opener } from '../privacy/index';

declare module '../db/schema' {
  interface Database {
    events: EventsTable;
    event_reads: { userId: number; eventId: number };
    event_settings: { userId: number; muted: string; readThrough: number };
    /** the streams open on every instance (migration 0030): a user holds at most ten */
    event_streams: { id: Generated<number>; userId: number; openedAt: string };
  }
}

export interface EventsTable {
  id: Generated<number>;
  time: string;
  kind: EventKind;
  websiteId: number;
  resource: string;
  recordId: string;
  title: string;
  /** a decision's outcome (the move's name) */
  detail: string | null;
  rule: string;
  scoped: boolean | number;
  submittedBy: number | null;
  userId: number | null;
}

/** An event as stored. */
export type EventRow = Selectable<EventsTable>;

/** The fields a notification's title is made of (./listener.ts titleOf). */
export const TITLE_FIELDS = ['title', 'customerName', 'fullName', 'name', 'newsTranslations'] as const;

/**
 * Whether the reader's role hides a field the event's title may have been made of: then the title is the record's id
 * (as the trash titles a record whose fields are hidden). An organisation's event: hidden only when every role hides it.
 */
function titleHidden(reader: Reader, r: EventRow): boolean {
  if (reader.role === 'admin') return false;
  const def = (resources as Record<string, ResourceDef>)[r.resource];
  if (!def) return false;
  const key = grantKey(def);
  const grants = r.scoped ? [reader.grants.get(r.websiteId)] : [...reader.grants.values()];
  const hides = (g: Grants | undefined) => (g?.[key]?.hiddenFields ?? []).some((f) => (TITLE_FIELDS as readonly string[]).includes(f));
  return grants.length > 0 && grants.every(hides);
}

/**
 * The events with their titles opened (a title made of a personal field is kept sealed with its record's key,
 * server/privacy): `#id` once the record was erased. Read for each delivery, never kept.
 */
export async function openTitles(db: Kysely<Database>, rows: EventRow[]): Promise<EventRow[]> {
  const opener = new Opener(db);
  return Promise.all(rows.map(async (r) => ({ ...r, title: await opener.title(r.resource, r.recordId, r.title) })));
}

/** An event as the stream and the recent list send it to `reader` (shared/events.ts). */
export const toWire = (r: EventRow, reader: Reader): LiveEvent => ({
  id: r.id,
  kind: r.kind,
  website: r.websiteId,
  recordId: r.recordId,
  title: titleHidden(reader, r) ? `#${r.recordId}` : r.title,
  time: r.time,
  resource: r.resource,
  ...(r.detail ? { decision: r.detail as EventDecision } : {}),
});

/** What the checks look at about a reader, read from the database (not from a token issued minutes ago). */
export interface Reader {
  id: number;
  role: Role;
  canReview: boolean;
  /** the websites the user is staff of */
  websites: Set<number>;
  /** the user's role's grants on each of them (shared/permissions.ts; read afresh with the reader) */
  grants: Map<number, Grants>;
  muted: Set<EventKind>;
  readThrough: number;
}

/** Whether `reader` may read `event`: its recipient, website membership, the access rule with the record's submitter. */
export function mayRead(reader: Reader, event: EventRow): boolean {
  if (event.userId !== null && event.userId !== reader.id) return false;
  if (Boolean(event.scoped) && !reader.websites.has(event.websiteId)) return false;
  // Reviewing is the role's grant of the decisions (below), not a flag of the account.
  if (!check(JSON.parse(event.rule) as AccessRule, { ...reader, canReview: true }, { submittedBy: event.submittedBy }).allowed) return false;
  return roleLets(reader, event);
}

/**
 * Whether the reader's role lets them hear of the event (an administrator: always): a visitor's record, only with
 * `read: all` on its area (nobody's own: a visitor made it); a review request, only with a review decision granted; a
 * decision on their own submission, with any read. An organisation's record (not scoped): any of their roles.
 */
function roleLets(reader: Reader, event: EventRow): boolean {
  if (reader.role === 'admin') return true;
  const def = (resources as Record<string, ResourceDef>)[event.resource];
  if (!def) return true;
  const key = grantKey(def);
  const grants = event.scoped ? [reader.grants.get(event.websiteId)] : [...reader.grants.values()];
  return grants.some((g) => {
    const grant = g?.[key];
    if (!grant) return false;
    if (event.kind === 'review-requested') return REVIEW_ACTIONS.some((a) => grant.actions[a] === true);
    if (event.kind === 'review-decided') return grant.read !== 'none';
    return grant.read === 'all';
  });
}

/** The readers of these users (active accounts only), with their websites and settings. */
export async function readers(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Reader>> {
  const out = new Map<number, Reader>();
  if (!userIds.length) return out;
  const ids = [...new Set(userIds)];
  const [users, staff, settings] = await Promise.all([
    db.selectFrom('users').select(['id', 'role', 'canReview', 'isActive']).where('id', 'in', ids).execute(),
    db.selectFrom('website_users as wu').innerJoin('roles as r', 'r.id', 'wu.roleId').select(['wu.userId', 'wu.websiteId', 'r.grants']).where('wu.userId', 'in', ids).execute(),
    db.selectFrom('event_settings').select(['userId', 'muted', 'readThrough']).where('userId', 'in', ids).execute(),
  ]);
  for (const u of users) {
    if (!u.isActive) continue;
    out.set(u.id, { id: u.id, role: u.role === 'admin' ? 'admin' : 'staff', canReview: Boolean(u.canReview), websites: new Set(), grants: new Map(), muted: new Set(), readThrough: 0 });
  }
  for (const s of staff) {
    out.get(s.userId)?.websites.add(s.websiteId);
    out.get(s.userId)?.grants.set(s.websiteId, JSON.parse(s.grants) as Grants);
  }
  for (const s of settings) {
    const r = out.get(s.userId);
    if (!r) continue;
    r.muted = new Set(JSON.parse(s.muted) as EventKind[]);
    r.readThrough = Number(s.readThrough);
  }
  return out;
}

export async function readerOf(db: Kysely<Database>, userId: number): Promise<Reader | undefined> {
  return (await readers(db, [userId])).get(userId);
}

const COLUMNS = ['id', 'time', 'kind', 'websiteId', 'resource', 'recordId', 'title', 'detail', 'rule', 'scoped', 'submittedBy', 'userId'] as const;

/**
 * The events `reader` may read and has not muted, newest first, at most `limit`, among those after `afterId` and
 * since `since` when given. The cheap filters (recipient, websites, kinds) in SQL; the rule in `mayRead`.
 */
export async function eventsFor(db: Kysely<Database>, reader: Reader, options: { limit: number; afterId?: number; beforeId?: number; since?: string; oldestFirst?: boolean }): Promise<EventRow[]> {
  const out: EventRow[] = [];
  const batch = Math.max(options.limit, 100);
  let before: number | undefined = options.beforeId;
  let after = options.afterId;
  // Pages through the candidates until `limit` readable ones are found (the rule may drop some).
  for (;;) {
    let q = db.selectFrom('events').select([...COLUMNS]).where((eb) => eb.or([eb('userId', 'is', null), eb('userId', '=', reader.id)]));
    if (reader.muted.size) q = q.where('kind', 'not in', [...reader.muted]);
    const websites = [...reader.websites];
    q = q.where((eb) => eb.or([eb('scoped', '=', false), ...(websites.length ? [eb('websiteId', 'in', websites)] : [])]));
    if (after !== undefined) q = q.where('id', '>', after);
    if (before !== undefined) q = q.where('id', '<', before);
    if (options.since) q = q.where('time', '>=', options.since);
    const rows = await q.orderBy('id', options.oldestFirst ? 'asc' : 'desc').limit(batch).execute();
    for (const r of rows) {
      if (mayRead(reader, r)) out.push(r);
      if (out.length >= options.limit) return openTitles(db, out);
    }
    if (rows.length < batch) return openTitles(db, out);
    const last = rows[rows.length - 1].id;
    if (options.oldestFirst) after = last;
    else before = last;
  }
}
