import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fileDate, formatDate, formatDateTime, toWireDay, toWireDayStart } from './dates';

describe('dates', () => {
  it('shows a calendar day as that day, whatever the time zone', () => {
    expect(formatDate('2026-11-30')).toBe('30-11-2026');
    expect(formatDateTime('1999-03-08')).toBe('08-03-1999');
  });
  it('shows an instant in local time', () => {
    const instant = new Date(2026, 10, 26, 6, 16, 37).toISOString();
    expect(formatDateTime(instant)).toBe('06:16 26-11-2026');
    expect(formatDate(instant)).toBe('26-11-2026');
  });
  it('shows nothing for no value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });
  it('sends a picked day as that local day, and names files by it', () => {
    const lateEvening = new Date(2026, 10, 26, 23, 30);
    expect(toWireDay(lateEvening)).toBe('2026-11-26');
    expect(toWireDayStart(dayjs(lateEvening))).toBe('2026-11-26T00:00:00');
    expect(fileDate(new Date(2026, 0, 2, 0, 15))).toBe('2026-01-02');
  });
});
