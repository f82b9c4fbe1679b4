// Issue 40, "register": an application's CV through the public intake (multipart, PDF/DOC/DOCX only, capped, stored in
// the file manager's CV folder with the application, or nothing at all), and who read a person's data (a `view` entry
// per user, record and hour, held by the database; an `export` entry per list exported; views shown to
// administrators only).
/* eslint-disable @typescript-eslint/no-explicit-any -- answers are loosely typed JSON on purpose */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDatabase, demoWebsites, EN } from './harness';
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
      const sent = await post(form({ fullName: 'Ứng Viên CV', phoneNumber: '0912000111', email: 'cv@example.com' }, { bytes, name: 'Ho so.pdf', type: 'application/pdf' }));
      expect(sent.status, sent.text).toBe(201);
      const [record] = await applicationsNamed('Ứng Viên CV');
      expect(record.cv).toMatch(/^\/files\/[0-9a-f-]{36}\//);
      const file = await ctx.db.selectFrom('files').selectAll().where('url', '=', record.cv).executeTakeFirstOrThrow();
      const folder = await ctx.db.selectFrom('folders').selectAll().where('id', '=', file.folderId!).executeTakeFirstOrThrow();
      expect(folder).toMatchObject({ name: 'CV', parentId: null });
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

