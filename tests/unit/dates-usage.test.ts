// Every date the console shows goes through renderer/src/core/dates.ts (issue 26, item 3): one format, in local time.
// A screen that formats a date itself (a dayjs format string, a picker's literal format, toLocaleDateString,
// an ISO string cut to its day) would bring back the mix of 2026-11-30, 27-11-2026 and UTC instants.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linesBreaking, sourceFiles, type LineRule } from './source-scan';

const RENDERER = path.resolve(__dirname, '../../renderer/src');
const HELPER = path.join(RENDERER, 'core', 'dates.ts');

/** Ways of writing a date other than through the helper. */
const FORBIDDEN: LineRule[] = [
  { rule: 'a dayjs format string (use formatDate/formatDateTime, or toWireDay for the server)', pattern: /\.format\(\s*['"`]/ },
  { rule: "a picker's literal format (use DATE_FORMAT / DATE_TIME_FORMAT)", pattern: /\bformat=(["'][YMDHhms]|\{\s*["'`][YMDHhms])/ },
  { rule: 'a format: option with a date pattern (use DATE_FORMAT / DATE_TIME_FORMAT)', pattern: /\bformat:\s*['"`][^'"`]*[YD]/ },
  { rule: "the browser's locale date format", pattern: /toLocale(Date|Time)String\(/ },
  { rule: 'Intl.DateTimeFormat', pattern: /Intl\.DateTimeFormat/ },
  { rule: 'an ISO instant cut to its UTC day (use toWireDay / fileDate)', pattern: /toISOString\(\)\s*\.(slice|substring|substr|split)\(/ },
];

describe('dates in the console', () => {
  it('are formatted only by renderer/src/core/dates.ts', () => {
    const found = linesBreaking(
      sourceFiles(RENDERER, true).filter((file) => file !== HELPER),
      FORBIDDEN,
      RENDERER,
    );
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the rules catch what they are for', () => {
    const caught = (line: string) => FORBIDDEN.some(({ pattern }) => pattern.test(line));
    expect(caught("dayjs(v).format('DD-MM-YYYY')")).toBe(true);
    expect(caught('<DatePicker format="DD-MM-YYYY" />')).toBe(true);
    expect(caught("<DatePicker format={'YYYY-MM-DD'} />")).toBe(true);
    expect(caught('new Date(v).toLocaleDateString()')).toBe(true);
    expect(caught('now.toISOString().slice(0, 10)')).toBe(true);
    expect(caught('<DatePicker format={DATE_FORMAT} />')).toBe(false);
    expect(caught("showTime={{ format: 'HH:mm' }}")).toBe(false);
    expect(caught("new Intl.NumberFormat('vi-VN').format(Number(v))")).toBe(false);
  });
});
