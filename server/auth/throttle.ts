// Sign-in throttling per account (normalised user name), persisted in login_attempts so a restart does not reset
// it. After `maxFailures` failures within `windowSeconds` (since the last success) every attempt answers 429, even
// with the right password, until the window has passed for enough of them. Throttled attempts are not recorded, so
// waiting always ends the lock.
//
// Under concurrency (docs/api.md "Rules the database enforces"): an attempt is *reserved* before the password is
// verified — counted as a failure, under a lock on the account's name — and settled afterwards (a success flips its
// row). So a hundred guesses at once get at most `maxFailures` verifications and the rest 429.
//
// Per client address too (issue 39): `maxFailuresPerAddress` failures of any accounts from one address within the
// window and that address waits as well (a guesser spreading over many names, or a flood of made-up ones).
import type { Kysely } from 'kysely';
import { iso, lockName } from '../db/dialect';
import type { Database } from '../db/schema';

export interface ThrottleSettings {
  maxFailures: number;
  windowSeconds: number;
  /** failed sign-ins of any accounts from one client address within the window before it waits (default 50) */
  maxFailuresPerAddress: number;
}

/** Rows kept at most, whatever a flood of made-up user names sends (older ones go first). */
const MAX_ROWS = 20_000;

export type Reservation = { wait: number } | { id: number };

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    readonly settings: ThrottleSettings,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when the account may try now. */
  async retryAfterSeconds(account: string, db: Kysely<Database> = this.db): Promise<number> {
    const now = this.now().getTime();
    const windowStart = iso(now - this.settings.windowSeconds * 1000);
    const lastSuccess = await db
      .selectFrom('login_attempts')
      .select('attemptedAt')
      .where('normalizedUserName', '=', account)
      .where('succeeded', '=', true)
      .orderBy('attemptedAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    const since = lastSuccess && lastSuccess.attemptedAt > windowStart ? lastSuccess.attemptedAt : windowStart;
    const failures = await db
      .selectFrom('login_attempts')
      .select('attemptedAt')
      .where('normalizedUserName', '=', account)
      .where('succeeded', '=', false)
      .where('attemptedAt', '>', since)
      .orderBy('attemptedAt', 'desc')
      .limit(this.settings.maxFailures)
      .execute();
    if (failures.length < this.settings.maxFailures) return 0;
    // Free again once the oldest of the last maxFailures failures leaves the window.
    const oldest = Date.parse(failures[failures.length - 1].attemptedAt);
    return Math.max(1, Math.ceil((oldest + this.settings.windowSeconds * 1000 - now) / 1000));
  }

  /** Seconds the client address waits: its last `maxFailuresPerAddress` failures all within the window. */
  async addressRetryAfterSeconds(ip: string, db: Kysely<Database> = this.db): Promise<number> {
    const now = this.now().getTime();
    const failures = await db
      .selectFrom('login_attempts')
      .select('attemptedAt')
      .where('ip', '=', ip)
      .where('succeeded', '=', false)
      .where('attemptedAt', '>', iso(now - this.settings.windowSeconds * 1000))
      .orderBy('attemptedAt', 'desc')
      .limit(this.settings.maxFailuresPerAddress)
      .execute();
    if (failures.length < this.settings.maxFailuresPerAddress) return 0;
    const oldest = Date.parse(failures[failures.length - 1].attemptedAt);
    return Math.max(1, Math.ceil((oldest + this.settings.windowSeconds * 1000 - now) / 1000));
  }

  /**
   * Take one attempt for `account`: `{ wait }` when it is throttled (nothing recorded), else `{ id }` of the attempt,
   * recorded as a failure until `succeeded(id)` says otherwise. Atomic per account.
   */
  async reserve(account: string, ip: string | null): Promise<Reservation> {
    return this.db.transaction().execute(async (trx) => {
      // The account's lock, then the address's: always in that order (no two attempts wait for each other in a circle).
      await lockName(trx, `sign-in:${account}`);
      if (ip) await lockName(trx, `sign-in-address:${ip}`);
      const wait = Math.max(await this.retryAfterSeconds(account, trx), ip ? await this.addressRetryAfterSeconds(ip, trx) : 0);
      if (wait > 0) return { wait };
      const now = this.now().getTime();
      const row = await trx
        .insertInto('login_attempts')
        .values({ normalizedUserName: account, attemptedAt: iso(now), succeeded: false, ip })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.purge(trx, now);
      return { id: row.id };
    });
  }

  /** The reserved attempt succeeded. `exec`: a transaction of the caller's, to commit it with the session it starts. */
  async succeeded(id: number, exec: Kysely<Database> = this.db): Promise<void> {
    await exec.updateTable('login_attempts').set({ succeeded: true }).where('id', '=', id).execute();
  }

  /** The reserved attempt neither failed nor succeeded (a disabled account): as if it never happened. */
  async release(id: number): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('id', '=', id).execute();
  }

  /** Older rows can no longer matter to any account; and a flood of made-up names cannot grow the table for ever. */
  private async purge(db: Kysely<Database>, now: number): Promise<void> {
    await db.deleteFrom('login_attempts').where('attemptedAt', '<', iso(now - this.settings.windowSeconds * 1000)).execute();
    const newest = await db.selectFrom('login_attempts').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    const cut = Number(newest?.id ?? 0) - MAX_ROWS;
    if (cut > 0) await db.deleteFrom('login_attempts').where('id', '<=', cut).execute();
  }
}
