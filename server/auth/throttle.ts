// Sign-in throttling per account (normalised user name), persisted in login_attempts so a
// restart does not reset it. After `maxFailures` failures within `windowSeconds` (since the last
// success) every attempt answers 429, even with the right password, until the window has passed
// for enough of them. Throttled attempts are not recorded, so waiting always ends the lock.
import type { Kysely } from 'kysely';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';

export interface ThrottleSettings {
  maxFailures: number;
  windowSeconds: number;
}

export class LoginThrottle {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    readonly settings: ThrottleSettings,
  ) {}

  /** Seconds to wait before the next attempt, or 0 when the account may try now. */
  async retryAfterSeconds(account: string): Promise<number> {
    const now = this.now().getTime();
    const windowStart = iso(now - this.settings.windowSeconds * 1000);
    const lastSuccess = await this.db
      .selectFrom('login_attempts')
      .select('attemptedAt')
      .where('normalizedUserName', '=', account)
      .where('succeeded', '=', true)
      .orderBy('attemptedAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    const since = lastSuccess && lastSuccess.attemptedAt > windowStart ? lastSuccess.attemptedAt : windowStart;
    const failures = await this.db
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

  /** `exec`: a transaction of the caller's, to commit the attempt with the session it starts. */
  async record(account: string, succeeded: boolean, ip: string | null, exec: Kysely<Database> = this.db): Promise<void> {
    const now = this.now().getTime();
    await exec
      .insertInto('login_attempts')
      .values({ normalizedUserName: account, attemptedAt: iso(now), succeeded, ip })
      .execute();
    // Keep the table small: older rows can no longer matter for this account.
    await exec
      .deleteFrom('login_attempts')
      .where('normalizedUserName', '=', account)
      .where('attemptedAt', '<', iso(now - this.settings.windowSeconds * 1000))
      .execute();
  }
}
