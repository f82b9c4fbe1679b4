// Access and refresh tokens.
// - Access token: HS256 JWT, `sub` user id, `name` userName, `sid` session (token family) id,
//   `jti`, `client_id`; lifetime accessTtlSeconds (900). The bearer guard also checks the family
//   (one primary-key lookup joined to the user), so revoking a session stops its access tokens.
// - Refresh token: 32 random bytes (base64url), stored only as SHA-256, single use: each use
//   answers a new one in the same family. Presenting a used token again revokes the family.
//   Every token of a family ends at the family's absolute expiry (sessionTtlSeconds after the
//   password sign-in); rotation never extends it.
import type { Permissions } from '../../shared/roles';
import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { changeNumberColumn } from '../db/changes';
import { dialectOf, iso } from '../db/dialect';
import type { Database } from '../db/schema';
import { httpError } from '../errors';
import { randomToken, sha256 } from './crypto';
import { M } from '../messages';
import type { WriteActor, WriteListeners } from '../resources/index';
import type { FastifyRequest } from 'fastify';

export interface TokenSettings {
  secret: string;
  accessTtlSeconds: number;
  sessionTtlSeconds: number;
}

export interface AuthUser extends Permissions {
  id: number;
  userName: string;
  fullName: string;
  /** token family id (`sid`): one per sign-in */
  sessionId: string;
  clientId: string;
  /** the second factor is on (users.totpEnabledAt): REQUIRE_2FA_FOR_ADMINS keeps administrators without it to enrolling */
  twoFactor?: boolean;
}

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
}

const ISSUER = 'sitedesk';
/** The PostgreSQL channel ended sessions' ids are notified on (at commit), to every instance (`sessionsEnded`). */
export const SESSIONS_CHANNEL = 'sitedesk_sessions';
/** Verified tokens kept at most (a few per signed-in console); beyond, they start over. */
const MAX_VERIFIED = 10_000;

export function oauthError(status: number, error: string, text: { vi: string; en: string }) {
  return httpError(status, text, { error, error_description: text.en });
}

/**
 * The session with its user and the change number, by session id: built and compiled once, as it runs on every
 * request (a check took 18.7 µs on SQLite here when it was built and compiled each time, 6.3 µs now); each call
 * binds its own id.
 */
function sessionLookup(db: Kysely<Database>) {
  const compiled = db
    .selectFrom('token_families as f')
    .innerJoin('users as u', 'u.id', 'f.userId')
    .select(['f.userId', 'f.clientId', 'f.expiresAt', 'f.revokedAt', 'u.userName', 'u.fullName', 'u.isActive', 'u.role', 'u.canReview', 'u.totpEnabledAt'])
    .select(changeNumberColumn().as('changes'))
    .where('f.id', '=', '')
    .compile();
  if (compiled.parameters.length !== 1) throw new Error('the session lookup binds the session id only');
  const bind = <R>(query: CompiledQuery<R>) => (sid: string) => db.executeQuery<R>({ ...query, parameters: [sid] });
  return bind(compiled);
}

