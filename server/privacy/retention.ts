// How long personal data stays (issue 40; docs/api.md "Personal data retention"; the kinds and their defaults:
// shared/privacy-retention.ts):
//   GET /api/Privacy/retention   the retention of each kind, when the next run comes, what the last one did (administrators)
//   PUT /api/Privacy/retention   { kinds: [ { kind, months } ] }: months 1..600, or null for forever (administrators)
// and the periodic task `privacy-retention` (server/db/periodic.ts `every`: one instance at a time; whether a run is due
// is read under the task's lock, so instances starting one after another do not run it again): once a day, the records
// of each kind created before now − its months are erased through the same erase as a person's request (./index.ts
// `eraseRecord`, reason "retention": the record stays, its personal fields and their history's values go), the client
// addresses of the months before forgotten (`forgetAddressesBefore`), the sign-in
// records older than their retention deleted; one audit entry per run with the counts (resource `privacyRetention`,
// operation `retention`, the system's).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ADMINS } from '../../shared/resources/access';
import type { ResourceDef } from '../../shared/resources/define';
import { ERASED, personalFields } from '../../shared/resources/personal';
import {
  DEFAULT_RETENTION,
  isRetentionKind,
  isRetentionMonths,
  MAX_RETENTION_MONTHS,
  MIN_RETENTION_MONTHS,
  monthsBefore,
  RECORD_KINDS,
  RETENTION_KINDS,
  type RecordKind,
  type RetentionAnswer,
  type RetentionKind,
  type RetentionRun,
  type RetentionSetting,
} from '../../shared/privacy-retention';
import { purgeSignIns } from '../auth/sign-ins';
import { iso, lockName } from '../db/dialect';
import { every } from '../db/periodic';
import type { Db } from '../db/schema';
import { httpError } from '../errors';
import { ok } from '../http/envelope';
import { M } from '../messages';
import { dynamic, enforce, operationContext, systemContext, type OwnWrite } from '../resources/index';
import { eraseRecord, forgetAddressesBefore, scrubAfterErase } from './index';

