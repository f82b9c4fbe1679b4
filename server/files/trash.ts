// Deleted folders and files in the trash (server/history/trash.ts). A deleted file's bytes wait in the store's
// `keptDir` (no longer served) until the trash's purge removes them (`removeKeptFiles`) or a restore puts them back
// with the records under their old ids, in their folder (`restoreDeleted`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/dialect';
import { httpError } from '../errors';
import { M } from '../messages';
import { fileJson, folderJson, imageColumnsOfJson, type FileJson } from './catalog';
import { filesEngine } from './engine';
import { forgetDerivatives } from './images/derivatives';
import { nameKey } from './file-name';
import type { Db } from '../db/schema';
import { dynamic } from '../resources/index';

type Row = Record<string, unknown>;

/** From now on a delete keeps the bytes for the trash (the trash's module calls it once, at start). */
export function keepDeletedFiles(app: FastifyInstance): void {
  filesEngine(app).catalog.keepDeleted = true;
}

/**
 * The bytes of the files these URLs point to (a field's `/files/<storedName>/<name>`), in place and in the trash's
 * keeping, on disk or in S3: what erasing a record's personal files removes (server/privacy/erase.ts). URLs not of
 * this store are left alone; answers the stored names removed.
 */
export async function removeFileBytes(app: FastifyInstance, urls: readonly string[]): Promise<string[]> {
  const { store } = filesEngine(app);
  const names: string[] = [];
  for (const url of urls) {
    const path = url.trim().replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0];
    const name = /^\/files\/([^/]+)/.exec(path)?.[1];
    if (!name || !store.isStoredName(name)) continue;
    await forgetDerivatives(app.db, [name]);
    await store.removeKept(name); // both: in place and kept
    names.push(name);
  }
  return names;
}

/** The bytes of files purged from the trash. */
export async function removeKeptFiles(app: FastifyInstance, storedNames: readonly string[]): Promise<void> {
  const { store } = filesEngine(app);
  await forgetDerivatives(app.db, storedNames).catch((err: unknown) => app.log.warn({ err }, 'the derivatives of purged files could not be forgotten'));
  for (const name of storedNames) await store.removeKept(name).catch((err: unknown) => app.log.warn({ err, name }, 'a purged file could not be removed'));
}

const NAME = { vi: 'Tên', en: 'Name' };

/**
 * A deleted folder (with the subfolders and files it held: `children`, their stored rows) or file back under its old
 * id, in its folder, in `db` (the restore's transaction); the bytes moved back last, so a failure rolls it all back.
 * Its folder deleted since: 409; its name taken there since: 409 naming `name`.
 */
export async function restoreDeleted(app: FastifyInstance, db: Db, request: FastifyRequest, resource: 'folder' | 'file', record: Row, children: Record<string, Row[]>): Promise<Row> {
  const now = app.now().toISOString();
  const parentKey = resource === 'folder' ? 'parentId' : 'folderId';
  const parentId = (record[parentKey] as number | null | undefined) ?? null;
  if (parentId !== null && !(await db.selectFrom('folders').select('id').where('id', '=', parentId).executeTakeFirst())) {
    throw httpError(409, M.trashParentGone, { field: parentKey });
  }
  // The record in wire form (folderJson / fileJson, and a file's storedName) as a stored row again.
  const own: Row = {
    id: record.id,
    [parentKey]: parentId,
    name: record.name,
    nameKey: nameKey(String(record.name)),
    concurrencyStamp: record.concurrencyStamp,
    createdAt: record.createTime ?? now,
    updatedAt: now,
    ...(resource === 'folder'
      ? { order: record.order ?? 0, description: record.description ?? null }
      : {
          storedName: record.storedName,
          size: record.size,
          contentType: record.contentType,
          url: record.url,
          ...imageColumnsOfJson(record as Partial<FileJson>),
        }),
  };
  const folders = resource === 'folder' ? [own, ...(children.folder ?? [])] : [];
  const files = resource === 'file' ? [own] : (children.file ?? []);
  try {
    // Parents first: the subtree's folders are in the order they were read (level by level). The rows are the stored
    // ones the trash entry kept, whatever columns they had then: written through the untyped view.
    const untyped = dynamic(db);
    for (const row of folders) await untyped.insertInto('folders').values(row).execute();
    for (const row of files) await untyped.insertInto('files').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw httpError(409, M.valueTaken(NAME, String(record.name)), { field: 'name' });
    throw err;
  }
  const table = resource === 'folder' ? 'folders' : 'files';
  const stored = (await db.selectFrom(table).selectAll().where('id', '=', record.id as number).executeTakeFirstOrThrow()) as never;
  const after = resource === 'folder' ? { ...folderJson(stored) } : { ...fileJson(stored) };
  await app.writes.tell(db, { websiteId: undefined, resource, ids: [record.id as number], operation: 'restore', after, request });
  const { store } = filesEngine(app);
  for (const row of files) await store.unkeep(String(row.storedName));
  return after;
}
