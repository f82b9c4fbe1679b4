// The second factor (docs/api.md "The second factor"): TOTP as authenticator apps expect it (RFC 6238: SHA-1, 6 digits,
// 30-second steps), computed by the `otpauth` library, and ten recovery codes.
//  - The secret is made at setup and kept sealed (./secret-box.ts) in users.totpSecret, pending until a first code
//    confirms it (`totpEnabledAt`); it is answered once, by the setup, and never again.
//  - A code is accepted once: `users.totpLastStep` is moved to the code's time step by a conditional update (only
//    forward), so a replay in the same window — or two requests with one code at once — passes once (the database
//    decides: the second update finds the step already taken).
//  - A recovery code is stored as its SHA-256 (random, 64 bits: not guessable from the hash) and used once by a
//    conditional update on `usedAt`.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';
import { sha256 } from './crypto';
import { SecretBox } from './secret-box';

declare module '../db/schema' {
  interface UsersTable {
    /** sealed TOTP secret (./secret-box.ts): pending while totpEnabledAt is null */
    totpSecret: string | null;
    /** the last time step a code was accepted at */
    totpLastStep: number | string | null;
  }
  interface Database {
    totp_recovery_codes: TotpRecoveryCodesTable;
  }
}

export interface TotpRecoveryCodesTable {
  id: import('kysely').Generated<number>;
  userId: number;
  codeHash: string;
  usedAt: string | null;
}

export const ISSUER = 'Sitedesk';
const PERIOD = 30;
const RECOVERY_CODES = 10;
/** A code of the step before or after is accepted too (clocks drift by seconds). */
const WINDOW = 1;

const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[^0-9a-f]/g, '');
const newRecoveryCode = () => randomBytes(8).toString('hex').replace(/(.{4})(?!$)/g, '$1-');

export class TwoFactor {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date,
    serverSecret: string,
  ) {
    this.box = new SecretBox(serverSecret, 'totp-secret');
  }

  private totp(secret: string, userName: string) {
    return new TOTP({ issuer: ISSUER, label: userName, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });
  }

  async enabled(userId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const row = await db.selectFrom('users').select('totpEnabledAt').where('id', '=', userId).executeTakeFirst();
    return Boolean(row?.totpEnabledAt);
  }

  /** A new pending secret (replacing a pending one); answers it and its otpauth:// address (the QR code's text). */
  async setup(user: { id: number; userName: string }, db: Kysely<Database>): Promise<{ secret: string; otpauthUrl: string } | 'enabled'> {
    const secret = new Secret({ size: 20 }).base32;
    const set = await db
      .updateTable('users')
      .set({ totpSecret: this.box.seal(secret), totpLastStep: null })
      .where('id', '=', user.id)
      .where('totpEnabledAt', 'is', null)
      .executeTakeFirst();
    if (Number(set.numUpdatedRows) !== 1) return 'enabled';
    return { secret, otpauthUrl: this.totp(secret, user.userName).toString() };
  }

  /**
   * The time step `code` matches for this user's secret (pending or enabled), or undefined. Pure: nothing taken.
   */
  private async stepOf(userId: number, code: string, db: Kysely<Database>): Promise<number | undefined> {
    if (!/^\d{6}$/.test(code)) return undefined;
    const row = await db.selectFrom('users').select(['userName', 'totpSecret']).where('id', '=', userId).executeTakeFirst();
    const secret = row?.totpSecret ? this.box.open(row.totpSecret) : undefined;
    if (!row || !secret) return undefined;
    const totp = this.totp(secret, row.userName);
    const timestamp = this.now().getTime();
    const delta = totp.validate({ token: code, timestamp, window: WINDOW });
    return delta === null ? undefined : totp.counter({ timestamp }) + delta;
  }

  /** Takes the step: true only for the first use of a code of a later step than any taken before. */
  private async takeStep(userId: number, step: number, db: Kysely<Database>): Promise<boolean> {
    const taken = await db
      .updateTable('users')
      .set({ totpLastStep: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Confirms the pending secret with a first code: on, with ten new recovery codes (answered once). */
  async enable(userId: number, code: string, db: Kysely<Database>): Promise<string[] | 'wrongCode' | 'notPending'> {
    const row = await db.selectFrom('users').select(['totpSecret', 'totpEnabledAt']).where('id', '=', userId).executeTakeFirst();
    if (!row?.totpSecret || row.totpEnabledAt) return 'notPending';
    const step = await this.stepOf(userId, code.trim(), db);
    if (step === undefined || !(await this.takeStep(userId, step, db))) return 'wrongCode';
    const on = await db.updateTable('users').set({ totpEnabledAt: iso(this.now()) }).where('id', '=', userId).where('totpEnabledAt', 'is', null).executeTakeFirst();
    if (Number(on.numUpdatedRows) !== 1) return 'notPending';
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await db.deleteFrom('totp_recovery_codes').where('userId', '=', userId).execute();
    await db.insertInto('totp_recovery_codes').values(codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)), usedAt: null }))).execute();
    return codes;
  }

  /**
   * Whether `code` (a current code, or an unused recovery code) proves the second factor of an enabled account, using
   * it up. In the caller's transaction: a sign-in takes it with the session it starts.
   */
  async consume(userId: number, code: string, db: Kysely<Database>): Promise<boolean> {
    const text = code.trim();
    if (/^\d{6}$/.test(text)) {
      const step = await this.stepOf(userId, text, db);
      return step !== undefined && (await this.takeStep(userId, step, db));
    }
    const plain = normaliseRecovery(text);
    if (plain.length !== 16) return false;
    const used = await db
      .updateTable('totp_recovery_codes')
      .set({ usedAt: iso(this.now()) })
      .where('userId', '=', userId)
      .where('codeHash', '=', sha256(plain))
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  /** Off: the secret, the step and the recovery codes gone. */
  async disable(userId: number, db: Kysely<Database>): Promise<void> {
    await db.updateTable('users').set({ totpSecret: null, totpLastStep: null, totpEnabledAt: null }).where('id', '=', userId).execute();
    await db.deleteFrom('totp_recovery_codes').where('userId', '=', userId).execute();
  }
}
