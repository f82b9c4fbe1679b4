// Helpers of the second factor's and the sign-in hardening's suites: a fresh account (each test its own, so the time
// steps and throttles one test takes do not reach another), the password grant, TOTP codes computed as an
// authenticator app does (the `otpauth` library the server uses), and an event stream that says when it closed.
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { CLIENT, type Res, type ServerTestContext } from './harness';

export const PASSWORD = 'Tr0ng-Mat-Khau!';
let n = 0;

/** A new active account (staff unless `role`), its id and name. */
export async function newAccount(ctx: ServerTestContext, role: 'staff' | 'admin' = 'staff'): Promise<{ id: number; userName: string }> {
  const userName = `u${Date.now().toString(36)}${++n}`;
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db
    .insertInto('users')
    .values({ userName, normalizedUserName: userName, fullName: `Người dùng ${n}`, email: null, passwordHash: await hashPassword(PASSWORD), isActive: true, role, canReview: false, concurrencyStamp: randomUUID(), createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userName };
}

/**
 * An account written straight into the table (a test's: past the password policy and the engine), its id: staff
 * unless `role`.
 */
export async function createUser(
  db: ServerTestContext['db'],
  now: Date,
  u: { userName: string; password: string; fullName: string; email?: string | null; role?: 'admin' | 'staff'; canReview?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      userName: u.userName,
      normalizedUserName: u.userName.toLowerCase(),
      fullName: u.fullName,
      email: u.email ?? null,
      passwordHash: await hashPassword(u.password),
      isActive: true,
      role: u.role ?? 'staff',
      canReview: u.canReview ?? false,
      concurrencyStamp: randomUUID(),
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function passwordGrant(ctx: ServerTestContext, userName: string, password = PASSWORD, extra: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<Res> {
  return ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: userName, password, ...CLIENT, ...extra }, headers });
}

/** The code an authenticator app shows for `secret` at the app's clock. */
export function codeAt(ctx: ServerTestContext, secret: string, offsetMs = 0): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: ctx.clock.now().getTime() + offsetMs });
}

/** Signs `userName` in and turns the second factor on: its token, secret and recovery codes. */
export async function enrolled(ctx: ServerTestContext, userName: string): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const signedIn = await passwordGrant(ctx, userName);
  expect(signedIn.status, signedIn.text).toBe(200);
  const token = signedIn.body.access_token as string;
  const setup = await ctx.request('POST', '/api/Me/2fa/setup', { token });
  expect(setup.status, setup.text).toBe(200);
  const secret = setup.body.secret as string;
  const enable = await ctx.request('POST', '/api/Me/2fa/enable', { token, json: { code: codeAt(ctx, secret) } });
  expect(enable.status, enable.text).toBe(200);
  return { token, secret, recoveryCodes: enable.body.recoveryCodes };
}

/** An open GET /api/events: `closed` settles when the server ends it. */
export async function openStream(ctx: ServerTestContext, token: string): Promise<{ closed: Promise<void>; isClosed: () => boolean; abort: () => void }> {
  const abort = new AbortController();
  const res = await fetch(`${ctx.baseUrl}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(res.status).toBe(200);
  let ended = false;
  const closed = (async () => {
    try {
      for await (const _chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        // reading until the server ends it
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return { closed, isClosed: () => ended, abort: () => abort.abort() };
}

/** Settles with 'closed' when `p` settles within `ms`, else 'open'. */
export async function within(p: Promise<void>, ms: number): Promise<'closed' | 'open'> {
  return Promise.race([p.then(() => 'closed' as const), new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);
}
