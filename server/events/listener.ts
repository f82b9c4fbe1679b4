// The write listener (server/resources/writes.ts) that leaves an event in the transaction of the write causing it,
// so an event exists exactly when its write committed:
//   - a record created through the public intake (a visitor: no user, no integration key) of a kind staff hear of;
//   - a record of a review machine (news, Q&A, services: shared/resources/review.ts) arriving in Pending, for those
//     who may decide on it: the decision's rule (the reviewers, not the submitter), staff of the website;
//   - a decision (a move of the review machine) on a submission, for its submitter alone.
// Readers are never listed here: the event keeps the rule they must pass (./store.ts `mayRead`).
import type { ResourceDef } from '../../shared/resources/define';
import { ruleOf, type AccessRule } from '../../shared/resources/access';
import { REVIEW_STATUS } from '../../shared/resources/review';
import { parseTranslations } from '../../shared/resources/translations';
import { dialectOf, iso } from '../db/dialect';
import type { ResourceEngine, WriteEvent, WriteListener } from '../resources/index';
import type { EventKind } from '../../shared/events';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { sealTitle } from '../privacy/index';

/** The intake's records and the kind of event each makes (definition name → kind). */
const INTAKE_KINDS: Record<string, EventKind> = {
  booking: 'booking',
  feedback: 'feedback',
  recruitment: 'application',
  qaExpert: 'question',
  collaborator: 'collaborator',
  referral: 'referral',
};

/** The PostgreSQL channel an event's id is notified on (at commit) to every instance. */
export const EVENTS_CHANNEL = 'sitedesk_events';

type Row = Record<string, unknown>;

/** A visitor's write: a request without a user or another identified caller (server/history/entries.ts `actorOf`). */
const byVisitor = (event: WriteEvent) => Boolean(event.request && !event.request.user && !event.request.actor && !event.actor);

/** The field a notification's title is made of (the first of these with a text), if any. */
const titleFieldOf = (record: Row | undefined) => (record ? TITLE_KEYS.find((key) => typeof record[key] === 'string' && (record[key] as string).trim()) : undefined);
const TITLE_KEYS = ['title', 'customerName', 'fullName', 'name'];

/** A plain title for a notification: the record's name, in its first language when it has several. */
export function titleOf(record: Row | undefined): string {
  if (!record) return '';
  for (const key of TITLE_KEYS) {
    const value = record[key];
    if (typeof value !== 'string' || !value.trim()) continue;
    const texts = parseTranslations(value);
    const first = texts['vi-VN'] || Object.values(texts).find((t) => t.trim());
    return (first ?? value).trim().slice(0, 250);
  }
  // Per-language text stored as rows (news: `newsTranslations: [{ languageId, title }]`).
  for (const value of Object.values(record)) {
    if (!Array.isArray(value)) continue;
    const row = (value as Row[]).find((r) => r && typeof r === 'object' && typeof r.languageId === 'string' && typeof r.title === 'string' && r.title);
    if (row) return String(row.title).trim().slice(0, 250);
  }
  return '';
}

/** The review machine of a definition (its action is 'review'), if it has one. */
const reviewOf = (def: ResourceDef | undefined) => def?.machines?.find((m) => (m.action ?? 'status') === 'review');

interface NewEvent {
  kind: EventKind;
  websiteId: number;
  resource: string;
  recordId: string;
  title: string;
  /** The field the title is made of: a personal one's is kept sealed with the record's key (server/privacy). */
  from?: string;
  detail?: string;
  rule: AccessRule;
  scoped: boolean;
  submittedBy?: number | null;
  userId?: number | null;
}

