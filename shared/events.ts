// Live events (docs/api.md "Live events"): their kinds and their shape on the wire, declared once for the server that
// streams them (server/events) and the console that receives them (renderer/src/platform/eventStream.ts).

export const EVENT_KINDS = ['booking', 'feedback', 'application', 'question', 'collaborator', 'referral', 'review-requested', 'review-decided'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** A review decision's outcome: the name of the review machine's move (shared/resources/review.ts). */
export type EventDecision = 'approve' | 'decline';

/**
 * An event on the wire (the contract of issue 31): `{ id, kind, website, recordId, title, time }`, with the
 * definition's name (`resource`: where the console opens it, since a review concerns news, a question or a service)
 * and a decision's outcome (`decision`).
 */
export interface LiveEvent {
  id: number;
  kind: EventKind;
  website: number;
  recordId: string;
  title: string;
  time: string;
  /** the definition's name ('booking', 'news', 'qaExpert'…) */
  resource: string;
  /** a decision's outcome */
  decision?: EventDecision;
}
