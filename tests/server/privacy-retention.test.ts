// Personal data retention (issue 40, server/privacy/retention.ts; docs/api.md "Personal data retention"): the
// administrators' settings per kind (GET/PUT /api/Privacy/retention, 1..600 months or forever), and the periodic task
// `privacy-retention`, driven here by the suite's clock: a run erases the records older than their kind's retention
// (only those), forgets the client addresses of the months before theirs, deletes the sign-in records past theirs,
// and writes one audit entry with its counts. Two instances at the same moment run it once.
import { expect, it } from 'vitest';
import { ERASED } from '../../shared/resources/personal';
import { monthsBefore, type RetentionAnswer } from '../../shared/privacy-retention';
import { runExclusive } from '../../server/db/periodic';
import { openAddress } from '../../server/privacy/index';
import { RETENTION_TASK, runIfDue, runRetention } from '../../server/privacy/retention';
import type { FastifyInstance } from 'fastify';
import { demoWebsitesAndStaff, describeEachDatabase, EN } from './harness';
import { otherInstance } from './instances';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describeEachDatabase(
  'personal data retention',
  (ctx) => {
    const retention = async () => {
      const res = await ctx.authed('GET', '/api/Privacy/retention');
      expect(res.status, res.text).toBe(200);
      return res.body.data as RetentionAnswer;
    };
    const monthsOf = (answer: RetentionAnswer) => Object.fromEntries(answer.kinds.map((k) => [k.kind, k.months]));
    /** The audit's entries of the task's runs, newest first. */
    const runs = async () => {
      const res = await ctx.authed('GET', '/api/Audit?resource=privacyRetention&operation=retention&pageSize=100');
      expect(res.status, res.text).toBe(200);
      return res.body as { data: { actor: { kind: string }; changes: { field: string; after: unknown }[] }[]; totalRows: number };
    };
    /** What an instance's task does at a tick: under its lock, a run when one is due. */
    const tick = (app: FastifyInstance) => runExclusive(app.db, RETENTION_TASK, () => runIfDue(app));
    // The suite's clock goes back to now before each test; runs made a day on must not be in its future: each test
    // starts where the last one's clock was (`resume`), and `dayLater` moves it a day past the last run, so a tick runs.
    let shift = 0;
    const resume = () => ctx.clock.set(Date.now() + shift);
    const dayLater = () => {
      shift += DAY + MINUTE;
      resume();
    };

    it('answers the defaults, refuses what is no retention with a 400 naming the field, and records each change', async () => {
      const { lanToken } = await demoWebsitesAndStaff(ctx);
      expect((await ctx.request('GET', '/api/Privacy/retention', { token: lanToken })).status).toBe(403);
      expect((await ctx.request('PUT', '/api/Privacy/retention', { token: lanToken, json: { kinds: [{ kind: 'bookings', months: 6 }] } })).status).toBe(403);

      const first = await retention();
      expect(monthsOf(first)).toEqual({ bookings: null, feedback: null, expertQuestions: null, applications: null, referrals: null, clientAddresses: 6, signIns: 12 });
      expect(first.kinds.every((k) => k.isDefault)).toBe(true);
      // The start ran it (none had run on this database): the next run is a day later.
      expect(first.lastRun).toMatchObject({ result: 'ok', complete: true });
      expect(Date.parse(first.nextRunAt)).toBe(Date.parse(first.lastRun!.at) + DAY);

      const put = (kinds: unknown) => ctx.authed('PUT', '/api/Privacy/retention', kinds === undefined ? undefined : { kinds }, EN);
      for (const [kinds, field] of [
        [[{ kind: 'bookings', months: 0 }], 'kinds.0.months'],
        [[{ kind: 'bookings', months: 601 }], 'kinds.0.months'],
        [[{ kind: 'feedback', months: 12 }, { kind: 'bookings', months: 1.5 }], 'kinds.1.months'],
        [[{ kind: 'bookings', months: '6' }], 'kinds.0.months'],
        [[{ kind: 'bookings' }], 'kinds.0.months'],
        [[{ kind: 'patients', months: 6 }], 'kinds.0.kind'],
        [[{ kind: 'bookings', months: 6 }, { kind: 'bookings', months: 7 }], 'kinds.1.kind'],
        ['all', 'kinds'],
        [undefined, 'kinds'],
      ] as const) {
        const res = await put(kinds);
        expect(res.status, res.text).toBe(400);
        expect(res.body.Message).toEqual(expect.any(String));
        expect(res.body.field).toBe(field);
      }
      expect((await put([{ kind: 'bookings', months: 0 }])).body.Message).toContain('from 1 to 600');
      expect(monthsOf(await retention())).toEqual(monthsOf(first)); // refused: nothing written

      const saved = await put([
        { kind: 'bookings', months: 600 },
        { kind: 'referrals', months: 1 },
        { kind: 'clientAddresses', months: null },
        { kind: 'signIns', months: 12 }, // the default again: no change
      ]);
      expect(saved.status, saved.text).toBe(200);
      expect(monthsOf(saved.body.data)).toMatchObject({ bookings: 600, referrals: 1, clientAddresses: null, signIns: 12 });
      expect(saved.body.data.kinds.find((k: { kind: string }) => k.kind === 'signIns').isDefault).toBe(true);
      expect(monthsOf(await retention())).toMatchObject({ bookings: 600, referrals: 1, clientAddresses: null });
      const changes = await ctx.authed('GET', '/api/Audit?resource=privacyRetention&operation=update&pageSize=100');
      expect(changes.body.data.map((e: { recordId: string }) => e.recordId).sort()).toEqual(['bookings', 'clientAddresses', 'referrals']);
      expect(changes.body.data.find((e: { recordId: string }) => e.recordId === 'clientAddresses').changes).toContainEqual({ field: 'months', language: null, before: 6, after: null });

      // Back to the defaults for the next tests.
      const reset = await put(['bookings', 'referrals', 'clientAddresses'].map((kind) => ({ kind, months: kind === 'clientAddresses' ? 6 : null })));
      expect(reset.status, reset.text).toBe(200);
    });

    it('administrators changing a retention at once: saved one after the other, each entry from the one before', async () => {
      const before = (await ctx.authed('GET', '/api/Audit?resource=privacyRetention&operation=update&pageSize=100')).body.totalRows as number;
      await ctx.authed('GET', '/api/Privacy/retention'); // the token signed in before the race
      const wanted = [12, 24, 36, 48, 60, 72, 84, 96];
      const answers = await Promise.all(wanted.map((months) => ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'applications', months }] })));
      expect(answers.map((r) => r.status)).toEqual(wanted.map(() => 200));
      const entries = (await ctx.authed('GET', '/api/Audit?resource=privacyRetention&operation=update&pageSize=100')).body;
      expect(entries.totalRows).toBe(before + wanted.length);
      const chain = (entries.data as { recordId: string; changes: { field: string; before: unknown; after: unknown }[] }[])
        .slice(0, wanted.length)
        .reverse()
        .map((e) => e.changes.find((c) => c.field === 'months')!);
      expect(chain[0].before).toBeNull();
      for (let i = 1; i < chain.length; i++) expect(chain[i].before).toBe(chain[i - 1].after);
      expect(monthsOf(await retention()).applications).toBe(chain.at(-1)!.after);
      expect((await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'applications', months: null }] })).status).toBe(200);
    });

    it('a run erases the records older than their retention, only those, forgets old client addresses, and writes one audit entry', async () => {
      resume();
      const { clinic } = await demoWebsitesAndStaff(ctx);
      expect((await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'feedback', months: 12 }] })).status).toBe(200);
      const base = ctx.clock.now();
      /** A feedback sent through the public site `monthsAgo` months ago (the clock moved there): its id. */
      const sent = async (monthsAgo: number, title: string) => {
        ctx.clock.set(monthsBefore(base, monthsAgo));
        const res = await ctx.request('POST', `/public/${clinic}/feedback`, { json: { title, fullName: `Người ${title}`, email: 'nguoi@example.com', phoneNumber: '0987654321', content: 'Phòng chờ nóng' } });
        expect(res.status, res.text).toBe(201);
        const [row] = await ctx.db.selectFrom('history_entries').select(['recordId', 'clientAddress']).where('resource', '=', 'feedback').where('operation', '=', 'create').orderBy('id', 'desc').limit(1).execute();
        return { id: Number(row.recordId), address: row.clientAddress };
      };
      const old = await sent(13, 'Cũ');
      const kept = await sent(11, 'Mới');
      const recent = await sent(2, 'Gần');
      ctx.clock.set(base);
      dayLater();
      try {
        const feedback = async (id: number) => {
          const res = await ctx.authed('GET', `/api/Feedbacks/${clinic}/${id}`);
          expect(res.status, res.text).toBe(200);
          return (res.body.data ?? res.body) as { fullName: string; email: string; phoneNumber: string; title: string };
        };
        expect(await openAddress(ctx.db, old.address)).toBe('127.0.0.1');
        // What is due besides: the demo's feedback sent more than 12 months ago, if any.
        const cutoff = monthsBefore(ctx.clock.now(), 12).toISOString();
        const due = (await ctx.db.selectFrom('feedbacks').select('id').where('createdAt', '<', cutoff).where('fullName', '<>', ERASED).execute()).length;
        const before = (await runs()).totalRows;

        const run = await tick(ctx.app);
        expect(run).toBe(true);
        expect(await feedback(old.id)).toMatchObject({ title: 'Cũ', fullName: ERASED, email: ERASED, phoneNumber: ERASED });
        expect(await feedback(kept.id)).toMatchObject({ title: 'Mới', fullName: 'Người Mới', email: 'nguoi@example.com', phoneNumber: '0987654321' });
        // Its history says it was erased, and why.
        const history = await ctx.authed('GET', `/api/History/${clinic}/Feedbacks/${old.id}`);
        // (the reads above are `view` entries: the erase is found by its operation)
        expect(history.body.data.find((e: { operation: string }) => e.operation === 'erase')).toMatchObject({ operation: 'erase', changes: [{ field: 'reason', after: 'retention' }] });
        // The addresses of the months before the last 6 are gone; the recent one reads still.
        expect(await openAddress(ctx.db, old.address)).not.toBe('127.0.0.1');
        expect(await openAddress(ctx.db, kept.address)).not.toBe('127.0.0.1');
        expect(await openAddress(ctx.db, recent.address)).toBe('127.0.0.1');

        const after = await runs();
        expect(after.totalRows).toBe(before + 1);
        const entry = after.data[0];
        expect(entry.actor.kind).toBe('system');
        const counted = Object.fromEntries(entry.changes.map((c) => [c.field, c.after]));
        expect(counted).toMatchObject({ feedback: due, result: 'ok', complete: true });
        expect(counted.clientAddresses).toBeGreaterThanOrEqual(1);
        const answer = await retention();
        expect(answer.lastRun).toMatchObject({ result: 'ok', complete: true, counts: { feedback: due } });
        expect(Date.parse(answer.nextRunAt)).toBe(Date.parse(answer.lastRun!.at) + DAY);

        // Not due again before a day: the next tick does nothing, writes nothing.
        expect(await runIfDue(ctx.app)).toBeNull();
        expect((await runs()).totalRows).toBe(before + 1);
      } finally {
        await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'feedback', months: null }] });
      }
    });

    it('a run erases at most its budget; one that left work comes again within the hour and goes on', async () => {
      resume();
      const { clinic } = await demoWebsitesAndStaff(ctx);
      expect((await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'feedback', months: 1 }] })).status).toBe(200);
      const base = ctx.clock.now();
      ctx.clock.set(monthsBefore(base, 2));
      for (const title of ['Một', 'Hai']) {
        const res = await ctx.request('POST', `/public/${clinic}/feedback`, { json: { title, fullName: `Người ${title}`, email: 'nguoi@example.com', phoneNumber: '0987654321' } });
        expect(res.status, res.text).toBe(201);
      }
      ctx.clock.set(base);
      dayLater();
      const left = async () => (await ctx.db.selectFrom('feedbacks').select('id').where('createdAt', '<', monthsBefore(ctx.clock.now(), 1).toISOString()).where('fullName', '<>', ERASED).execute()).length;
      try {
        // Ours and the demo's feedback older than a month: one run erases all but one.
        const due = await left();
        expect(due).toBeGreaterThanOrEqual(2);
        const first = await runRetention(ctx.app, { budget: due - 1 });
        expect(first).toMatchObject({ result: 'ok', complete: false, counts: { feedback: due - 1 } });
        expect(await left()).toBe(1);
        const answer = await retention();
        expect(Date.parse(answer.nextRunAt)).toBe(Date.parse(first.at) + HOUR);
        expect(await runIfDue(ctx.app)).toBeNull();
        ctx.clock.advance(HOUR);
        shift += HOUR;
        expect(await runIfDue(ctx.app)).toMatchObject({ result: 'ok', complete: true, counts: { feedback: 1 } });
        expect(await left()).toBe(0);
      } finally {
        await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'feedback', months: null }] });
      }
    });

    it('deletes the sign-in records older than their retention: SIGN_IN_RETENTION_DAYS until an administrator sets months', async () => {
      resume();
      const now = ctx.clock.now().getTime();
      await ctx.db.insertInto('sign_ins').values([
        { time: new Date(now - 40 * DAY).toISOString(), userName: 'forty.days', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' },
        { time: new Date(now - 100 * DAY).toISOString(), userName: 'hundred.days', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' },
        { time: new Date(now - 20 * DAY).toISOString(), userName: 'twenty.days', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' },
      ]).execute();
      const names = async () => (await ctx.db.selectFrom('sign_ins').select('userName').where('userName', 'in', ['forty.days', 'hundred.days', 'twenty.days']).orderBy('userName').execute()).map((r) => r.userName);
      try {
        await ctx.restart({ auth: { signInRetentionDays: 30 } });
        const answer = await retention();
        expect(answer.kinds.find((k) => k.kind === 'signIns')).toEqual({ kind: 'signIns', months: null, isDefault: true, days: 30 });
        dayLater();
        expect(await tick(ctx.app)).toBe(true);
        expect(await names()).toEqual(['twenty.days']);

        // An administrator's months replace the days: 3 months keeps nothing above (40 and 100 days are gone already;
        // a 100-day-old record is past them, a 20-day-old one is not).
        await ctx.db.insertInto('sign_ins').values([{ time: new Date(ctx.clock.now().getTime() - 100 * DAY).toISOString(), userName: 'hundred.days', userId: null, clientAddress: null, userAgent: null, outcome: 'wrongPassword' }]).execute();
        const set = await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'signIns', months: 3 }] });
        expect(set.status, set.text).toBe(200);
        expect(set.body.data.kinds.find((k: { kind: string }) => k.kind === 'signIns')).toEqual({ kind: 'signIns', months: 3, isDefault: false });
        dayLater();
        expect(await tick(ctx.app)).toBe(true);
        expect(await names()).toEqual(['twenty.days']);
        expect((await retention()).lastRun?.counts.signIns).toBeGreaterThanOrEqual(1);
      } finally {
        await ctx.authed('PUT', '/api/Privacy/retention', { kinds: [{ kind: 'signIns', months: 12 }] });
        await ctx.restart({ auth: {} });
      }
    });

    if (ctx.dialect !== 'postgres') {
      it.skip('two instances at once: PostgreSQL only (a SQLite file is served by one process)', () => {});
      return;
    }

    it('two instances ticking at the same moment run it once (one audit entry), and neither runs it again that day', async () => {
      resume();
      const b = await otherInstance(ctx);
      try {
        dayLater();
        const before = (await runs()).totalRows;
        const ran = await Promise.all([tick(ctx.app), tick(b.app)]);
        // One ran it; the other found the lock taken (skipped), or found it done (not due).
        expect(ran.filter(Boolean).length).toBeGreaterThanOrEqual(1);
        expect((await runs()).totalRows).toBe(before + 1);
        await Promise.all([tick(ctx.app), tick(b.app)]);
        expect((await runs()).totalRows).toBe(before + 1);
      } finally {
        await b.close();
      }
    });
  },
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);
