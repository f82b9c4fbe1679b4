// The sign-in records (docs/api.md "Sign-in records"): one row per sign-in, successful or refused, in `sign_ins`
// (migration 0030) — not in the append-only record history, which anyone could grow without signing in (issue 39:
// 400 failed sign-ins with 4 KB names added 9 MB). The account name is kept as typed, cut to a user name's length;
// the client's address and user agent with it. Kept as long as the retention of sign-in records says (an administrator's
// setting, else SIGN_IN_RETENTION_DAYS, else 12 months), then purged by the personal data retention task
// (server/privacy/retention.ts).
// The administrators' audit log reads them beside the history's entries (server/history/routes.ts, `GET /api/Audit`).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_USER_NAME } from '../../shared/input';
import { iso } from '../db/dialect';
import type { Database } from '../db/schema';

declare module '../db/schema' {
  interface Database {
    sign_ins: SignInsTable;
  }
}

export type SignInOutcome = 'success' | 'wrongPassword' | 'inactive' | 'throttled' | 'mfaRequired' | 'wrongCode';

export interface SignInsTable {
  id: import('kysely').Generated<number>;
  time: string;
  userName: string;
  userId: number | null;
  clientAddress: string | null;
  userAgent: string | null;
  outcome: SignInOutcome;
}

const MAX_USER_AGENT = 512;

export async function recordSignIn(
  db: Kysely<Database>,
  now: Date,
  request: FastifyRequest,
  record: { userName: string; userId: number | null; outcome: SignInOutcome },
): Promise<void> {
  const agent = request.headers['user-agent'];
  await db
    .insertInto('sign_ins')
    .values({
      time: iso(now),
      userName: record.userName.slice(0, MAX_USER_NAME),
      userId: record.userId,
      clientAddress: request.ip ?? null,
      userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null,
      outcome: record.outcome,
    })
    .execute();
}

/** Deletes the records older than `days` (in batches); answers how many went. */
export async function purgeSignIns(db: Kysely<Database>, now: Date, days: number, batch = 1000): Promise<number> {
  const before = iso(now.getTime() - days * 86_400_000);
  let gone = 0;
  for (;;) {
    const res = await db
      .deleteFrom('sign_ins')
      .where('id', 'in', (eb) => eb.selectFrom('sign_ins').select('id').where('time', '<', before).limit(batch))
      .executeTakeFirst();
    gone += Number(res.numDeletedRows);
    if (Number(res.numDeletedRows) < batch) return gone;
  }
}