declare module '../db/schema' {
  interface Database {
    privacy_retention: { kind: string; months: number | null; updatedAt: string };
    privacy_retention_runs: { id: number; at: string; result: string; counts: string; complete: boolean | number; message: string | null };
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How often an instance looks whether a run is due (one small query): the next run comes at most this late. */
const TICK = 15 * MINUTE;
/** The most records one run erases (each in its own transaction): a first run over years of data is spread over runs an hour apart. */
export const MAX_ERASED_PER_RUN = 1000;
/** Records are looked up this many at a time (by id, from where the last slice ended). */
const SLICE = 100;
/** The history's resource of the settings' changes and of each run's audit entry. */
export const RETENTION_RESOURCE = 'privacyRetention';
export const RETENTION_TASK = 'privacy-retention';

const messages = {
  body: { vi: 'Cần gửi { kinds: [ { kind, months } ] }', en: 'Send { kinds: [ { kind, months } ] }' },
  kind: (field: string) => ({
    vi: `Trường ${field} không hợp lệ: loại dữ liệu phải là một trong ${RETENTION_KINDS.join(', ')}`,
    en: `Field ${field} is invalid: the kind must be one of ${RETENTION_KINDS.join(', ')}`,
  }),
  months: (field: string, kind: string) => ({
    vi: `Trường ${field} (${kind}) không hợp lệ: thời gian lưu phải là số tháng nguyên từ ${MIN_RETENTION_MONTHS} đến ${MAX_RETENTION_MONTHS}, hoặc để trống (lưu mãi)`,
    en: `Field ${field} (${kind}) is invalid: the retention must be a whole number of months from ${MIN_RETENTION_MONTHS} to ${MAX_RETENTION_MONTHS}, or empty (forever)`,
  }),
  twice: (field: string, kind: string) => ({ vi: `Trường ${field}: loại ${kind} được gửi hai lần`, en: `Field ${field}: the kind ${kind} is sent twice` }),
};

/** SIGN_IN_RETENTION_DAYS, when set: the sign-in records' retention until an administrator sets one here. */
const signInDaysOf = (app: FastifyInstance): number | undefined => app.moduleOptions.auth?.signInRetentionDays;

/** Each kind's setting: an administrator's, else the default. */
export async function retentionSettings(app: FastifyInstance, db: Db = app.db): Promise<RetentionSetting[]> {
  const rows = await db.selectFrom('privacy_retention').select(['kind', 'months']).execute();
  const set = new Map(rows.map((r) => [r.kind, r.months]));
  const envDays = signInDaysOf(app);
  return RETENTION_KINDS.map((kind) => {
    if (set.has(kind)) return { kind, months: set.get(kind) ?? null, isDefault: false };
    if (kind === 'signIns' && envDays !== undefined) return { kind, months: null, isDefault: true, days: envDays };
    return { kind, months: DEFAULT_RETENTION[kind], isDefault: true };
  });
}

async function lastRunOf(db: Db): Promise<RetentionRun | null> {
  const row = await db.selectFrom('privacy_retention_runs').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  return {
    at: row.at,
    result: row.result === 'ok' ? 'ok' : 'failed',
    counts: JSON.parse(row.counts) as RetentionRun['counts'],
    complete: Boolean(row.complete),
    ...(row.message ? { message: row.message } : {}),
  };
}

/**
 * When the next run is due: a day after the last one; an hour after one that failed or left work for later; now when
 * none ran yet. (Each instance looks every TICK, so it starts at most that much later.)
 */
export function nextRunOf(last: RetentionRun | null, now: Date): Date {
  if (!last) return now;
  return new Date(Date.parse(last.at) + (last.result === 'ok' && last.complete ? DAY : HOUR));
}

/**
 * The condition "some personal field still holds a value" (not erased yet), so a run does not erase a record again. A
 * per-language field (JSON text of its languages) is left out: each of these kinds has a plain personal field too.
 */
function stillPersonal(def: ResourceDef) {
  const fields = personalFields(def).filter((f) => !f.computed && !f.perLanguage);
  const textual = (type: string) => !['date', 'datetime', 'number', 'decimal', 'boolean', 'reference'].includes(type);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the definition names the columns
  return (eb: any) =>
    eb.or(
      fields.map((f) =>
        textual(f.type) ? eb.and([eb(f.name, 'is not', null), eb(f.name, '<>', ''), eb(f.name, '<>', ERASED)]) : eb(f.name, 'is not', null),
      ),
    );
}

interface Counting {
  counts: Partial<Record<RetentionKind, number>>;
  erased: number;
  tables: Set<string>;
  /** Records whose erase failed (the run goes on with the next; the run is 'failed' and comes again within the hour). */
  failed: number;
  message?: string;
}

/**
 * Erases the records of `kind` created before `before` that still hold personal data, a slice at a time (by id, so a
 * record the erase leaves as it was is not looked at again in this run), each in its own transaction. Answers false
 * when the run's budget ran out before the kind was done.
 */
async function eraseExpired(app: FastifyInstance, kind: RecordKind, before: Date, run: Counting, budget: number): Promise<boolean> {
  const def = app.resources.defs[RECORD_KINDS[kind]];
  if (!def) return true;
  const websiteScoped = def.scope === 'website';
  let after = 0;
  run.counts[kind] ??= 0;
  for (;;) {
    // Records are erased, never deleted, by this task: `createdAt` is the table's own creation time.
    const rows = (await dynamic(app.db)
      .selectFrom(def.table)
      .select(websiteScoped ? ['id', 'websiteId'] : ['id'])
      .where('createdAt', '<', iso(before))
      .where('id', '>', after)
      .where(stillPersonal(def))
      .orderBy('id')
      .limit(SLICE)
      .execute()) as { id: number; websiteId?: number | null }[];
    for (const row of rows) {
      if (run.erased + run.failed >= budget) return false;
      after = row.id;
      // One record that cannot be erased now (e.g. a write racing it) must not hold back the others.
      let done: 'erased' | 'missing';
      try {
        done = await eraseRecord(app, { def, websiteId: websiteScoped ? (row.websiteId ?? null) : null, id: row.id }, { reason: 'retention' });
      } catch (err) {
        run.failed += 1;
        run.message ??= `${def.name} ${row.id}: ${err instanceof Error ? err.message : String(err)}`;
        app.log.error({ err, task: RETENTION_TASK, resource: def.name, id: row.id }, 'personal data retention: a record was not erased');
        continue;
      }
      if (done === 'erased') {
        run.counts[kind]! += 1;
        run.erased += 1;
        run.tables.add(def.table);
      }
    }
    if (rows.length < SLICE) return true;
  }
}

/**
 * One run of the task (see the top of this file). Records its result as the last run and writes its audit entry in
 * one transaction, whether it finished, stopped at its budget, or failed part way (what was erased stays erased).
 */
export async function runRetention(app: FastifyInstance, options: { budget?: number } = {}): Promise<RetentionRun> {
  const now = app.now();
  const budget = options.budget ?? MAX_ERASED_PER_RUN;
  const run: Counting = { counts: {}, erased: 0, tables: new Set(), failed: 0 };
  let complete = true;
  let failure: unknown;
  try {
    const settings = new Map((await retentionSettings(app)).map((s) => [s.kind, s]));
    for (const kind of Object.keys(RECORD_KINDS) as RecordKind[]) {
      const months = settings.get(kind)?.months;
      if (months == null) continue;
      if (!(await eraseExpired(app, kind, monthsBefore(now, months), run, budget))) {
        complete = false;
        break;
      }
    }
    if (run.tables.size) await scrubAfterErase(app, [...run.tables]);
    // Client addresses are sealed with a key per month (./index.ts): the months wholly before the retention are
    // forgotten, so an address is kept at least its months and at most one month more.
    const addresses = settings.get('clientAddresses')?.months;
    if (addresses != null) run.counts.clientAddresses = await forgetAddressesBefore(app.db, iso(monthsBefore(now, addresses)).slice(0, 7));
    const signIns = settings.get('signIns');
    const days = signIns?.months != null ? (now.getTime() - monthsBefore(now, signIns.months).getTime()) / DAY : signIns?.days;
    if (days !== undefined) run.counts.signIns = await purgeSignIns(app.db, now, days);
  } catch (err) {
    failure = err;
    app.log.error({ err, task: RETENTION_TASK }, 'personal data retention run failed');
  }
  const message = failure ? (failure instanceof Error ? failure.message : String(failure)) : run.failed ? `${run.failed} not erased; first: ${run.message}` : undefined;
  const result: RetentionRun = {
    at: iso(now),
    result: failure || run.failed ? 'failed' : 'ok',
    counts: run.counts,
    complete: complete && !failure && !run.failed,
    ...(message ? { message: message.slice(0, 500) } : {}),
  };
  await app.resources.engine.own(systemContext(app.db, now), RETENTION_RESOURCE, async (db) => {
    const row = { at: result.at, result: result.result, counts: JSON.stringify(result.counts), complete: result.complete, message: result.message ?? null };
    await db.insertInto('privacy_retention_runs').values({ id: 1, ...row }).onConflict((oc) => oc.column('id').doUpdateSet(row)).execute();
    const written: OwnWrite = {
      websiteId: undefined,
      ids: ['run'],
      operation: 'action',
      action: 'retention',
      values: { ...result.counts, result: result.result, complete: result.complete, ...(result.message ? { message: result.message } : {}) },
    };
    return { result: undefined, written };
  });
  return result;
}

/**
 * What the task does at each tick, under its lock: a run when one is due (none ran yet, the last one is a day old, or
 * failed, or left work for later). Answers the run, or null when none was due.
 */
export async function runIfDue(app: FastifyInstance): Promise<RetentionRun | null> {
  const now = app.now();
  if (nextRunOf(await lastRunOf(app.db), now).getTime() > now.getTime()) return null;
  return runRetention(app);
}

/** The body of PUT: each kind once, each months valid; 400 naming the field otherwise. */
function settingsOf(body: unknown): { kind: RetentionKind; months: number | null }[] {
  const kinds = (body as { kinds?: unknown } | null)?.kinds;
  if (!body || typeof body !== 'object' || !Array.isArray(kinds) || kinds.length > RETENTION_KINDS.length * 2) {
    throw httpError(400, messages.body, { field: 'kinds' });
  }
  const seen = new Set<string>();
  return kinds.map((item: unknown, i) => {
    const { kind, months } = (item && typeof item === 'object' ? item : {}) as { kind?: unknown; months?: unknown };
    if (!isRetentionKind(kind)) throw httpError(400, messages.kind(`kinds.${i}.kind`), { field: `kinds.${i}.kind` });
    if (seen.has(kind)) throw httpError(400, messages.twice(`kinds.${i}.kind`, kind), { field: `kinds.${i}.kind` });
    seen.add(kind);
    // null is forever; a missing months is a mistake, not a wish to keep forever.
    if (!isRetentionMonths(months)) throw httpError(400, messages.months(`kinds.${i}.months`, kind), { field: `kinds.${i}.months` });
    return { kind, months };
  });
}

export const retentionRoutes: FastifyPluginAsync = async (app) => {
  // Looked at at start and every TICK, on one instance at a time: runs when due.
  every(app, RETENTION_TASK, TICK, () => runIfDue(app));

  const answer = async (): Promise<RetentionAnswer> => {
    const [kinds, lastRun] = await Promise.all([retentionSettings(app), lastRunOf(app.db)]);
    return { kinds, nextRunAt: iso(nextRunOf(lastRun, app.now())), lastRun };
  };

  app.get('/Privacy/retention', async (request) => {
    enforce(request, ADMINS);
    return ok(request, M.success, await answer());
  });

  app.put('/Privacy/retention', async (request) => {
    enforce(request, ADMINS);
    const wanted = settingsOf(request.body);
    const now = iso(app.now());
    // One history entry per kind whose retention changed (before → after), in the write's transaction.
    await app.resources.engine.own(operationContext(app, request), RETENTION_RESOURCE, async (db) => {
      // One change of the settings at a time (PostgreSQL: a lock on the name; a kind at its default has no row to
      // lock), read in the write's transaction: each entry's "before" is what the one before it wrote.
      await lockName(db, 'privacy-retention-settings');
      const current = new Map((await retentionSettings(app, db)).map((s) => [s.kind, s]));
      const written: OwnWrite[] = [];
      for (const { kind, months } of wanted) {
        const was = current.get(kind)!;
        // The same retention as now (set or default): nothing to write, no entry. SIGN_IN_RETENTION_DAYS's days
        // replaced by months (or forever) is a change.
        if (was.months === months && was.days === undefined) continue;
        await db
          .insertInto('privacy_retention')
          .values({ kind, months, updatedAt: now })
          .onConflict((oc) => oc.column('kind').doUpdateSet({ months, updatedAt: now }))
          .execute();
        written.push({ websiteId: undefined, ids: [kind], operation: 'update', before: { months: was.months, days: was.days ?? null }, after: { months, days: null } });
      }
      return { result: undefined, written };
    });
    return ok(request, M.updated, await answer());
  });
};
