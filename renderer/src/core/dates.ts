import dayjs from 'dayjs';

/**
 * Every date the console shows — in lists, filters, details, exports and popups — goes through these two, in the
 * user's local time, in the spec's formats: `DD-MM-YYYY` for a day, `HH:mm DD-MM-YYYY` where the time matters.
 * A calendar day stored as `YYYY-MM-DD` (a birthday, an appointment) is read as that day, never shifted by a
 * time zone; an instant (`…T…Z`) is shown in local time.
 */
export const DATE_FORMAT = 'DD-MM-YYYY';
export const DATE_TIME_FORMAT = 'HH:mm DD-MM-YYYY';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: unknown): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  if (!(typeof value === 'string' || typeof value === 'number' || value instanceof Date)) return null;
  const d = typeof value === 'string' && DAY_ONLY.test(value) ? dayjs(value, 'YYYY-MM-DD') : dayjs(value);
  return d.isValid() ? d : null;
}

/** `DD-MM-YYYY` in local time; '' for no value, the value itself when it is not a date. */
export function formatDate(value: unknown): string {
  const d = parse(value);
  return d ? d.format(DATE_FORMAT) : value === null || value === undefined ? '' : String(value);
}

/** `HH:mm DD-MM-YYYY` in local time; a bare day (`YYYY-MM-DD`) has no time and shows as `DD-MM-YYYY`. */
export function formatDateTime(value: unknown): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return formatDate(value);
  const d = parse(value);
  return d ? d.format(DATE_TIME_FORMAT) : value === null || value === undefined ? '' : String(value);
}

/**
 * A picked day as the server reads it (`YYYY-MM-DD`, the local day the user chose): filters and day fields send this,
 * never `toISOString()`, which would give the previous day east of UTC.
 */
export function toWireDay(value: dayjs.Dayjs | Date): string {
  return dayjs(value).format('YYYY-MM-DD');
}

/** A picked day at local midnight as written (`YYYY-MM-DDT00:00:00`), for calls that take a time but mean the day. */
export const toWireDayStart = (value: dayjs.Dayjs | Date): string => `${toWireDay(value)}T00:00:00`;

/** Today's local day for a file name (`team-2026-11-26.csv`): sorts by date, unlike the display format. */
export const fileDate = (now: Date = new Date()): string => toWireDay(now);

/**
 * The day of a spreadsheet's date cell. Excel keeps a date without a zone; exceljs hands it over as that day's UTC
 * midnight, so its UTC day is the day the sheet shows (a local reading would move it a day west of Greenwich).
 */
export const sheetDay = (value: Date): string => value.toISOString().slice(0, 10);