export function eventsListener(engine: ResourceEngine, defs: Record<string, ResourceDef>, now: () => Date, delivered: () => void): WriteListener {
  /** The record as written: the engine's `after`, else read in the transaction (a hand-written writer). */
  const recordOf = async (db: Db, event: WriteEvent, def: ResourceDef | undefined, id: number | string): Promise<Row | undefined> => {
    if (event.ids.length === 1 && event.after) return event.after;
    if (!def) return undefined;
    return engine.read(db, def, { websiteId: event.websiteId, keys: event.keys ?? {} }, id).catch(() => undefined);
  };

  return async (db, event) => {
    const def = defs[event.resource];
    const made: NewEvent[] = [];
    const intakeKind = INTAKE_KINDS[event.resource];
    if (intakeKind && event.operation === 'create' && byVisitor(event)) {
      for (const id of event.ids) {
        const record = await recordOf(db, event, def, id);
        // An organisation's record (a collaborator, a referral) was posted to one website: the path's.
        const website = event.websiteId ?? Number((record?.websiteId as number | undefined) ?? (event.request?.params as { website?: string } | undefined)?.website);
        if (!Number.isInteger(website) || website <= 0) continue;
        made.push({
          kind: intakeKind,
          websiteId: website,
          resource: event.resource,
          recordId: String(id),
          title: titleOf(record),
          from: titleFieldOf(record),
          rule: ruleOf(def?.access, 'read'),
          // Membership is the engine's scope for a website's records; an organisation's are every member's.
          scoped: def ? def.scope === 'website' : true,
        });
      }
    }
    const review = reviewOf(def);
    if (review && event.websiteId !== undefined) {
      if ((event.operation === 'create' || event.operation === 'update') && event.ids.length === 1) {
        const after = await recordOf(db, event, def, event.ids[0]);
        const arrived = after && after[review.field] === REVIEW_STATUS.pending && event.before?.[review.field] !== REVIEW_STATUS.pending;
        if (arrived) {
          // Those who may decide: the rule of the decision's moves (a reviewer who did not submit it).
          const decide = review.moves.find((m) => m.from.includes(REVIEW_STATUS.pending))?.who ?? ruleOf(def!.access, { action: 'review' });
          made.push({
            kind: 'review-requested',
            websiteId: event.websiteId,
            resource: event.resource,
            recordId: String(event.ids[0]),
            title: titleOf(after),
            from: titleFieldOf(after),
            rule: decide,
            scoped: true,
            submittedBy: toUser(after.submittedBy),
          });
        }
      }
      if (event.operation === 'move' && event.move && event.move.field === review.field && event.move.from !== event.move.to && review.moves.some((m) => m.name === event.move!.name)) {
        const submitter = toUser(event.before?.submittedBy);
        if (submitter !== null) {
          made.push({
            kind: 'review-decided',
            websiteId: event.websiteId,
            resource: event.resource,
            recordId: String(event.ids[0]),
            title: titleOf(event.after ?? event.before),
            from: titleFieldOf(event.after ?? event.before),
            detail: event.move.name,
            rule: ruleOf(def!.access, 'read'),
            scoped: true,
            userId: submitter,
          });
        }
      }
    }
    if (!made.length) return;
    const time = iso(now());
    for (const e of made) e.title = await sealTitle(db, defs[e.resource], e.recordId, e.title, e.from, now());
    const rows = await db
      .insertInto('events')
      .values(
        made.map((e) => ({
          time,
          kind: e.kind,
          websiteId: e.websiteId,
          resource: e.resource,
          recordId: e.recordId,
          title: e.title,
          detail: e.detail ?? null,
          rule: JSON.stringify(e.rule),
          scoped: e.scoped,
          submittedBy: e.submittedBy ?? null,
          userId: e.userId ?? null,
        })),
      )
      .returning('id')
      .execute();
    if (dialectOf(db) === 'postgres') {
      // Delivered to every instance's LISTEN at commit, never for a write rolled back.
      for (const r of rows) await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(r.id)})`.execute(db);
    } else {
      // SQLite (one process): the hub reads what is new once the transaction let go of the connection (./hub.ts).
      delivered();
    }
  };
}

const toUser = (v: unknown): number | null => (typeof v === 'number' && v > 0 ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);
