import { describe, expect, it } from 'vitest';
import { unauthorizedTarget } from './unauthorized';

describe('where a 401 goes', () => {
  it('to /login from data loads, to /expiredToken from the token check and from album screens', () => {
    expect(unauthorizedTarget('login', '/news')).toBe('/login');
    expect(unauthorizedTarget('login', '/albums-of-someone')).toBe('/login');
    expect(unauthorizedTarget('expired', '/news')).toBe('/expiredToken');
    expect(unauthorizedTarget('login', '/album')).toBe('/expiredToken');
    expect(unauthorizedTarget('login', '/album/12')).toBe('/expiredToken');
  });
});
