// Issue 40, "register": an application's CV through the public intake (multipart, PDF/DOC/DOCX only, capped, stored in
// the file manager's CV folder with the application, or nothing at all), and who read a person's data (a `view` entry
// per user, record and hour, held by the database; an `export` entry per list exported; views shown to
// administrators only).
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { CLIENT, describeEachDatabase, demoWebsites, demoWebsitesAndStaff, EN, type ServerTestContext } from './harness';
import { pdfBytes, pngBytes } from './file-bytes';

/** The bytes the file store keeps on disk (DATA_DIR/files, without its temporary and kept folders). */
function storedFiles(dataDir: string): string[] {
  const dir = path.join(dataDir, 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => !n.startsWith('.')) : [];
}

function form(fields: Record<string, string | string[]>, cv?: { bytes: Buffer; name: string; type?: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
  if (cv) data.append('cv', new Blob([cv.bytes], { type: cv.type ?? 'application/octet-stream' }), cv.name);
  return data;
}

describeEachDatabase(
  'privacy register: the CV',
  (ctx) => {
    let clinic: number;
    const post = (data: FormData) => ctx.request('POST', `/public/${clinic}/applications`, { body: data, ...EN });
    const applicationsNamed = async (name: string) => (await ctx.authed('GET', `/api/Recruitments/${clinic}?keyword=${encodeURIComponent(name)}`)).body.data as any[];

    it('an application posted with a PDF keeps its URL in `cv`; the file is in the CV folder and served', async () => {
      ({ clinic } = await demoWebsites(ctx));
      const bytes = pdfBytes(4000);
      const sent = await post(form({ fullName: 'Ứng Viên CV', phoneNumber: '0912000111', email: 'cv@example.com' }, { bytes, name: 'Ứng Viên CV - hồ sơ.pdf', type: 'application/pdf' }));
      expect(sent.status, sent.text).toBe(201);
      const [record] = await applicationsNamed('Ứng Viên CV');
      expect(record.cv).toMatch(/^\/files\/[0-9a-f-]{36}\//);
      const file = await ctx.db.selectFrom('files').selectAll().where('url', '=', record.cv).executeTakeFirstOrThrow();
      const folder = await ctx.db.selectFrom('folders').selectAll().where('id', '=', file.folderId!).executeTakeFirstOrThrow();
      expect(folder).toMatchObject({ name: 'CV', parentId: null });
      // Named by the folder and the store, never by the visitor's own file name (it names them: personal data).
      expect(file.name).toMatch(/^CV-[0-9a-f]{8}\.pdf$/);
      expect(record.cv).not.toMatch(/Viên|hồ sơ|Vi%C3%AAn/i);
      const served = await fetch(ctx.baseUrl + record.cv);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
      // Staff read it in the detail, as any field of the form.
      const detail = (await ctx.authed('GET', `/api/Recruitments/${clinic}/${record.id}`)).body.data;
      expect(detail.cv).toBe(record.cv);
    });

    it('a file that is no PDF, DOC or DOCX (by name or by content) is a 400 with a message, and nothing is stored', async () => {
      const before = { files: storedFiles(ctx.dataDir).length, rows: (await ctx.db.selectFrom('files').select('id').execute()).length };
      const renamed = await post(form({ fullName: 'Ứng Viên Sai', phoneNumber: '0912000222' }, { bytes: pngBytes(500), name: 'cv.pdf' }));
      expect(renamed.status).toBe(400);
      expect(renamed.body.message).toMatch(/PDF, DOC or DOCX/);
      const exe = await post(form({ fullName: 'Ứng Viên Sai', phoneNumber: '0912000222' }, { bytes: Buffer.from('MZ\x90\x00rest'), name: 'cv.exe' }));
      expect(exe.status).toBe(400);
      expect(exe.body.message).toMatch(/PDF, DOC or DOCX/);
      // A good file with a refused application: neither is kept.
      const noName = await post(form({ fullName: '', phoneNumber: '0912000222' }, { bytes: pdfBytes(), name: 'cv.pdf' }));
      expect(noName.status).toBe(400);
      expect(noName.body.errors.map((e: any) => e.field)).toContain('fullName');
      expect(await applicationsNamed('Ứng Viên Sai')).toEqual([]);
      expect(storedFiles(ctx.dataDir).length).toBe(before.files);
      expect((await ctx.db.selectFrom('files').select('id').execute()).length).toBe(before.rows);
    });

    it('a CV above the cap is refused (413) and not kept; the JSON post works as before, without a CV', async () => {
      const before = storedFiles(ctx.dataDir).length;
      const big = await post(form({ fullName: 'Ứng Viên Lớn', phoneNumber: '0912000333' }, { bytes: pdfBytes(5 * 1024 * 1024 + 10), name: 'big.pdf' }));
      expect(big.status).toBe(413);
      expect(big.body.message).toBeTruthy();
      expect(storedFiles(ctx.dataDir).length).toBe(before);
      const json = await ctx.request('POST', `/public/${clinic}/applications`, { json: { fullName: 'Ứng Viên JSON', phoneNumber: '0912000444', cv: '/files/x/y.pdf' } });
      expect(json.status, json.text).toBe(201);
      // A visitor names no file of the store by its URL: only an uploaded one fills `cv`.
      expect((await applicationsNamed('Ứng Viên JSON'))[0].cv ?? null).toBeNull();
      // A multipart post without a file, its jobs as repeated fields: as the JSON one.
      const plain = await post(form({ fullName: 'Ứng Viên Form', phoneNumber: '0912000555' }));
      expect(plain.status, plain.text).toBe(201);
    });
  },
  { app: { intake: { max: 10_000, timeWindow: 60_000 } } },
);


/** A history entry of a person's data read, as the database holds it. */
async function readEntries(ctx: ServerTestContext, resource: string, recordId: string | number, operation: 'view' | 'export') {
  return (await ctx.db.selectFrom('history_entries').selectAll().where('resource', '=', resource).where('recordId', '=', String(recordId)).where('operation', '=', operation).orderBy('id').execute()) as any[];
}

describeEachDatabase('privacy register: who read it', (ctx) => {
  let clinic: number;
  let lanToken: string;
  const booking = async (name: string) => {
    const made = await ctx.authed('POST', `/api/Bookings/${clinic}`, { customerName: name, customerPhone: '0912345000', customerEmail: 'who@example.com', appointmentDate: '2027-03-01' });
    expect(made.status, made.text).toBe(200);
    return made.body.data.id as number;
  };

  it('opening a booking writes one `view` per user, record and hour; lists write nothing', async () => {
    ({ clinic, lanToken } = await demoWebsitesAndStaff(ctx));
    const id = await booking('Người Được Xem');
    expect(await readEntries(ctx, 'booking', id, 'view')).toEqual([]);
    for (let i = 0; i < 3; i++) expect((await ctx.authed('GET', `/api/Bookings/${clinic}/${id}`)).status).toBe(200);
    const once = await readEntries(ctx, 'booking', id, 'view');
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ actorKind: 'user', actorName: expect.any(String), websiteId: clinic, state: null });
    // Reading the list (and the record's history) is no view.
    expect((await ctx.authed('GET', `/api/Bookings/${clinic}?page=1&pageSize=20`)).status).toBe(200);
    expect(await readEntries(ctx, 'booking', id, 'view')).toHaveLength(1);
    // An hour later: one more.
    ctx.clock.advance(61 * 60_000);
    await ctx.authed('GET', `/api/Bookings/${clinic}/${id}`);
    await ctx.authed('GET', `/api/Bookings/${clinic}/${id}`);
    expect(await readEntries(ctx, 'booking', id, 'view')).toHaveLength(2);
    // A record without personal fields (a job) is no view.
    const job = (await ctx.authed('GET', `/api/Jobs/${clinic}?page=1&pageSize=1`)).body.data?.[0];
    if (job) {
      await ctx.authed('GET', `/api/Jobs/${clinic}/${job.id}`);
      expect(await readEntries(ctx, 'job', job.id, 'view')).toEqual([]);
    }
  });

  it('concurrent opens by one user in one hour leave one `view` (the database decides)', async () => {
    const id = await booking('Người Xem Cùng Lúc');
    const token = (await ctx.signIn()).access_token;
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.request('GET', `/api/Bookings/${clinic}/${id}`, { token })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await readEntries(ctx, 'booking', id, 'view')).toHaveLength(1);
    // Another user's view is their own.
    const lan = await ctx.request('GET', `/api/Bookings/${clinic}/${id}`, { token: lanToken });
    expect(lan.status).toBe(200);
    expect((await readEntries(ctx, 'booking', id, 'view')).map((e) => e.actorName)).toHaveLength(2);
  });

  it('the History panel shows views to administrators only', async () => {
    const id = await booking('Người Có Lịch Sử');
    const lanRead = await ctx.request('GET', `/api/Bookings/${clinic}/${id}`, { token: lanToken });
    expect(lanRead.status, lanRead.text).toBe(200);
    await ctx.authed('GET', `/api/Bookings/${clinic}/${id}`);
    const asAdmin = (await ctx.authed('GET', `/api/History/${clinic}/Bookings/${id}`)).body.data as any[];
    expect(asAdmin.filter((e) => e.operation === 'view')).toHaveLength(2);
    expect(asAdmin.some((e) => e.operation === 'create')).toBe(true);
    const asStaff = await ctx.request('GET', `/api/History/${clinic}/Bookings/${id}`, { token: lanToken });
    expect(asStaff.status, asStaff.text).toBe(200);
    expect((asStaff.body.data as any[]).map((e) => e.operation)).not.toContain('view');
    expect((asStaff.body.data as any[]).some((e) => e.operation === 'create')).toBe(true);
    expect(asStaff.body.totalRows).toBe((asStaff.body.data as any[]).length);
    // The audit (administrators) lists them.
    const audit = (await ctx.authed('GET', `/api/Audit?resource=booking&operation=view`)).body.data as any[];
    expect(audit.filter((e) => e.recordId === String(id))).toHaveLength(2);
  });

  it('exporting a list with personal columns writes one `export` entry with the row count; a plain read or a list without them none', async () => {
    const before = (await readEntries(ctx, 'booking', '*', 'export')).length;
    await ctx.authed('GET', `/api/Bookings/${clinic}?page=1&pageSize=20`);
    expect(await readEntries(ctx, 'booking', '*', 'export')).toHaveLength(before);
    const exported = await ctx.authed('GET', `/api/Bookings/${clinic}?page=1&pageSize=1000&export=true`);
    expect(exported.status).toBe(200);
    // Twice the same export: two entries (a list kept in memory is no excuse).
    await ctx.authed('GET', `/api/Bookings/${clinic}?page=1&pageSize=1000&export=true`);
    const entries = await readEntries(ctx, 'booking', '*', 'export');
    expect(entries).toHaveLength(before + 2);
    expect(JSON.parse(entries.at(-1).changes)).toEqual([{ field: 'rows', language: null, before: null, after: exported.body.data.length }]);
    expect(entries.at(-1)).toMatchObject({ websiteId: clinic, actorKind: 'user' });
    await ctx.authed('GET', `/api/Jobs/${clinic}?page=1&pageSize=1000&export=true`);
    expect(await readEntries(ctx, 'job', '*', 'export')).toEqual([]);
  });
});

