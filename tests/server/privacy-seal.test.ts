// Personal data sealed and erased (issue 40, docs/api.md "Personal data"): the history, the trash and the live events
// keep a person's values sealed with their record's key, every read path opens them; erasing a record replaces its
// personal fields, destroys its key (its past reads as erased) and, after the scrub, leaves none of its bytes in the
// database's files; an erase racing a save, or killed in the middle, leaves no clear value and no half-erased record.
// On both databases.
/* eslint-disable @typescript-eslint/no-explicit-any -- rows and answers are loosely typed JSON on purpose */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ERASED } from '../../shared/resources/personal';
import { booking } from '../../shared/resources/people';
import { eraseRecord, forgetAddressesBefore, scrubAfterErase } from '../../server/privacy/index';
import { sealEarlierValues } from '../../server/privacy/upgrade';
import { purgeTrash } from '../../server/history/trash';
import { defineResource } from '../../shared/resources/define';
import { pdfBytes } from './file-bytes';
import { fetchBytes, uploadFile } from './files-helpers';
import { demoWebsitesAndStaff, describeEachDatabase, tr } from './harness';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let serial = 0;
/** A person no other test (nor the demo) has: a name and a phone number found nowhere else. */
function person() {
  serial += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  return { name: `Trịnh Bí Mật ${n}${serial}`, phone: `09${n}${String(serial % 100).padStart(2, '0')}` };
}

