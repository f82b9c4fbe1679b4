// The held bytes of made derivatives (./held.ts): bounded by their total, least recently used out first, too large
// ones never held, an original's all forgotten at once; and the revalidation rule of the answers made from them.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HeldBytes, notModified, type Held } from './held';

const held = (size: number, etag = '"e"'): Held => ({ bytes: Buffer.alloc(size), headers: { ETag: etag, 'Last-Modified': 'Mon, 07 Dec 2026 10:00:00 GMT' } });
const request = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

describe('HeldBytes', () => {
  it('keeps at most its total, the least recently used going first; a derivative above the limit is never held', () => {
    const bytes = new HeldBytes(40, 100);
    bytes.set('a/1', held(40));
    bytes.set('b/1', held(40));
    expect(bytes.get('a/1')).toBeDefined(); // a is now the more recent
    bytes.set('c/1', held(40));
    expect(bytes.get('b/1')).toBeUndefined();
    expect(bytes.get('a/1')).toBeDefined();
    expect(bytes.get('c/1')).toBeDefined();
    expect(bytes.size).toBe(80);
    bytes.set('d/1', held(41));
    expect(bytes.get('d/1')).toBeUndefined();
    expect(bytes.size).toBe(80);
  });

  it('forgets every derivative of an original, and only its', () => {
    const bytes = new HeldBytes(10, 100);
    bytes.set('a/w320.webp', held(5));
    bytes.set('a/w640.webp', held(5));
    bytes.set('ab/w320.webp', held(5));
    bytes.forget('a');
    expect(bytes.get('a/w320.webp')).toBeUndefined();
    expect(bytes.get('a/w640.webp')).toBeUndefined();
    expect(bytes.get('ab/w320.webp')).toBeDefined();
    expect(bytes.size).toBe(5);
  });
});

describe('notModified', () => {
  it('If-None-Match decides when sent (weak comparison, a list, *); else If-Modified-Since', () => {
    const h = held(1, 'W/"feea-1"');
    expect(notModified(request({ 'if-none-match': 'W/"feea-1"' }), h)).toBe(true);
    expect(notModified(request({ 'if-none-match': '"x", "feea-1"' }), h)).toBe(true);
    expect(notModified(request({ 'if-none-match': '*' }), h)).toBe(true);
    expect(notModified(request({ 'if-none-match': '"feea-2"', 'if-modified-since': 'Tue, 08 Dec 2026 10:00:00 GMT' }), h)).toBe(false);
    expect(notModified(request({ 'if-modified-since': 'Mon, 07 Dec 2026 10:00:00 GMT' }), h)).toBe(true);
    expect(notModified(request({ 'if-modified-since': 'Mon, 07 Dec 2026 09:59:59 GMT' }), h)).toBe(false);
    expect(notModified(request({ 'if-modified-since': 'not a date' }), h)).toBe(false);
    expect(notModified(request({}), h)).toBe(false);
  });
});
