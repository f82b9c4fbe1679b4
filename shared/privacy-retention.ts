/**
 * How long personal data stays (issue 40, "How long it stays"; docs/api.md "Personal data retention"): per kind of
 * record, a retention in months set by administrators (null: forever). The server's periodic task
 * (server/privacy/retention.ts) erases what has expired; the console's settings screen edits them.
 *
 * Runtime-free: read by the server and the console.
 */

export const RETENTION_KINDS = ['bookings', 'feedback', 'expertQuestions', 'applications', 'referrals', 'clientAddresses', 'signIns'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The kinds whose records are erased one by one (the record stays, its personal fields erased): their definition. */
export const RECORD_KINDS = {
  bookings: 'booking',
  feedback: 'feedback',
  expertQuestions: 'qaExpert',
  applications: 'recruitment',
  referrals: 'referral',
} as const satisfies Partial<Record<RetentionKind, string>>;
export type RecordKind = keyof typeof RECORD_KINDS;

/** Until an administrator sets one: public-intake client addresses 6 months, sign-in records 12, the rest forever. */
export const DEFAULT_RETENTION: Record<RetentionKind, number | null> = {
  bookings: null,
  feedback: null,
  expertQuestions: null,
  applications: null,
  referrals: null,
  clientAddresses: 6,
  signIns: 12,
};

/** A retention is a whole number of months in this range, or null (forever). */
export const MIN_RETENTION_MONTHS = 1;
export const MAX_RETENTION_MONTHS = 600;

export const isRetentionKind = (v: unknown): v is RetentionKind => typeof v === 'string' && (RETENTION_KINDS as readonly string[]).includes(v);
export const isRetentionMonths = (v: unknown): v is number | null =>
  v === null || (typeof v === 'number' && Number.isInteger(v) && v >= MIN_RETENTION_MONTHS && v <= MAX_RETENTION_MONTHS);

/** One kind's setting as `GET /api/Privacy/retention` answers it. */
export interface RetentionSetting {
  kind: RetentionKind;
  /** null: forever (or, with `days`, the SIGN_IN_RETENTION_DAYS default) */
  months: number | null;
  /** No administrator has set it: the default applies. */
  isDefault: boolean;
  /** Sign-in records only, while SIGN_IN_RETENTION_DAYS is set and no administrator has set a retention: that many days. */
  days?: number;
}

export interface RetentionRun {
  at: string;
  result: 'ok' | 'failed';
  /** How many of each kind went in that run (records erased, months of addresses forgotten, sign-in records deleted). */
  counts: Partial<Record<RetentionKind, number>>;
  /** More was due than one run does (a slice at a time): the next run comes within the hour. */
  complete: boolean;
  message?: string;
}

export interface RetentionAnswer {
  kinds: RetentionSetting[];
  nextRunAt: string;
  lastRun: RetentionRun | null;
}

/** `date` moved back by whole calendar months (the 31st of a shorter month: its last day). UTC. */
export function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
