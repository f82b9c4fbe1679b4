// The log's redaction on its own (the server test, tests/server/privacy-register.test.ts, reads a real log): what is
// replaced and what an operator still reads.
import { describe, expect, it } from 'vitest';
import { redact, redactUrl, REDACTED, scrubText } from './log-redaction';

describe('the request log redaction', () => {
  it('replaces personal fields, secrets and addresses at any depth, and keeps the rest', () => {
    const at = new Date(0);
    const logged = { at, booking: { customerPhone: '0912345678', id: 7, rows: [{ fullName: 'Lê Văn A', status: 2 }] }, headers: { Authorization: 'Bearer x', 'set-cookie': ['a=b'], accept: '*/*' }, refresh_token: 'r', clientAddress: '10.0.0.1', task: 'purge' };
    expect(redact(logged)).toEqual({ at, booking: { customerPhone: REDACTED, id: 7, rows: [{ fullName: REDACTED, status: 2 }] }, headers: { Authorization: REDACTED, 'set-cookie': REDACTED, accept: '*/*' }, refresh_token: REDACTED, clientAddress: REDACTED, task: 'purge' });
    // Not changed in place: the caller's object is its own.
    expect(logged.booking.customerPhone).toBe('0912345678');
  });

  it('keeps an error to its type, message, stack and code, scrubbed', () => {
    const err = Object.assign(new Error('duplicate key a.b@example.com'), { code: '23505', detail: 'Key (email)=(a.b@example.com) already exists.' });
    const out = redact({ err }) as { err: Record<string, unknown> };
    expect(out.err).toMatchObject({ type: 'Error', message: `duplicate key ${REDACTED}`, code: '23505' });
    expect(out.err.detail).toBeUndefined();
  });

  it("replaces a URL's personal and secret query values and a search, not its path or paging", () => {
    expect(redactUrl('/api/Bookings/3?page=2&keyword=L%C3%AA&customerPhone=0912345678&access_token=abc')).toBe(`/api/Bookings/3?page=2&keyword=${REDACTED}&customerPhone=${REDACTED}&access_token=${REDACTED}`);
    expect(redactUrl('/content/1/vi-VN/news/2024-tin-moi')).toBe('/content/1/vi-VN/news/2024-tin-moi');
  });

  it('finds phone numbers and e-mail addresses in text, not times, dates or ids', () => {
    expect(scrubText('call 0912 345 678 or +84 912-345-678, mail x@y.vn')).toBe(`call ${REDACTED} or ${REDACTED}, mail ${REDACTED}`);
    const plain = 'at 2026-12-07T11:57:45.123Z request req-1a took 12 ms, record 123456';
    expect(scrubText(plain)).toBe(plain);
  });
});