export class TokenService {
  /** A key object, not bytes: jose would import bytes into a new CryptoKey on every verification. */
  private readonly key: KeyObject;
  /** Tokens whose signature was checked, until they expire (`claimsOf`). */
  private readonly verified = new Map<string, { claims: { sub: string; sid: string }; expiresAt: number }>();
  private readonly sessionLookup: ReturnType<typeof sessionLookup>;
  /**
   * Sessions as their last lookup found them, by access token (`knownSession`): what a list read on PostgreSQL starts
   * from, its page's own statement checking the session is still live (server/resources/session-check.ts).
   */
  private readonly sessions = new Map<string, { session: { user: AuthUser; changes: string }; expiresAt: string; tokenExpiresAt: number }>();
  /** The newest change number a session lookup has read: a known session read under an older one is not used. */
  private latestChanges = 0n;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    readonly settings: TokenSettings,
    /**
     * The app's write listeners (server/resources/writes.ts): a session ended (signed out, or revoked for a reused
     * refresh token) is an entry of the user's history, in the revocation's transaction. A refresh's rotation is not:
     * it is the session going on (every few minutes per open console), not an act on anything a clinic reads back.
     */
    private readonly writes?: WriteListeners,
  ) {
    this.key = createSecretKey(Buffer.from(settings.secret, 'utf8'));
    this.sessionLookup = sessionLookup(db);
  }

  /**
   * Start a session (token family) after a successful password check. `exec` lets the caller
   * put the writes in its own transaction (one commit, so one fsync on SQLite, per sign-in).
   */
  async startSession(
    user: { id: number; userName: string },
    clientId: string,
    scope: string,
    exec?: Kysely<Database>,
    /** Where and with what it signs in ("your sessions" shows it; cut to a sane length). */
    client: { address?: string | null; userAgent?: string | null } = {},
  ): Promise<TokenAnswer> {
    const now = this.now();
    const familyId = randomUUID();
    const expiresAt = iso(now.getTime() + this.settings.sessionTtlSeconds * 1000);
    const refresh = randomToken();
    const write = async (trx: Kysely<Database>) => {
      await trx
        .insertInto('token_families')
        .values({
          id: familyId, userId: user.id, clientId, scope, createdAt: iso(now), expiresAt, revokedAt: null, revokedReason: null,
          lastUsedAt: iso(now), clientAddress: client.address?.slice(0, 100) ?? null, userAgent: client.userAgent?.slice(0, 500) ?? null,
        })
        .execute();
      // The accounts' list shows it (bookkeeping of the sign-in, whose entry the caller writes: not a change of the account).
      await trx.updateTable('users').set({ lastSignInAt: iso(now) }).where('id', '=', user.id).execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ tokenHash: sha256(refresh), familyId, userId: user.id, clientId, createdAt: iso(now), expiresAt, usedAt: null, revokedAt: null })
        .execute();
    };
    await (exec ? write(exec) : this.db.transaction().execute(write));
    return this.answer(user, familyId, clientId, scope, refresh);
  }

  /** Exchange a refresh token for a new pair. Throws 400 invalid_grant for anything not usable. */
  async rotate(refreshToken: string, clientId: string, request?: FastifyRequest): Promise<TokenAnswer> {
    const nowDate = this.now();
    const now = iso(nowDate);
    const invalid = () => oauthError(400, 'invalid_grant', M.invalidRefreshToken);

    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('refresh_tokens as r')
        .innerJoin('token_families as f', 'f.id', 'r.familyId')
        .innerJoin('users as u', 'u.id', 'r.userId')
        .select([
          'r.id', 'r.familyId', 'r.clientId', 'r.usedAt', 'r.revokedAt', 'r.expiresAt',
          'f.revokedAt as familyRevokedAt', 'f.expiresAt as familyExpiresAt', 'f.scope',
          'u.id as userId', 'u.userName', 'u.isActive',
        ])
        .where('r.tokenHash', '=', sha256(refreshToken))
        .executeTakeFirst();
      if (!row || row.clientId !== clientId) return { kind: 'invalid' as const };
      if (row.usedAt || row.revokedAt) return { kind: 'reused' as const, familyId: row.familyId };
      if (row.familyRevokedAt || row.familyExpiresAt <= now || row.expiresAt <= now || !row.isActive) {
        return { kind: 'invalid' as const };
      }
      // Conditional update: of two concurrent uses of one token only one can win; the other is a reuse.
      const used = await trx
        .updateTable('refresh_tokens')
        .set({ usedAt: now })
        .where('id', '=', row.id)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return { kind: 'reused' as const, familyId: row.familyId };
      const refresh = randomToken();
      await trx
        .insertInto('refresh_tokens')
        .values({ tokenHash: sha256(refresh), familyId: row.familyId, userId: row.userId, clientId, createdAt: now, expiresAt: row.familyExpiresAt, usedAt: null, revokedAt: null })
        .execute();
      await trx.updateTable('token_families').set({ lastUsedAt: now }).where('id', '=', row.familyId).execute();
      return { kind: 'ok' as const, row, refresh };
    });

    if (outcome.kind === 'reused') {
      // A refresh token seen twice means it leaked: end the whole session.
      await this.revokeFamily(outcome.familyId, 'refresh token reused', { action: 'sessionRevoked', request, actor: { kind: 'system' } });
      throw invalid();
    }
    if (outcome.kind === 'invalid') throw invalid();
    const { row, refresh } = outcome;
    return this.answer({ id: row.userId, userName: row.userName }, row.familyId, clientId, row.scope, refresh);
  }

  /**
   * RFC 7009: revoke the session a token belongs to (refresh or access token). Unknown tokens,
   * tokens of another client and garbage are ignored: the caller answers 200 regardless.
   */
  async revoke(token: string, clientId: string, request?: FastifyRequest): Promise<void> {
    let familyId: string | undefined;
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select(['familyId', 'clientId'])
      .where('tokenHash', '=', sha256(token))
      .executeTakeFirst();
    if (row) {
      if (row.clientId === clientId) familyId = row.familyId;
    } else if (token.split('.').length === 3) {
      // An access token: a valid signature is proof enough, even when it has expired.
      try {
        const { payload } = await compactVerify(token, this.key, { algorithms: ['HS256'] });
        const claims = JSON.parse(new TextDecoder().decode(payload)) as { sid?: unknown; client_id?: unknown };
        if (typeof claims.sid === 'string' && claims.client_id === clientId) familyId = claims.sid;
      } catch {
        /* not ours: nothing to revoke */
      }
    }
    if (familyId) await this.revokeFamily(familyId, 'revoked', { action: 'signOut', request });
  }

  /**
   * Ends a session (its token family), with the entry `told` says (the user's sign-out by default: the session's user
   * is the actor; a reused token: the system). A session already ended: nothing written, no entry.
   */
  async revokeFamily(familyId: string, reason: string, told: { action: string; request?: FastifyRequest; actor?: WriteActor } = { action: 'signOut' }): Promise<void> {
    const now = iso(this.now());
    await this.db.transaction().execute(async (trx) => {
      const ended = await trx
        .updateTable('token_families')
        .set({ revokedAt: now, revokedReason: reason })
        .where('id', '=', familyId)
        .where('revokedAt', 'is', null)
        .returning('userId')
        .executeTakeFirst();
      if (!ended) return;
      await trx
        .updateTable('refresh_tokens')
        .set({ revokedAt: now })
        .where('familyId', '=', familyId)
        .where('revokedAt', 'is', null)
        .execute();
      await this.sessionsEnded([familyId], trx);
      await this.writes?.tell(trx, {
        websiteId: undefined,
        resource: 'user',
        ids: [ended.userId],
        operation: 'action',
        action: told.action,
        request: told.request,
        actor: told.actor ?? { kind: 'user', id: ended.userId },
        ...(told.action === 'signOut' ? {} : { values: { reason } }),
      });
    });
  }

  /** Who hears of ended sessions on this instance (the live events' streams: server/events/routes.ts). */
  private readonly endedListeners = new Set<(sessionIds: string[]) => void>();

  /**
   * These sessions were ended in `trx` (a sign-out, a revocation, a reused refresh token, `endSessions`): their open
   * event streams close at once, on every instance. PostgreSQL: their ids are notified in the transaction, so every
   * instance's LISTEN hears them at commit (none for a rollback; server/auth/routes.ts passes them to `heard`). SQLite
   * (one process): told here; a stream checks its session before it closes, and that read waits for the transaction.
   */
  async sessionsEnded(sessionIds: readonly string[], trx: Kysely<Database>): Promise<void> {
    if (!sessionIds.length) return;
    if (dialectOf(trx) === 'postgres') {
      // A notification's payload is at most 8000 bytes: 200 ids (36 characters and a space) at a time.
      for (let i = 0; i < sessionIds.length; i += 200) await sql`select pg_notify(${SESSIONS_CHANNEL}, ${sessionIds.slice(i, i + 200).join(' ')})`.execute(trx);
    } else {
      this.heard([...sessionIds]);
    }
  }

  /** Ended sessions' ids, told or heard from another instance. */
  heard(sessionIds: string[]): void {
    for (const listener of this.endedListeners) listener(sessionIds);
  }

  /** Listens for ended sessions; answers the function that stops. */
  onSessionsEnded(listener: (sessionIds: string[]) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  /**
   * Ends every live session of `userId` but `except` (the one kept: a password change keeps the session that made it),
   * with their refresh tokens, in one transaction (the caller's `trx` when given) and one entry of the user's history
   * (`action`, with the reason and how many ended); nothing live: nothing written. Answers the ended sessions' ids.
   * Used by deactivation, a password change or reset, "sign out everywhere else" and an administrator's "end all
   * sessions" (server/accounts).
   */
  async endSessions(
    userId: number,
    opts: { except?: string; reason: string; action: string; request?: FastifyRequest; actor?: WriteActor; trx?: Kysely<Database> },
  ): Promise<string[]> {
    const now = iso(this.now());
    const work = async (trx: Kysely<Database>) => {
      let q = trx
        .updateTable('token_families')
        .set({ revokedAt: now, revokedReason: opts.reason })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now);
      if (opts.except !== undefined) q = q.where('id', '!=', opts.except);
      const ended = (await q.returning('id').execute()).map((r) => r.id);
      if (!ended.length) return ended;
      await trx.updateTable('refresh_tokens').set({ revokedAt: now }).where('familyId', 'in', ended).where('revokedAt', 'is', null).execute();
      // Their open event streams close at once, on every instance.
      await this.sessionsEnded(ended, trx);
      await this.writes?.tell(trx, {
        websiteId: undefined,
        resource: 'user',
        ids: [userId],
        operation: 'action',
        action: opts.action,
        request: opts.request,
        actor: opts.actor,
        values: { reason: opts.reason, sessions: ended.length },
      });
      return ended;
    };
    return opts.trx ? work(opts.trx) : this.db.transaction().execute(work);
  }

  /**
   * Deletes what has expired: the sessions (token families) past their absolute expiry and every refresh token of them,
   * and any refresh token past its own expiry (a token ends with its family, so these are the same ones). Nothing
   * expired can be used again (rotate and the bearer guard refuse it by the clock first), and reuse detection only
   * matters while a family lives, so nothing is lost; without it the two tables grow by a row per refresh forever.
   * Run hourly (`authRoutes`, server/db/periodic.ts: on PostgreSQL by one instance at a time), in batches so no
   * transaction holds the tables long. Answers how many sessions and refresh tokens went.
   */
  async purgeExpired(batch = 1000): Promise<{ sessions: number; tokens: number }> {
    const now = iso(this.now());
    const gone = { sessions: 0, tokens: 0 };
    for (;;) {
      const tokens = await this.db
        .deleteFrom('refresh_tokens')
        .where('id', 'in', (eb) => eb.selectFrom('refresh_tokens').select('id').where('expiresAt', '<=', now).limit(batch))
        .executeTakeFirst();
      gone.tokens += Number(tokens.numDeletedRows);
      if (Number(tokens.numDeletedRows) < batch) break;
    }
    for (;;) {
      // A family's tokens and the family in one transaction: no token is left pointing at a deleted session.
      const ids = (await this.db.selectFrom('token_families').select('id').where('expiresAt', '<=', now).limit(batch).execute()).map((r) => r.id);
      if (!ids.length) break;
      await this.db.transaction().execute(async (trx) => {
        const tokens = await trx.deleteFrom('refresh_tokens').where('familyId', 'in', ids).executeTakeFirst();
        gone.tokens += Number(tokens.numDeletedRows);
        const sessions = await trx.deleteFrom('token_families').where('id', 'in', ids).executeTakeFirst();
        gone.sessions += Number(sessions.numDeletedRows);
      });
      if (ids.length < batch) break;
    }
    return gone;
  }

  /** The bearer check: signature, expiry (by the injected clock), and a live session. */
  async verifyAccess(token: string): Promise<AuthUser | null> {
    return (await this.verifySession(token))?.user ?? null;
  }

  /**
   * The access token's user, with the database's change number read in the same statement (server/db/changes.ts:
   * what a request keeps per change number — list totals, staff of a website — needs it, and reading it apart was
   * one more round trip per request). Null when the token or its session is not valid.
   */
  async verifySession(token: string): Promise<{ user: AuthUser; changes: string } | null> {
    const claims = await this.claimsOf(token);
    if (!claims) return null;
    const [session] = (await this.sessionLookup(claims.sid)).rows;
    if (!session || session.revokedAt || !session.isActive || session.expiresAt <= iso(this.now()) || String(session.userId) !== claims.sub) {
      this.sessions.delete(token);
      return null;
    }
    const user: AuthUser = {
      id: session.userId,
      userName: session.userName,
      fullName: session.fullName,
      role: session.role === 'admin' ? 'admin' : 'staff',
      canReview: session.canReview,
      sessionId: claims.sid,
      clientId: session.clientId,
      twoFactor: Boolean(session.totpEnabledAt),
    };
    const verified = { user, changes: String(session.changes) };
    const n = BigInt(verified.changes);
    if (n > this.latestChanges) this.latestChanges = n;
    if (this.sessions.size >= MAX_VERIFIED) this.sessions.clear();
    this.sessions.set(token, { session: verified, expiresAt: session.expiresAt, tokenExpiresAt: this.verified.get(token)?.expiresAt ?? 0 });
    return verified;
  }

  /**
   * The session of `token` as its last lookup (`verifySession`) found it, with the change number read then, while the
   * token and the session have not expired and no lookup since has read a newer number. Not a verification: a
   * revocation or a deactivation since is not seen here. Its one use is a read that checks the session in its own
   * statement before answering (server/resources/session-check.ts).
   */
  knownSession(token: string): { user: AuthUser; changes: string } | undefined {
    const known = this.sessions.get(token);
    if (!known) return undefined;
    const now = this.now();
    if (known.tokenExpiresAt <= now.getTime() || known.expiresAt <= iso(now)) {
      this.sessions.delete(token);
      return undefined;
    }
    return BigInt(known.session.changes) < this.latestChanges ? undefined : known.session;
  }

  /**
   * A verified token's claims, kept until the token expires: checking the signature is the same work every time the
   * token comes (every request of a signed-in console), and the session is still looked up on every request.
   */
  private async claimsOf(token: string): Promise<{ sub: string; sid: string } | null> {
    const now = this.now().getTime();
    const kept = this.verified.get(token);
    if (kept) {
      if (kept.expiresAt > now) return kept.claims;
      this.verified.delete(token);
    }
    let claims: { sub?: string; sid?: unknown; exp?: number };
    try {
      ({ payload: claims } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, currentDate: this.now() }));
    } catch {
      return null;
    }
    if (typeof claims.sid !== 'string' || !claims.sub || typeof claims.exp !== 'number') return null;
    if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
    const verified = { sub: claims.sub, sid: claims.sid };
    this.verified.set(token, { claims: verified, expiresAt: claims.exp * 1000 });
    return verified;
  }

  private async answer(
    user: { id: number; userName: string },
    familyId: string,
    clientId: string,
    scope: string,
    refresh: string,
  ): Promise<TokenAnswer> {
    const iat = Math.floor(this.now().getTime() / 1000);
    const access = await new SignJWT({ name: user.userName, sid: familyId, client_id: clientId, scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.settings.accessTtlSeconds)
      .setJti(randomUUID())
      .sign(this.key);
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: this.settings.accessTtlSeconds,
      token_type: 'Bearer',
      scope,
    };
  }
}
