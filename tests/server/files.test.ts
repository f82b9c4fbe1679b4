// The file manager's folders and files: listing, create, rename, move, copy, delete, stamps.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './harness';
import { fetchBytes, sha256, uploadFile } from './files-helpers';
import { pdfBytes, pngBytes } from './file-bytes';
import type { FolderJson as Folder } from '../../server/files/catalog';

describeEachDatabase('files: folders and files', (ctx) => {
  let token: string;
  const createFolder = async (name: string, parentId: number | null = 0, more: Record<string, unknown> = {}) => {
    const res = await ctx.authed('POST', '/api/Folders', { name, parentId, ...more });
    expect(res.status, res.text).toBe(200);
    return res.body.data as Folder;
  };
  const listing = async (id: number) => {
    const res = await ctx.authed('GET', `/api/folders/current-directory/${id}?page=1&pageSize=10000`);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const blobExists = (url: string) => existsSync(path.join(ctx.dataDir, 'files', url.split('/')[2]));

  beforeAll(async () => {
    token = (await ctx.signIn()).access_token;
  });

  it('creates folders and lists a directory with folders, files.data and the breadcrumb', async () => {
    const clinic = await createFolder('Phòng khám', 0, { order: 2, description: 'Ảnh phòng khám' });
    expect(clinic).toMatchObject({ name: 'Phòng khám', parentId: null, order: 2, description: 'Ảnh phòng khám' });
    expect(clinic.concurrencyStamp).toBeTruthy();
    const rooms = await createFolder('Phòng chờ', clinic.id);
    const photo = await uploadFile(ctx, token, 'sảnh.png', pngBytes(3000), clinic.id);

    const root = await listing(0);
    expect(root.code).toBe(1);
    expect(root.folders.map((f: Folder) => f.name)).toContain('Phòng khám');
    expect(root.data.folders).toEqual(root.folders);
    expect(root.breadcrumb).toEqual([{ id: 0, name: '' }]);

    const inside = await listing(clinic.id);
    expect(inside.folders).toEqual([expect.objectContaining({ id: rooms.id, name: 'Phòng chờ', parentId: clinic.id })]);
    expect(inside.files).toEqual({ data: [expect.objectContaining({ id: photo.id, name: 'sảnh.png', folderId: clinic.id, size: 3000 })], totalRows: 1 });
    expect(inside.files.data[0]).toMatchObject({ url: photo.url, contentType: 'image/png', concurrencyStamp: expect.any(String), createTime: expect.any(String) });
    expect((await listing(rooms.id)).breadcrumb).toEqual([
      { id: 0, name: '' },
      { id: clinic.id, name: 'Phòng khám' },
      { id: rooms.id, name: 'Phòng chờ' },
    ]);
    expect((await ctx.authed('GET', '/api/FOLDERS/Current-Directory/999999')).status).toBe(404);
  });

  it('pages the files of a directory', async () => {
    const folder = await createFolder('Paging');
    for (const n of [1, 2, 3]) await uploadFile(ctx, token, `p${n}.pdf`, pdfBytes(100), folder.id);
    const page2 = await ctx.authed('GET', `/api/folders/current-directory/${folder.id}?page=2&pageSize=2`);
    expect(page2.body.files).toEqual({ data: [expect.objectContaining({ name: 'p3.pdf' })], totalRows: 3 });
  });

  it('numbers duplicate names in one folder and refuses an empty name', async () => {
    const a = await createFolder('Hồ sơ');
    const b = await createFolder('hồ sơ');
    expect(b.name).toBe('hồ sơ (1)');
    expect((await createFolder('Hồ sơ', a.id)).name).toBe('Hồ sơ'); // another folder: no clash
    const empty = await ctx.authed('POST', '/api/Folders', { name: ' / ', parentId: 0 });
    expect(empty.status).toBe(400);
    expect(empty.body.Message).toBeTruthy();
  });

  it('renames and moves a folder with its stamp; a stale stamp is 409 and changes nothing', async () => {
    const parent = await createFolder('Cha');
    const child = await createFolder('Con', parent.id);
    const other = await createFolder('Khác');
    const moved = await ctx.authed('PUT', `/api/Folders/${child.id}`, {
      name: 'Con đã đổi',
      order: 5,
      parentId: other.id,
      description: 'mô tả',
      concurrencyStamp: child.concurrencyStamp,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Con đã đổi', order: 5, parentId: other.id, description: 'mô tả' });
    expect(moved.body.data.concurrencyStamp).not.toBe(child.concurrencyStamp);

    const stale = await ctx.authed('PUT', `/api/Folders/${child.id}`, { name: 'X', concurrencyStamp: child.concurrencyStamp });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 409, Message: expect.any(String) });
    expect((await listing(other.id)).folders[0].name).toBe('Con đã đổi');

    const missingStamp = await ctx.authed('PUT', `/api/Folders/${child.id}`, { name: 'X' });
    expect(missingStamp.status).toBe(400);
  });

  it('refuses to move a folder into itself or below itself', async () => {
    const top = await createFolder('Gốc');
    const mid = await createFolder('Giữa', top.id);
    const low = await createFolder('Dưới', mid.id);
    for (const target of [top.id, low.id]) {
      const res = await ctx.authed('PUT', `/api/Folders/${top.id}`, { name: 'Gốc', parentId: target, concurrencyStamp: top.concurrencyStamp });
      expect(res.status).toBe(400);
      expect(res.body.Message).toMatch(/thư mục con|chính nó/);
    }
    expect((await ctx.authed('POST', `/api/Folders/copy/${top.id}`, { parentId: low.id })).status).toBe(400);
  });

  it('refuses to delete a non-empty folder unless recursive, which removes the subtree and its files', async () => {
    const top = await createFolder('Xóa');
    const sub = await createFolder('Con', top.id);
    const file = await uploadFile(ctx, token, 'a.png', pngBytes(500), sub.id);
    const refused = await ctx.authed('DELETE', `/api/Folders/${top.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toMatch(/không trống/);
    const english = await ctx.authed('DELETE', `/api/Folders/${top.id}`, undefined, { headers: { 'accept-language': 'en-US' } });
    expect(english.body.Message).toMatch(/not empty/);
    expect((await listing(sub.id)).files.totalRows).toBe(1);

    const removed = await ctx.authed('DELETE', `/api/Folders/${top.id}?recursive=true`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ code: 1, data: { id: top.id, deletedFolders: 2, deletedFiles: 1 } });
    expect((await ctx.authed('GET', `/api/folders/current-directory/${sub.id}`)).status).toBe(404);
    expect(blobExists(file.url)).toBe(false);
    expect((await fetchBytes(ctx, file.url)).status).toBe(404);

    const emptyOne = await createFolder('Trống');
    expect((await ctx.authed('DELETE', `/api/Folders/${emptyOne.id}`)).status).toBe(200);
    expect((await ctx.authed('DELETE', `/api/Folders/${emptyOne.id}`)).status).toBe(404);
  });

  it('renames and moves a file; stale stamps, clashes and extension changes are handled', async () => {
    const from = await createFolder('Nguồn');
    const to = await createFolder('Đích');
    const bytes = pngBytes(1200);
    const file = await uploadFile(ctx, token, 'logo.png', bytes, from.id);
    await uploadFile(ctx, token, 'biểu tượng.png', pngBytes(100), to.id);

    const moved = await ctx.authed('PUT', `/api/Files/${file.id}`, { name: 'Biểu tượng.png', folderId: to.id, concurrencyStamp: file.concurrencyStamp });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Biểu tượng (1).png', folderId: to.id, url: file.url });
    expect(moved.body.data.concurrencyStamp).not.toBe(file.concurrencyStamp);

    const stale = await ctx.authed('PUT', `/api/Files/${file.id}`, { name: 'x.png', concurrencyStamp: file.concurrencyStamp });
    expect(stale.status).toBe(409);
    const ext = await ctx.authed('PUT', `/api/Files/${file.id}`, { name: 'logo.exe', concurrencyStamp: moved.body.data.concurrencyStamp });
    expect(ext.status).toBe(400);
    const bare = await ctx.authed('PUT', `/api/Files/${file.id}`, { name: 'logo mới', concurrencyStamp: moved.body.data.concurrencyStamp });
    expect(bare.body.data.name).toBe('logo mới.png');
    const toRoot = await ctx.authed('PUT', `/api/Files/${file.id}`, { folderId: 0, concurrencyStamp: bare.body.data.concurrencyStamp });
    expect(toRoot.body.data.folderId).toBeNull();

    // The URL never changed, so pages that show the picture keep working.
    expect(sha256((await fetchBytes(ctx, file.url)).bytes)).toBe(sha256(bytes));
    expect((await ctx.authed('PUT', '/api/Files/999999', { name: 'a.png', concurrencyStamp: 'x' })).status).toBe(404);
  });

  it('copies a file and a folder tree with their bytes', async () => {
    const source = await createFolder('Album');
    const inner = await createFolder('2024', source.id);
    const target = await createFolder('Sao lưu');
    const png = pngBytes(2500);
    const pdf = pdfBytes(1800);
    const a = await uploadFile(ctx, token, 'ảnh.png', png, source.id);
    await uploadFile(ctx, token, 'báo cáo.pdf', pdf, inner.id);

    const copy = await ctx.authed('POST', `/api/Files/copy/${a.id}`, { folderId: source.id });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ name: 'ảnh (1).png', folderId: source.id, size: png.length });
    expect(copy.body.data.url).not.toBe(a.url);
    expect(sha256((await fetchBytes(ctx, copy.body.data.url)).bytes)).toBe(sha256(png));

    const deep = await ctx.authed('POST', `/api/Folders/copy/${source.id}`, { parentId: target.id });
    expect(deep.status).toBe(200);
    expect(deep.body.data).toMatchObject({ name: 'Album', parentId: target.id });
    const copied = await listing(deep.body.data.id);
    expect(copied.files.data.map((f: { name: string }) => f.name).sort()).toEqual(['ảnh (1).png', 'ảnh.png'].sort());
    expect(copied.folders.map((f: Folder) => f.name)).toEqual(['2024']);
    const copiedInner = await listing(copied.folders[0].id);
    const report = copiedInner.files.data[0];
    expect(report.name).toBe('báo cáo.pdf');
    expect(sha256((await fetchBytes(ctx, report.url)).bytes)).toBe(sha256(pdf));

    // Copies are independent: deleting the original tree leaves the copy whole.
    expect((await ctx.authed('DELETE', `/api/Folders/${source.id}?recursive=true`)).status).toBe(200);
    expect((await fetchBytes(ctx, report.url)).status).toBe(200);
    const again = await ctx.authed('POST', `/api/Folders/copy/${deep.body.data.id}`, { parentId: target.id });
    expect(again.body.data.name).toBe('Album (1)');
  });

  it('deletes a file: record, bytes and URL', async () => {
    const file = await uploadFile(ctx, token, 'bỏ.pdf', pdfBytes(900));
    const res = await ctx.authed('DELETE', `/api/Files/${file.id}`);
    expect(res.body).toMatchObject({ code: 1, data: { id: file.id } });
    expect(blobExists(file.url)).toBe(false);
    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(404);
  });
  it('Files/by-url finds the file a field holds, so the picker can open in its folder', async () => {
    const folder = await createFolder(`Ảnh dịch vụ ${Date.now()}`);
    const sub = await createFolder('Tim mạch', folder.id);
    const file = await uploadFile(ctx, token, 'tim mạch.png', pngBytes(400), sub.id);
    const byUrl = (url: string) => ctx.authed('GET', `/api/Files/by-url?url=${encodeURIComponent(url)}`);
    const found = await byUrl(file.url);
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ code: 1, data: { id: file.id, folderId: sub.id, url: file.url, name: 'tim mạch.png' } });
    // The same file written with the host, a query or a fragment, as a field may hold it.
    expect((await byUrl(`https://clinic.example${file.url}?v=2#top`)).body.data.id).toBe(file.id);
    // A file at the root answers its folder as null.
    const atRoot = await uploadFile(ctx, token, 'goc.png', pngBytes(300));
    expect((await byUrl(atRoot.url)).body.data.folderId).toBeNull();
    // Not one of ours, or gone: 404 with the usual body; no URL: 400 naming the field.
    for (const url of ['/files/not-a-stored-name/x.png', 'https://elsewhere.example/logo.png', '/api/Files/usages']) {
      const res = await byUrl(url);
      expect(res.status, url).toBe(404);
      expect(res.body).toMatchObject({ code: 404, Message: expect.any(String), message: expect.any(String) });
    }
    expect((await ctx.authed('DELETE', `/api/Files/${file.id}`)).status).toBe(200);
    expect((await byUrl(file.url)).status).toBe(404);
    const missing = await ctx.authed('GET', '/api/Files/by-url');
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('url');
    // Signed-in staff only, as every file manager call.
    expect((await ctx.request('GET', `/api/Files/by-url?url=${encodeURIComponent(atRoot.url)}`)).status).toBe(401);
  });
});