describeEachDatabase('privacy: sealed and erased personal data', (ctx) => {
  let clinic = 0;
  let lanToken = '';
  beforeAll(async () => {
    ({ clinic, lanToken } = await demoWebsitesAndStaff(ctx));
  });

  const db = () => ctx.db as any;
  const rawEntries = async (id: number) => (await db().selectFrom('history_entries').selectAll().where('resource', '=', 'booking').where('recordId', '=', String(id)).orderBy('id').execute()) as any[];
  const historyOf = async (id: number) => {
    const res = await ctx.authed('GET', `/api/History/${clinic}/Bookings/${id}?pageSize=100`);
    expect(res.status).toBe(200);
    return res.body.data as any[];
  };
  const book = async (p: { name: string; phone: string }, more: Record<string, unknown> = {}) => {
    const res = await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: p.name, customerPhone: p.phone, appointmentDate: '2027-03-07', ...more });
    expect(res.status, res.text).toBe(200);
    return res.body.data as any;
  };
  const erase = (id: number, reason = 'asked by the person') => eraseRecord(ctx.app, { def: booking, websiteId: clinic, id }, { reason });

  it('keeps the history, trash and event titles sealed, and opens them for their readers', async () => {
    const p = person();
    const made = await book(p);
    const newer = person();
    const saved = await ctx.authed('PUT', `/api/Bookings/${clinic}/${made.id}`, { ...made, customerPhone: newer.phone });
    expect(saved.status).toBe(200);

    // Raw rows: neither the name nor a phone, nor the client address, in clear.
    const raw = JSON.stringify(await rawEntries(made.id));
    for (const secret of [p.name, p.phone, newer.phone, '127.0.0.1']) expect(raw).not.toContain(secret);

    // The History panel reads them opened, the address for an administrator.
    const entries = await historyOf(made.id);
    const update = entries.find((e) => e.operation === 'update');
    expect(update.changes).toContainEqual({ field: 'customerPhone', language: null, before: p.phone, after: newer.phone });
    expect(entries.find((e) => e.operation === 'create').changes).toContainEqual(expect.objectContaining({ field: 'customerName', after: p.name }));
    expect(update.actor.clientAddress).toBe('127.0.0.1');
    const audit = await ctx.authed('GET', `/api/Audit?resource=booking&pageSize=100`);
    expect(audit.body.data.find((e: any) => e.id === update.id).changes).toContainEqual(expect.objectContaining({ field: 'customerPhone', after: newer.phone }));

    // The client address: to administrators only.
    const banner = await ctx.authed('POST', `/api/Banners?websiteId=${clinic}`, { name: tr('Băng rôn', 'Banner'), type: 2, position: 1, order: 0, isActive: true });
    const lanSees = await ctx.request('GET', `/api/History/${clinic}/Banners/${banner.body.data.id}`, { token: lanToken });
    expect(lanSees.status).toBe(200);
    expect(lanSees.body.data[0].actor.clientAddress).toBeNull();
    expect((await ctx.authed('GET', `/api/History/${clinic}/Banners/${banner.body.data.id}`)).body.data[0].actor.clientAddress).toBe('127.0.0.1');

    // The trash: its title is the name, kept sealed.
    expect((await ctx.authed('DELETE', `/api/Bookings/${clinic}/${made.id}`)).status).toBe(200);
    const trashRow = await db().selectFrom('trash').selectAll().where('resource', '=', 'booking').where('recordId', '=', String(made.id)).executeTakeFirst();
    expect(trashRow.title).not.toContain(p.name);
    const trash = await ctx.authed('GET', `/api/Trash/${clinic}?resource=booking&pageSize=100`);
    expect(trash.body.data.find((r: any) => r.recordId === String(made.id)).title).toBe(p.name);

    // A visitor's booking: its live event's title (the name) sealed, opened in the recent list.
    const visitor = person();
    const intake = await ctx.request('POST', `/public/${clinic}/bookings`, { json: { customerName: visitor.name, customerPhone: visitor.phone, appointmentDate: '2027-03-08', startTime: '08:00', endTime: '09:00' } });
    expect(intake.status, intake.text).toBe(201);
    const event = await db().selectFrom('events').selectAll().where('resource', '=', 'booking').orderBy('id', 'desc').executeTakeFirst();
    expect(event.title).not.toContain(visitor.name);
    const recent = await ctx.authed('GET', '/api/events/recent?limit=50');
    expect(recent.body.data.find((e: any) => e.recordId === event.recordId).title).toBe(visitor.name);
    // Erased, its event reads as the record's id.
    expect(await erase(Number(event.recordId))).toBe('erased');
    expect((await ctx.authed('GET', '/api/events/recent?limit=50')).body.data.find((e: any) => e.recordId === event.recordId).title).toBe(`#${event.recordId}`);
  });

  it('erases a record: ERASED in it and in its past, who and when kept, nothing comes back by a restore', async () => {
    const p = person();
    const street = `${p.phone.slice(-4)} Phố Kín`;
    const made = await book(p, { customerAddress: tr(street, street) });
    const newer = person();
    await ctx.authed('PUT', `/api/Bookings/${clinic}/${made.id}`, { ...made, customerName: newer.name });
    expect(await erase(made.id)).toBe('erased');
    expect(await erase(999_999_999)).toBe('missing');

    const now = (await ctx.authed('GET', `/api/Bookings/${clinic}/${made.id}`)).body.data;
    expect(now.customerName).toBe(ERASED);
    expect(now.customerPhone).toBe(ERASED);
    expect(JSON.stringify(now)).not.toContain(street);
    expect(Object.values(JSON.parse(now.customerAddress))).toEqual([ERASED, ERASED]);
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent(p.phone)}`)).body.totalRows).toBe(0);

    const entries = await historyOf(made.id);
    const erased = entries.find((e) => e.operation === 'erase');
    expect(erased.operation).toBe('erase');
    expect(erased.time).toBeTruthy();
    expect(erased.actor.kind).toBe('system');
    expect(erased.changes).toEqual([{ field: 'reason', language: null, before: null, after: 'asked by the person' }]);
    const text = JSON.stringify(entries);
    for (const secret of [p.name, p.phone, newer.name, street]) expect(text).not.toContain(secret);
    expect(entries.find((e) => e.operation === 'create').changes).toContainEqual({ field: 'customerPhone', language: null, before: null, after: ERASED });

    // A restore of the version before the erase brings no personal value back.
    const created = entries.find((e) => e.operation === 'create');
    const restored = await ctx.authed('POST', `/api/History/restore/${clinic}/${created.id}`, { concurrencyStamp: now.concurrencyStamp });
    expect(restored.status, restored.text).toBe(200);
    const after = (await ctx.authed('GET', `/api/Bookings/${clinic}/${made.id}`)).body.data;
    expect([after.customerName, after.customerPhone]).toEqual([ERASED, ERASED]);

    // Deleted, then out of the trash: still nothing of the person.
    expect((await ctx.authed('DELETE', `/api/Bookings/${clinic}/${made.id}`)).status).toBe(200);
    const trash = await ctx.authed('GET', `/api/Trash/${clinic}?resource=booking&pageSize=100`);
    const row = trash.body.data.find((r: any) => r.recordId === String(made.id));
    expect(row.title).not.toContain(p.name);
    expect((await ctx.authed('POST', `/api/Trash/restore/${clinic}/${row.id}`, {})).status).toBe(200);
    const back = (await ctx.authed('GET', `/api/Bookings/${clinic}/${made.id}`)).body.data;
    expect([back.customerName, back.customerPhone]).toEqual([ERASED, ERASED]);
  });

  it('an erase racing a save of the same record leaves no clear value anywhere', async () => {
    for (let round = 0; round < 6; round++) {
      const p = person();
      const made = await book(p);
      const newer = person();
      const [saved, erased] = await Promise.all([ctx.authed('PUT', `/api/Bookings/${clinic}/${made.id}`, { ...made, customerPhone: newer.phone, customerName: newer.name }), erase(made.id)]);
      expect(erased).toBe('erased');
      expect([200, 409]).toContain(saved.status);
      const now = (await ctx.authed('GET', `/api/Bookings/${clinic}/${made.id}`)).body.data;
      expect([now.customerName, now.customerPhone]).toEqual([ERASED, ERASED]);
      const seen = JSON.stringify([await historyOf(made.id), await rawEntries(made.id), now]);
      for (const secret of [p.name, p.phone, newer.name, newer.phone]) expect(seen).not.toContain(secret);
    }
  });

  it("leaves none of the erased bytes in the database's files (the WAL too)", { timeout: 60_000 }, async () => {
    const p = person();
    const made = await book(p);
    const needles = [Buffer.from(p.phone, 'utf8'), Buffer.from(p.name, 'utf8')];
    const files = await databaseFiles();
    const found = () => files().filter((f) => needles.some((n) => fs.readFileSync(f).includes(n)));
    // Before: the values are in the files (what the check below would find).
    expect(found().length).toBeGreaterThan(0);
    expect(await erase(made.id)).toBe('erased');
    await scrubAfterErase(ctx.app, ['bookings']);
    expect(found()).toEqual([]);
  });

  it('a record purged from the trash is forgotten: its history reads as erased, who and when kept', async () => {
    const p = person();
    const made = await book(p);
    expect((await ctx.authed('DELETE', `/api/Bookings/${clinic}/${made.id}`)).status).toBe(200);
    expect(JSON.stringify(await historyOf(made.id))).toContain(p.phone);
    try {
      ctx.clock.advance(91 * 86_400_000);
      expect(await purgeTrash(ctx.app)).toBeGreaterThan(0);
    } finally {
      ctx.clock.reset();
    }
    const entries = await historyOf(made.id);
    expect(entries.map((e) => e.operation)).toEqual(['delete', 'create']);
    expect(entries.find((e) => e.operation === 'create').changes).toContainEqual({ field: 'customerPhone', language: null, before: null, after: ERASED });
    for (const secret of [p.name, p.phone]) expect(JSON.stringify(entries)).not.toContain(secret);
  });

  it('seals what an earlier version kept in clear (entries, trash titles, events) once, and the history stays append-only', async () => {
    const p = person();
    const made = await book(p);
    // As an earlier version wrote them: the values, the title and the address in clear.
    const time = ctx.clock.now().toISOString();
    const earlier = await db()
      .insertInto('history_entries')
      .values({ time, websiteId: clinic, resource: 'booking', recordId: String(made.id), operation: 'update', actorKind: 'user', actorId: 1, actorName: 'Quản trị', clientAddress: '10.9.8.7', changes: JSON.stringify([{ field: 'customerPhone', language: null, before: null, after: p.phone }]), state: JSON.stringify({ record: { ...made, customerName: p.name, customerPhone: p.phone } }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('trash').values({ entryId: earlier.id, websiteId: clinic, resource: 'booking', recordId: String(made.id), title: p.name, time, actorKind: 'user', actorId: 1, actorName: 'Quản trị', keptFiles: null }).execute();
    const event = await db().insertInto('events').values({ time, kind: 'booking', websiteId: clinic, resource: 'booking', recordId: String(made.id), title: p.name, rule: '["member"]', scoped: true }).returning('id').executeTakeFirstOrThrow();
    // This version's first start on that database.
    await db().deleteFrom('server_secrets').where('name', 'in', ['personalSealBound', 'personalSealedThrough']).execute();
    try {
      expect(await sealEarlierValues(ctx.app)).toBeGreaterThanOrEqual(3);
      const raw = JSON.stringify([
        await rawEntries(made.id),
        await db().selectFrom('trash').selectAll().where('entryId', '=', earlier.id).execute(),
        await db().selectFrom('events').selectAll().where('id', '=', event.id).execute(),
      ]);
      for (const secret of [p.name, p.phone, '10.9.8.7']) expect(raw).not.toContain(secret);
      // Read as before, opened.
      const entry = (await historyOf(made.id)).find((e) => e.id === earlier.id);
      expect(entry.changes).toEqual([{ field: 'customerPhone', language: null, before: null, after: p.phone }]);
      expect(entry.actor.clientAddress).toBe('10.9.8.7');
      // Once: a second start seals nothing; the history refuses an UPDATE as it always did.
      expect(await sealEarlierValues(ctx.app)).toBe(0);
      await expect(db().updateTable('history_entries').set({ actorName: 'khác' }).where('id', '=', earlier.id).execute()).rejects.toThrow(/append-only/);
      // Erased, the earlier entry reads as erased too.
      expect(await erase(made.id)).toBe('erased');
      expect(JSON.stringify(await historyOf(made.id))).not.toContain(p.phone);
    } finally {
      await db().deleteFrom('trash').where('entryId', '=', earlier.id).execute();
    }
  });

  it("forgets the client addresses of past months: their month's key destroyed", async () => {
    const made = await book(person());
    const month = ctx.clock.now().toISOString().slice(0, 7);
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 7);
    expect((await historyOf(made.id))[0].actor.clientAddress).toBe('127.0.0.1');
    expect(await forgetAddressesBefore(ctx.db, month)).toBe(0);
    expect((await historyOf(made.id))[0].actor.clientAddress).toBe('127.0.0.1');
    expect(await forgetAddressesBefore(ctx.db, next)).toBeGreaterThanOrEqual(1);
    expect((await historyOf(made.id))[0].actor.clientAddress).toBeNull();
    await expect(forgetAddressesBefore(ctx.db, '2026-13')).rejects.toThrow();
    // A new entry this month: a new key, its address read again.
    await ctx.authed('PUT', `/api/Bookings/${clinic}/${made.id}`, { ...made, customerPhone: person().phone });
    expect((await historyOf(made.id))[0].actor.clientAddress).toBe('127.0.0.1');
  });

  /**
   * The files the database keeps its data in: SQLite's file, WAL and shared memory in DATA_DIR; PostgreSQL's files
   * of this database (base/<oid>: its tables, TOAST and indexes; listed again each time: a VACUUM FULL gives a table
   * new files) and the server's WAL segments (shared by every database; deleted once unneeded: wal_recycle=off).
   */
  async function databaseFiles(): Promise<() => string[]> {
    if (ctx.dialect === 'sqlite') return () => fs.readdirSync(ctx.dataDir).filter((f) => f.startsWith('sitedesk.db')).map((f) => path.join(ctx.dataDir, f));
    await sql`checkpoint`.execute(ctx.db);
    const dataDirectory = ((await sql`show data_directory`.execute(ctx.db)).rows[0] as any).data_directory as string;
    const oid = ((await sql`select oid from pg_database where datname = current_database()`.execute(ctx.db)).rows[0] as any).oid as number;
    const dir = path.join(dataDirectory, 'base', String(oid));
    const wal = path.join(dataDirectory, 'pg_wal');
    return () => [...fs.readdirSync(dir).map((f) => path.join(dir, f)), ...fs.readdirSync(wal).filter((f) => /^[0-9A-F]{24}$/.test(f)).map((f) => path.join(wal, f))];
  }

  it('kill -9 in the middle of erasing leaves each record erased or untouched', { timeout: 90_000 }, async () => {
    const people = Array.from({ length: 40 }, () => person());
    const ids: number[] = [];
    for (const p of people) ids.push((await book(p)).id);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/server/privacy-erase-child.ts', String(clinic), ...ids.map(String)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: ctx.dataDir, DATABASE_URL: ctx.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d) => {
        out += d;
        // A few erased, the next in flight: killed at a random moment.
        if ((out.match(/erased/g) ?? []).length >= 3) setTimeout(() => child.kill('SIGKILL'), Math.random() * 5);
      });
      child.stderr!.on('data', (d) => (out += d));
      child.on('exit', () => resolve());
      child.on('error', reject);
    });
    expect(out).toContain('erased');
    let erased = 0;
    let untouched = 0;
    for (const [i, id] of ids.entries()) {
      const row = await db().selectFrom('bookings').select(['customerName', 'customerPhone', 'searchText']).where('id', '=', id).executeTakeFirstOrThrow();
      const key = await db().selectFrom('personal_keys').select('recordId').where('resource', '=', 'booking').where('recordId', '=', String(id)).executeTakeFirst();
      const entries = (await rawEntries(id)).map((e) => e.operation);
      if (row.customerPhone === ERASED) {
        expect([row.customerName, key, entries.filter((o) => o === 'erase').length]).toEqual([ERASED, undefined, 1]);
        expect(row.searchText ?? '').not.toContain(people[i].phone);
        erased++;
      } else {
        expect([row.customerName, row.customerPhone, !!key, entries.includes('erase')]).toEqual([people[i].name, people[i].phone, true, false]);
        untouched++;
      }
    }
    expect(erased).toBeGreaterThanOrEqual(3);
    expect(untouched).toBeGreaterThan(0);
    expect(erased + untouched).toBe(ids.length);
  });
});

const l = (vi: string, en: string) => ({ vi, en });

/** An application with a CV file (as recruitment gets one, issue 40 "register"): its file's bytes go with the erase. */
const applicant = defineResource({
  name: 'demoApplicant',
  label: l('Ứng viên', 'Applicant'),
  table: 'demo_applicants',
  scope: 'website',
  api: {
    list: { path: 'DemoApplicants/{website}', paged: true },
    get: 'DemoApplicants/{website}/{id}',
    create: 'DemoApplicants?websiteId={website}',
    update: 'DemoApplicants/{website}/{id}',
    remove: 'DemoApplicants/{website}/{id}',
  },
  fields: [
    { personal: 'identity', name: 'fullName', type: 'text', required: true, list: true, search: true, label: l('Họ tên', 'Full name') },
    { personal: 'identity', name: 'birthday', type: 'date', label: l('Ngày sinh', 'Birthday') },
    { personal: 'file', name: 'cv', type: 'file', label: l('CV', 'CV') },
  ],
  concurrency: true,
});

describeEachDatabase(
  'privacy: an erased record takes its personal files with it',
  (ctx) => {
    it('deletes the bytes of its files, in place and in the trash', async () => {
      const { clinic } = await demoWebsitesAndStaff(ctx);
      const token = (await ctx.signIn()).access_token;
      /** Where the store keeps a file's bytes, wherever they are in DATA_DIR (in place, or kept for the trash). */
      const copies = (storedName: string) => (fs.readdirSync(ctx.dataDir, { recursive: true }) as string[]).filter((f) => path.basename(f) === storedName);
      const storedOf = (url: string) => /\/files\/([^/]+)/.exec(url)![1];

      const cv = await uploadFile(ctx, token, 'cv.pdf', pdfBytes(2000));
      const made = await ctx.authed('POST', `/api/DemoApplicants?websiteId=${clinic}`, { fullName: 'Ứng Viên Kín', birthday: '1990-01-02', cv: cv.url });
      expect(made.status, made.text).toBe(200);
      expect((await fetchBytes(ctx, cv.url)).status).toBe(200);
      // A second one whose file was deleted in the file manager: its bytes wait in the trash's keeping.
      const kept = await uploadFile(ctx, token, 'cv2.pdf', pdfBytes(2000));
      const other = await ctx.authed('POST', `/api/DemoApplicants?websiteId=${clinic}`, { fullName: 'Ứng Viên Khác', cv: kept.url });
      expect((await ctx.authed('DELETE', `/api/Files/${kept.id}`)).status).toBe(200);
      expect(copies(storedOf(kept.url)).length).toBe(1);

      for (const id of [made.body.data.id, other.body.data.id]) expect(await eraseRecord(ctx.app, { def: applicant, websiteId: clinic, id }, { reason: 'asked' })).toBe('erased');
      const now = (await ctx.authed('GET', `/api/DemoApplicants/${clinic}/${made.body.data.id}`)).body.data;
      expect([now.fullName, now.birthday, now.cv]).toEqual([ERASED, null, null]);
      expect((await fetchBytes(ctx, cv.url)).status).toBe(404);
      expect(copies(storedOf(cv.url))).toEqual([]);
      expect(copies(storedOf(kept.url))).toEqual([]);
    });
  },
  { app: { resources: { defs: { demoApplicant: applicant } } } },
);
