import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates';

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
});