// The request logger at `trace` (everything the app logs), its lines kept here. The probe logs what a careless route
// might: the whole request's headers and body, and an error quoting a value.
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const PERSON = { name: 'Bà Nhật Ký Riêng', phone: '0987 654 321', digits: '0987654321', email: 'nhat.ky.rieng@example.com', address: '12 Phố Bí Mật' };

describeEachDatabase(
  'privacy register: request logs',
  (ctx) => {
    it('hold no personal value, password, token, cookie or client address, at `trace`', async () => {
      const { clinic } = await demoWebsites(ctx);
      logLines.length = 0;
      const booked = await ctx.request('POST', `/public/${clinic}/bookings`, {
        json: { customerName: PERSON.name, customerPhone: PERSON.phone, customerEmail: PERSON.email, customerAddress: PERSON.address, appointmentDate: '2027-04-02' },
      });
      expect(booked.status, booked.text).toBe(201);
      const applied = await ctx.request('POST', `/public/${clinic}/applications`, { body: form({ fullName: PERSON.name, phoneNumber: PERSON.digits, email: PERSON.email }, { bytes: pdfBytes(), name: 'cv.pdf', type: 'application/pdf' }) });
      expect(applied.status, applied.text).toBe(201);
      const refused = await ctx.request('POST', `/public/${clinic}/feedback`, { json: { fullName: PERSON.name, phoneNumber: PERSON.digits, email: 'not an email' } });
      expect(refused.status).toBe(400);
      // Sign-ins: a good one, a wrong password, a refresh.
      const tokens = await ctx.signIn();
      const wrong = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'password', username: 'admin', password: 'Wr0ng#Secret!', ...CLIENT } });
      expect(wrong.status).toBe(400);
      const refreshed = await ctx.request('POST', '/auth/connect/token', { form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...CLIENT } });
      expect(refreshed.status, refreshed.text).toBe(200);
      // A search for the person (the query string is logged) and the probe.
      await ctx.request('GET', `/api/Bookings/${clinic}?keyword=${encodeURIComponent(PERSON.name)}&customerPhone=${PERSON.digits}&access_token=${tokens.access_token}`, { token: tokens.access_token });
      const probed = await ctx.request('POST', '/probe/echo', {
        json: { booking: { customerPhone: PERSON.phone, nested: [{ email: PERSON.email, password: 'Admin@123' }] }, note: `call ${PERSON.digits}` },
        headers: { authorization: `Bearer ${tokens.access_token}`, cookie: 'sitedesk_session=COOKIE-SECRET-VALUE', 'x-api-key': 'KEY-SECRET-VALUE' },
      });
      expect(probed.status).toBe(500);

      const log = logLines.join('\n');
      // The log was written: requests, answers, the probe's lines and its error.
      // One line per request (server/http/request-log.ts), by the route's template: the address's ids and query never.
      expect(log).toContain('"msg":"request"');
      expect(log).toContain('"route":"/public/:website/bookings"');
      expect(log).toContain('probe echo');
      expect(log).toContain('[redacted]');
      for (const secret of [
        PERSON.name,
        PERSON.phone,
        PERSON.digits,
        PERSON.email,
        PERSON.address,
        'Admin@123',
        'Wr0ng#Secret!',
        tokens.access_token,
        tokens.refresh_token,
        refreshed.body.access_token,
        CLIENT.client_secret,
        'COOKIE-SECRET-VALUE',
        'KEY-SECRET-VALUE',
      ]) {
        if (log.includes(secret)) console.log(logLines.filter((l) => l.includes(secret)).slice(0, 3).join('\n'));
        expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
      }
      // The client's address neither (the server's own host is not the client's).
      expect(log).not.toMatch(/"remoteAddress":"\d|"remotePort":\d/);
    });
  },
  {
    app: {
      intake: { max: 10_000, timeWindow: 60_000 },
      logger: { level: 'trace', stream: logStream },
      extraModules: [
        {
          name: 'probe',
          prefix: '/probe',
          auth: 'public',
          plugin: async (app) => {
            app.post('/echo', async (request) => {
              request.log.info({ headers: request.headers, body: request.body }, 'probe echo');
              const body = request.body as { note: string };
              request.log.warn(`probe echo note: ${body.note}`);
              // A driver's error quoting the row it refused, as PostgreSQL's `detail` does.
              throw Object.assign(new Error(`duplicate key: ${PERSON.email}`), { detail: `Key (customerPhone)=(${PERSON.digits}) already exists.` });
            });
          },
        },
      ],
    },
  },
);
