/**
 * The shapes every id, date and phone number must have wherever it enters (a path, a query, a body, a definition's
 * field, the public intake, the integration): one rule each, so no module writes its own, and a value the database
 * cannot hold (an id beyond its integer column, 2024-02-30) is a 400 naming the field, never a 500 or a stored lie
 * (docs/api.md "Conventions"). The server's readers (server/http/input.ts) and the console's forms use these.
 *
 * Runtime-free: read by the server and the console.
 */
import { z } from 'zod';

/**
 * The longest user name an account may have (the sign-in form's field): a longer one is a 400 before anything is
 * looked up or stored (an incompressible name of 2,700+ characters was over PostgreSQL's index row limit).
 */
export const MAX_USER_NAME = 256;

/** The largest id an `integer` column holds on both databases (32-bit signed). */
export const MAX_ID = 2_147_483_647;

/**
 * The one number rule (docs/api.md "Conventions"): a number travels as a JSON number or as a string of plain decimal
 * digits, a minus sign allowed before them and, where a fraction is meant (`decimal`), one dot between digits. Never
 * hex (`"0x10"`), an exponent (`"1e3"`), padding (`" 7"`, `"007"`), `"Infinity"` or a fraction where an integer is
 * meant: what `Number()` would take and turn into another value.
 */
const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/;
const DECIMAL_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** A number from its wire form (a finite JSON number, or plain decimal digits as text); undefined otherwise. */
export function toNumber(raw: unknown, options: { decimal?: boolean } = {}): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) && (options.decimal || Number.isInteger(raw)) ? raw : undefined;
  if (typeof raw !== 'string' || raw.length > 40 || !(options.decimal ? DECIMAL_TEXT : INTEGER_TEXT).test(raw)) return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** An id: a whole number from 1 to MAX_ID (a number, or its digits as text, as paths and tags carry it). */
export function toId(raw: unknown): number | undefined {
  const n = toNumber(raw);
  return n !== undefined && n >= 1 && n <= MAX_ID ? n : undefined;
}

export const isId = (raw: unknown): boolean => toId(raw) !== undefined;

/**
 * The years a date may fall in: birthdays of the living to appointments and visits far ahead. Anything outside is a
 * typing slip ("+275760-09-13", "0002-01-01") that would sort and show as nonsense.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2199;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date-time as ISO 8601 writes it: the day, `T` (or a space), hours and minutes, optional seconds and fraction, optional zone. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/** A real calendar day written YYYY-MM-DD within MIN_YEAR..MAX_YEAR (not 2027-02-30, not 2023-02-29). */
export function isIsoDay(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  const m = DAY.exec(raw);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A full ISO date-time on a real day within the years allowed (`2026-03-07T09:30:00.000Z`, `2026-03-07T00:00:00`). */
export function isIsoDateTime(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  const m = DATE_TIME.exec(raw);
  if (!m || !isIsoDay(m[1])) return false;
  const [hours, minutes, seconds] = [Number(m[2]), Number(m[3]), Number(m[4] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return false;
  return m[6] === undefined || (Number(m[6]) <= 23 && Number(m[7]) <= 59);
}

/** A day, or a date-time where a client sends the chosen day as a moment (a referred patient's appointment). */
export const isIsoDayOrTime = (raw: unknown): raw is string => isIsoDay(raw) || isIsoDateTime(raw);

/**
 * A phone number as it is stored and compared: its digits, and a leading + when it has one. "0978 975 965",
 * "0978-975-965" and "(0978) 975.965" are the same number, so a phone that is a key (a collaborator's) cannot be
 * registered three times by writing it three ways.
 */
export function normalizePhone(raw: string): string {
  const text = raw.trim();
  return (text.startsWith('+') ? '+' : '') + text.replace(/\D/g, '');
}

/**
 * A phone number as one person's number, whichever way it was written (a person's data request, issue 40): its digits,
 * a Vietnamese number in its national form, so "+84 912 345 678", "84912345678" and "0912 345 678" are one. A stored
 * number keeps what was typed (`normalizePhone`): this is for comparing, never for storing.
 */
export function nationalPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  // +84…, or 84 followed by the nine digits of a Vietnamese number written without the +.
  if (raw.trim().startsWith('+84') || (digits.startsWith('84') && digits.length === 11)) return `0${digits.slice(2)}`;
  return raw.trim().startsWith('+') ? `+${digits}` : digits;
}

/** What a phone number may be written as: 8 to 15 digits, with spaces, dots, dashes, brackets or a leading +. */
export const PHONE = /^(?=(?:\D*\d){8,15}\D*$)\+?[\d\s().-]+$/;
export const isPhone = (raw: unknown): raw is string => typeof raw === 'string' && PHONE.test(raw.trim());

// zod schemas for bodies read with `parseInput` (server/errors.ts): a failure is a 400 naming the field.
/** An id in a body (a number; also its digits as text, as forms send them). */
export const zId = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const id = toId(v);
  if (id === undefined) {
    ctx.addIssue({ code: 'custom', message: `expected an id from 1 to ${MAX_ID}` });
    return z.NEVER;
  }
  return id;
});
/** A whole number in a body (the number rule: a JSON number or its plain digits as text), within [min, max]. */
export const zWholeNumber = (min: number, max: number) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const n = toNumber(v);
    if (n === undefined || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}` });
      return z.NEVER;
    }
    return n;
  });
export const zDay = z.string().refine(isIsoDay, { message: `expected a real date YYYY-MM-DD (${MIN_YEAR}–${MAX_YEAR})` });
export const zDateTime = z.string().refine(isIsoDateTime, { message: `expected an ISO date-time on a real date (${MIN_YEAR}–${MAX_YEAR})` });
export const zDayOrTime = z.string().refine(isIsoDayOrTime, { message: `expected a real date YYYY-MM-DD or an ISO date-time (${MIN_YEAR}–${MAX_YEAR})` });
export const zPhone = z.string().refine(isPhone, { message: 'expected a phone number of 8 to 15 digits' }).transform(normalizePhone);

/**
 * The one link rule (docs/api.md "Conventions"): what a link field (`url`, and the file pickers' `image`, `file`,
 * `media`) may hold, since the public sites put it in `href` or `src`: an `http(s)://host…` address, a site-relative
 * path (`/…`, but not `//host` or `/\\host`, which browsers read as another host), `mailto:` or `tel:`. No
 * `javascript:`, `vbscript:`, `data:` or any other scheme, no whitespace or control character around or inside the
 * scheme.
 */
const LINK = /^(https?:\/\/[^\s/\\?#@]+(?:[/?#][^\s]*)?|\/(?![/\\])[^\s]*|mailto:[^\s]+|tel:\+?[\d\s().-]+)$/i;
export const isSafeLink = (raw: unknown): raw is string => typeof raw === 'string' && LINK.test(raw) && ![...raw].some((c) => c <= '\u001f' || c === '\u007f' || c === '\\');
