// The desktop session against the real auth service (server/app.ts, SQLite, demo seed).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountFor, createSession, type Session } from '../../../main/auth/session';
import { memorySecretStore, type SecretStore } from '../../../main/secrets/secret-store';
import { profileForServer } from '../../../main/preferences';
import { Secret, TOTP } from 'otpauth';
import { DesktopError } from '../../../shared/ipc/errors';
import { startRealServer, type RealServer } from './real-server';

let server: RealServer;
let secrets: SecretStore;
let session: Session;
let account: string;

beforeAll(async () => {
  server = await startRealServer();
}, 60_000);
afterAll(() => server?.close());

beforeEach(() => {
  secrets = memorySecretStore();
  const profile = profileForServer('local', server.url);
  account = accountFor(profile.auth);
  session = createSession({ secrets, profile: () => profile });
});

/** What the auth service says of a refresh token, asked directly. */
const refreshStatus = async (refreshToken: string) =>
  (
    await fetch(`${server.url}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grantType: 'refresh_token', refreshToken }).toString(),
    })
  ).status;

/** A bearer call that needs a valid access token. */
const meStatus = async (accessToken: string) =>
  (await fetch(`${server.url}/core/AppSettings`, { headers: { Authorization: `Bearer ${accessToken}` } })).status;

describe('desktop session against the real auth service', () => {
  it('signs in with the password grant, keeps the refresh token in the store and gives the renderer only the access token', async () => {
    expect(await session.hasSession()).toBe(false);
    const answer = await session.signIn('admin', 'Admin@123');
    expect(Object.keys(answer).sort()).toEqual(['accessToken', 'expiresIn']);
    expect(answer.expiresIn).toBe(900);
    expect(await meStatus(answer.accessToken)).toBe(200);
    const stored = await secrets.get(account);
    expect(stored).toEqual(expect.any(String));
    expect(JSON.stringify(answer)).not.toContain(stored!);
    expect(await session.hasSession()).toBe(true);
  });

  it('reports a wrong password with the service message and stores nothing', async () => {
    const error = await session.signIn('admin', 'wrong-password').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DesktopError);
    expect((error as DesktopError).code).toBe('unauthorized');
    expect((error as DesktopError).message).not.toMatch(/^HTTP/);
    expect(await session.hasSession()).toBe(false);
  });

  it('reports the second factor asked for (mfa_required) and signs in with its code', async () => {
    const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
    const client = { grant_type: 'password', username: 'minh.tran', password: 'Staff@123', client_id: 'sitedesk', client_secret: 'sitedesk-secret' };
    const token = ((await (await fetch(`${server.url}/auth/connect/token`, form(client))).json()) as { access_token: string }).access_token;
    const call = async (path: string, body?: unknown) =>
      (await (await fetch(`${server.url}/api/Me/2fa/${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) })).json()) as Record<string, unknown>;
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32((await call('setup')).secret as string) });
    expect((await call('enable', { code: totp.generate() })).recoveryCodes).toHaveLength(10);

    const error = await session.signIn('minh.tran', 'Staff@123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DesktopError);
    expect((error as DesktopError).code).toBe('mfa_required');
    expect(await session.hasSession()).toBe(false);
    // The next time step's code (the enabling one's step is taken), accepted a step early.
    const answer = await session.signIn('minh.tran', 'Staff@123', totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(await meStatus(answer.accessToken)).toBe(200);
  });

  it('refreshes with rotation: a new refresh token is stored and the old one is refused', async () => {
    await session.signIn('admin', 'Admin@123');
    const first = (await secrets.get(account))!;
    const refreshed = await session.refresh();
    expect(refreshed).toEqual({ accessToken: expect.any(String), expiresIn: 900 });
    expect(await meStatus(refreshed!.accessToken)).toBe(200);
    const second = (await secrets.get(account))!;
    expect(second).not.toBe(first);
    // The old token was rotated away: the service refuses it (and, being a reuse, revokes the family).
    expect(await refreshStatus(first)).toBeGreaterThanOrEqual(400);
    expect(await refreshStatus(first)).toBeLessThan(500);
  });

  it('answers null and forgets the stored token when the service refuses it', async () => {
    await session.signIn('admin', 'Admin@123');
    const stolen = (await secrets.get(account))!;
    expect(await refreshStatus(stolen)).toBe(200); // someone else used it: ours is now a reuse
    expect(await session.refresh()).toBeNull();
    expect(await session.hasSession()).toBe(false);
    expect(await session.refresh()).toBeNull();
  });

  it('runs one rotation at a time when several callers refresh together', async () => {
    await session.signIn('admin', 'Admin@123');
    const answers = await Promise.all([session.refresh(), session.refresh(), session.getAccessToken(true)]);
    expect(answers[0]).not.toBeNull();
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toBe(answers[0]!.accessToken);
    // Had two rotations raced, the reuse would have revoked the family; the session still works.
    expect(await session.refresh()).not.toBeNull();
  });

  it('gives main a cached access token and refreshes when asked to', async () => {
    const signIn = await session.signIn('admin', 'Admin@123');
    expect(await session.getAccessToken()).toBe(signIn.accessToken);
    const forced = await session.getAccessToken(true);
    expect(await meStatus(forced)).toBe(200);
    await session.clear();
    await expect(session.getAccessToken(true)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('signs out by revoking on the service and forgetting the token', async () => {
    await session.signIn('admin', 'Admin@123');
    const token = (await secrets.get(account))!;
    await session.signOut();
    expect(await session.hasSession()).toBe(false);
    expect(await refreshStatus(token)).toBeGreaterThanOrEqual(400);
    await session.signOut(); // nothing stored: still fine
  });

  it('clear forgets without calling the service (the token still works there)', async () => {
    await session.signIn('admin', 'Admin@123');
    const token = (await secrets.get(account))!;
    await session.clear();
    expect(await session.hasSession()).toBe(false);
    expect(await refreshStatus(token)).toBe(200);
  });

  it('reports an unreachable service as a network error and keeps the stored token', async () => {
    await session.signIn('admin', 'Admin@123');
    const offline = createSession({ secrets, profile: () => profileForServer('local', 'http://127.0.0.1:9') });
    await secrets.set(accountFor('http://127.0.0.1:9/auth'), 'kept');
    await expect(offline.refresh()).rejects.toMatchObject({ code: 'network' });
    expect(await secrets.get(accountFor('http://127.0.0.1:9/auth'))).toBe('kept');
    await expect(offline.signIn('admin', 'Admin@123')).rejects.toMatchObject({ code: 'network' });
  });

  it('keeps one session per auth service', async () => {
    await session.signIn('admin', 'Admin@123');
    const other = createSession({ secrets, profile: () => profileForServer('staging', 'https://staging.example.com') });
    expect(await other.hasSession()).toBe(false);
    expect(await session.hasSession()).toBe(true);
  });
});
