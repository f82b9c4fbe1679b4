import { describe, expect, it } from 'vitest';
import { isIsoDateTime, isIsoDay, isPhone, isSafeLink, MAX_ID, normalizePhone, toId, toNumber, zDay, zId, zPhone, zWholeNumber } from './input';

describe('the one id rule', () => {
  it('takes 1..2147483647 as a number or its digits, nothing else', () => {
    expect([1, '42', MAX_ID, String(MAX_ID)].map(toId)).toEqual([1, 42, MAX_ID, MAX_ID]);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 99999999999, '2147483648', '1e3', '0x10', ' 7 ', '007', '1.0', '+1', '', null, undefined, true, [1], {}]) expect(toId(bad), String(bad)).toBeUndefined();
    expect(zId.safeParse('12')).toMatchObject({ success: true, data: 12 });
    expect(zId.safeParse(2147483648).success).toBe(false);
  });
});

describe('the one date rule', () => {
  it('takes real calendar days in ISO form within sane years', () => {
    for (const day of ['2027-03-07', '2028-02-29', '2000-02-29', '1900-01-01', '2199-12-31']) expect(isIsoDay(day), day).toBe(true);
    for (const bad of ['2027-02-30', '2023-02-29', '2024-02-30', '1900-02-29', '1', 'Mar 7 2027', '+275760-09-13', '2027-3-7', '2027-13-01', '2027-00-10', '1899-12-31', '2200-01-01', '2027-03-07T00:00:00', 20270307]) {
      expect(isIsoDay(bad), String(bad)).toBe(false);
    }
    expect(zDay.safeParse('2024-02-30').success).toBe(false);
  });

  it('takes full ISO date-times on real days, with or without a zone', () => {
    for (const t of ['2026-11-26T06:16:37.979Z', '2026-11-26T00:00:00', '2026-11-26T09:30', '2026-11-26 09:30:00', '2026-11-26T09:30:00+07:00']) expect(isIsoDateTime(t), t).toBe(true);
    for (const bad of ['2026-02-30T00:00:00Z', '2026-11-26', '2026-11-26T24:00:00', '2026-11-26T09:60', 'Thu Nov 26 2026', '2026-11-26T09:30:00+25:00']) expect(isIsoDateTime(bad), bad).toBe(false);
  });
});

describe('the one phone rule', () => {
  it('stores one number written several ways as its digits, with a leading + kept', () => {
    for (const p of ['0978 975 965', '0978975965', '0978-975-965', '(0978) 975.965', ' 0978.975.965 ']) expect(normalizePhone(p)).toBe('0978975965');
    expect(normalizePhone('+84 978 975 965')).toBe('+84978975965');
    expect(isPhone('0978 975 965')).toBe(true);
    expect(isPhone('12345')).toBe(false);
    expect(isPhone('0978abc965')).toBe(false);
    expect(zPhone.safeParse('0978-975-965')).toMatchObject({ success: true, data: '0978975965' });
  });
});

describe('the one number rule', () => {
  it('takes a JSON number or plain decimal digits, never hex, exponent, padded or fractional forms where an integer is meant', () => {
    expect([0, '0', '100', '-5', 12, -3].map((v) => toNumber(v))).toEqual([0, 0, 100, -5, 12, -3]);
    for (const bad of ['0x10', '1e3', ' 7', '7 ', '007', '1.5', 1.5, '+1', '', 'Infinity', 'NaN', NaN, Infinity, '1_000', '١٢', true, null, [], {}]) expect(toNumber(bad), String(bad)).toBeUndefined();
    expect([toNumber('1.25', { decimal: true }), toNumber(1.5, { decimal: true })]).toEqual([1.25, 1.5]);
    for (const bad of ['1.', '.5', '1e3', '0x1']) expect(toNumber(bad, { decimal: true }), bad).toBeUndefined();
    expect(zWholeNumber(1, 10).safeParse('7')).toMatchObject({ success: true, data: 7 });
    expect(zWholeNumber(1, 10).safeParse('1e1').success).toBe(false);
  });
});

describe('the one link rule', () => {
  it('takes http(s) addresses, site paths, mailto: and tel:, nothing else', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b=1#c', 'HTTPS://EXAMPLE.COM', '/', '/gioi-thieu', '/files/a.png?v=2', 'mailto:a@b.vn', 'tel:+84 978 975 965']) expect(isSafeLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'vbscript:msgbox', 'data:text/html,<script>', '//evil.example', '/\\evil.example', '\\\\evil', 'https://', 'https:///x', 'http:/x', 'ftp://x.y', 'x.html', '#top', ' https://a.b', 'https://a.b/ c', 'tel:abc', 'mailto:', 5, null]) {
      expect(isSafeLink(bad), String(bad)).toBe(false);
    }
  });
});
