// The file manager's records (folders and files tables) kept in step with the bytes in the FileStore.
// Rules kept here: names unique per folder (a clash gets " (1)", " (2)"… as a desktop would), stale
// concurrency stamps refused, a folder never moved into its own subtree, a non-empty folder only deleted
// on request, and disk bytes removed only after the records are gone (a crash leaves an orphan blob,
// never a record without its file).
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Database } from '../db/schema';
import { dialectOf, isUniqueViolation } from '../db/dialect';
import type { UploadLedger, UploadSession } from './chunk-store';
import { FilesError, badRequest, conflict, notFound } from './errors';
import { extensionOf, nameKey, sanitizeName, splitExtension, uniqueName } from './file-name';
import type { FileStore, StoredFile } from './file-store';
import { contentTypeFor } from './file-types';
import type { FilesTable, FoldersTable } from './tables';
import { M } from '../messages';
import type { FastifyRequest } from 'fastify';
import type { WriteEvent, WriteListeners } from '../resources/index';
import { forgetDerivatives } from './images/derivatives';
import { isTransformable } from '../../shared/images';
import { foldText } from '../../shared/text';
import { stripStored, type ImageFacts, type StrippedImage } from './images/strip';

type FolderRow = Selectable<FoldersTable>;
type FileRow = Selectable<FilesTable>;

/** `text` as literal text of a LIKE pattern: `\\` escapes the pattern's own characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Names matching a LIKE `pattern`, case ignored on both databases (PostgreSQL's LIKE heeds case). */
const nameLike = (pattern: string) => sql<SqlBool>`lower(${sql.ref('name')}) like ${pattern} escape ${'\\'}`;

export interface FolderJson {
  id: number;
  name: string;
  parentId: number | null;
  order: number;
  description: string | null;
  concurrencyStamp: string;
  createTime: string;
  updateTime: string;
}

export interface FileJson {
  id: number;
  name: string;
  size: number;
  folderId: number | null;
  url: string;
  contentType: string;
  createTime: string;
  updateTime: string;
  concurrencyStamp: string;
  /** An image's size in pixels and its ThumbHash placeholder (base64); null when not an image or not measured yet. */
  width: number | null;
  height: number | null;
  placeholder: string | null;
  /** Where `fit=cover` crops around (0..1 from the left, from the top); null: the centre. */
  focalX: number | null;
  focalY: number | null;
  /** The alt text per language ({ "<lang>": "…" }); {} when none. */
  alt: Record<string, string>;
}

/** A stored alt text (JSON of lang → text) as an object; anything else reads as none. */
export function altOf(stored: string | null | undefined): Record<string, string> {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export const folderJson = (r: FolderRow): FolderJson => ({
  id: r.id,
  name: r.name,
  parentId: r.parentId,
  order: r.order,
  description: r.description,
  concurrencyStamp: r.concurrencyStamp,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
});

export const fileJson = (r: FileRow): FileJson => ({
  id: r.id,
  name: r.name,
  size: Number(r.size),
  folderId: r.folderId,
  url: r.url,
  contentType: r.contentType,
  createTime: r.createdAt,
  updateTime: r.updatedAt,
  concurrencyStamp: r.concurrencyStamp,
  width: r.width ?? null,
  height: r.height ?? null,
  placeholder: r.placeholder ?? null,
  focalX: r.focalX ?? null,
  focalY: r.focalY ?? null,
  alt: altOf(r.alt),
});

/**
 * fileJson's image values back as stored columns: what a trash restore writes (server/files/trash.ts). A trash entry
 * from before issue 41 has none: the file is measured again (imageState 0, the backfill's).
 */
export const imageColumnsOfJson = (r: Partial<FileJson>) => ({
  width: r.width ?? null,
  height: r.height ?? null,
  placeholder: r.placeholder ?? null,
  focalX: r.focalX ?? null,
  focalY: r.focalY ?? null,
  alt: r.alt && typeof r.alt === 'object' ? altText(r.alt) : null,
  imageState: r.width ? 1 : 0,
});

/** The public address of a stored file: its generated key, then the name for people and search engines. */
export const publicUrl = (storedName: string, name: string) => `/files/${storedName}/${encodeURIComponent(name)}`;

/** The folder the editor's inline images go to (POST Files/uploads without a folderId). */
export const EDITOR_FOLDER = 'Editor';

/** Each round of a name race has one winner, so this many racers for one name all find one. */
const NAME_RETRIES = 100;

/** A unique violation of the per-folder name index (not of uploadId or storedName): try the next name. */
function isNameClash(err: unknown): boolean {
  const { message, constraint } = err as { message?: string; constraint?: string };
  return isUniqueViolation(err) && !/uploadId|storedName/i.test(`${message ?? ''} ${constraint ?? ''}`);
}

function requireName(raw: unknown): string {
  const name = sanitizeName(typeof raw === 'string' ? raw : '');
  if (!name) throw badRequest(M.nameRequired);
  return name;
}

export interface Actor {
  id: number | null;
  /** The request that writes: the write listeners (the history) learn who wrote from it. */
  request?: FastifyRequest;
}

type Db = Kysely<Database>;

/** The stamp and times of a new folder or file that `actor` makes at `at`. */
const creation = (actor: Actor, at: string) => ({ concurrencyStamp: randomUUID(), createdAt: at, updatedAt: at, createdBy: actor.id });

/** An image's columns of a row (migration 0036): what its upload learnt and what staff set. */
type ImageColumns = Pick<Insertable<FilesTable>, 'width' | 'height' | 'placeholder' | 'focalX' | 'focalY' | 'alt' | 'imageState'>;

/** A copy is the same picture: its source's size, placeholder, focal point and alt text (Files/copy, a folder's copy). */
const imageColumnsOf = (r: FileRow): ImageColumns => ({
  width: r.width,
  height: r.height,
  placeholder: r.placeholder,
  focalX: r.focalX,
  focalY: r.focalY,
  alt: r.alt,
  imageState: r.imageState,
});

/** The alt texts stored: the languages with a text, as JSON; null when none has one. */
function altText(texts: Record<string, string | null | undefined>): string | null {
  const kept = Object.entries(texts).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
  return kept.length ? JSON.stringify(Object.fromEntries(kept.map(([lang, text]) => [lang, text.trim()]))) : null;
}

/** What PUT Files/{id} may change: the name and folder, an image's focal point and its alt texts (merged by language). */
export interface FileChange {
  name?: unknown;
  folderId?: number | null;
  /** 0..1 from the left / from the top; null: back to the centre. */
  focalX?: number | null;
  focalY?: number | null;
  /** Per language: a text sets it, '' or null removes it; languages not named keep theirs (files serve every website). */
  alt?: Record<string, string | null>;
  concurrencyStamp: string;
}

/** A new catalogue row for stored bytes named `name` in `folderId` (an upload's, or a visitor's CV). */
const fileRow = (stored: StoredFile, name: string, folderId: number | null, uploadId: string | null, actor: Actor, at: string, image: ImageColumns) => ({
  folderId,
  name,
  nameKey: nameKey(name),
  storedName: stored.storedName,
  size: stored.size,
  contentType: contentTypeFor(name),
  url: publicUrl(stored.storedName, name),
  uploadId,
  ...image,
  ...creation(actor, at),
});

export class FilesCatalog {
  /**
   * A deleted file's bytes wait in the store's `keptDir` for the trash's purge (server/files/trash.ts), instead of
   * being removed with its record: the trash may give it back.
   */
  keepDeleted = false;

  /** The bytes of deleted files: removed, or kept for the trash. */
  private async dropBytes(storedNames: string[]): Promise<void> {
    await forgetDerivatives(this.db, storedNames).catch(() => {});
    for (const name of storedNames) await (this.keepDeleted ? this.store.keep(name) : this.store.remove(name)).catch(() => {});
  }

  constructor(
    private readonly db: Kysely<Database>,
    readonly store: FileStore,
    private readonly now: () => Date,
    /** The app's write listeners (server/resources/writes.ts): told of each write of a folder or file, in its transaction. */
    private readonly writes?: WriteListeners,
  ) {}

  /** `write` in a transaction with the event it makes told to the write listeners (none listening: as it is). */
  private async told<T>(by: Actor | undefined, write: (db: Db) => Promise<T>, event: (result: T) => Omit<WriteEvent, 'request' | 'websiteId'>): Promise<T> {
    if (!this.writes?.active) return write(this.db);
    return this.db.transaction().execute((trx) => this.toldIn(trx, by, write, event));
  }

  /** `write` in the caller's transaction `trx`, with the event it makes told to the write listeners in it. */
  private async toldIn<T>(trx: Db, by: Actor | undefined, write: (db: Db) => Promise<T>, event: (result: T) => Omit<WriteEvent, 'request' | 'websiteId'>): Promise<T> {
    const result = await write(trx);
    if (!this.writes?.active) return result;
    // Without the request (an upload's last chunk may come from another): the user the upload belongs to.
    const actor = !by?.request && by?.id ? { kind: 'user' as const, id: by.id } : undefined;
    await this.writes.tell(trx, { websiteId: undefined, request: by?.request, actor, ...event(result) });
    return result;
  }

  private stamp() {
    return { concurrencyStamp: randomUUID(), updatedAt: this.now().toISOString() };
  }

  /**
   * Writes `values` (and a new stamp) to folder or file `id` if it still carries `stamp`, the one its writer read;
   * nothing written means someone changed or deleted it meanwhile: a 409.
   */
  private async updateIfUnchanged(db: Db, table: 'folders', id: number, stamp: string, values: Updateable<FoldersTable>): Promise<FolderRow>;
  private async updateIfUnchanged(db: Db, table: 'files', id: number, stamp: string, values: Updateable<FilesTable>): Promise<FileRow>;
  private async updateIfUnchanged(db: Db, table: 'folders' | 'files', id: number, stamp: string, values: Updateable<FoldersTable> | Updateable<FilesTable>) {
    const row = await db
      .updateTable(table)
      .set({ ...values, ...this.stamp() })
      .where('id', '=', id)
      .where('concurrencyStamp', '=', stamp)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(M.conflict);
    return row;
  }

  // ---- reading ----

  async folder(id: number): Promise<FolderRow> {
    const row = await this.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(M.folderNotFound);
    return row;
  }

  async file(id: number): Promise<FileRow> {
    const row = await this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(M.fileNotFound);
    return row;
  }

  /** A served file by its stored name (public URL key); undefined once deleted. */
  async fileByStoredName(storedName: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('storedName', '=', storedName).executeTakeFirst();
  }

  /**
   * The file a public URL points to (`/files/<storedName>/<name>`, also with a host, a query or a fragment, as a field
   * may hold it): its stored name decides, as when it is served. Undefined when the URL is not one of ours or the file
   * is gone.
   */
  async fileByUrl(url: string): Promise<FileRow | undefined> {
    const path = url.trim().replace(/^[a-z][a-z\d+.-]*:\/\/[^/]+/i, '').split(/[?#]/)[0];
    const key = /^\/files\/([^/]+)/.exec(path)?.[1];
    return key && this.store.isStoredName(key) ? this.fileByStoredName(key) : undefined;
  }

  /** 0 / null mean the root; any other id must be an existing folder. */
  async folderOrRoot(id: number | null | undefined): Promise<number | null> {
    if (!id) return null;
    return (await this.folder(id)).id;
  }

  async directory(id: number, page: number, pageSize: number) {
    const parentId = await this.folderOrRoot(id);
    const folders = await this.db
      .selectFrom('folders')
      .selectAll()
      .where((eb) => (parentId === null ? eb('parentId', 'is', null) : eb('parentId', '=', parentId)))
      .orderBy('order')
      .orderBy('name')
      .execute();
    const inFolder = this.db
      .selectFrom('files')
      .where((eb) => (parentId === null ? eb('folderId', 'is', null) : eb('folderId', '=', parentId)));
    const { total } = await inFolder.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const files = await inFolder
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      folder: parentId === null ? null : folderJson(await this.folder(parentId)),
      folders: folders.map(folderJson),
      files: { data: files.map(fileJson), totalRows: Number(total) },
      breadcrumb: await this.breadcrumb(parentId),
    };
  }

  /**
   * Files of the store with one of `contentTypes` in any folder, newest first (the video library: every .mp4
   * wherever staff put it), a name `keyword` narrowing them; with the folder each sits in.
   */
  async filesOfType(contentTypes: string[], page: number, pageSize: number, keyword?: string) {
    let q = this.db.selectFrom('files').where('contentType', 'in', contentTypes);
    if (keyword) q = q.where(nameLike(`%${escapeLike(keyword.toLowerCase())}%`));
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
    const folderIds = [...new Set(rows.map((r) => r.folderId).filter((id): id is number => id !== null))];
    const folders = folderIds.length ? await this.db.selectFrom('folders').select(['id', 'name']).where('id', 'in', folderIds).execute() : [];
    const folderName = new Map(folders.map((f) => [f.id, f.name]));
    return { data: rows.map((r) => ({ ...fileJson(r), folderName: r.folderId === null ? null : (folderName.get(r.folderId) ?? null) })), totalRows: Number(total) };
  }

  /**
   * Files whose name holds `keyword` folded as the keyword search folds ("kham" finds "Khám sức khoẻ.jpg"), newest
   * first, at most `limit`, each with the path of its folder ('/' at the root): the search across the console
   * (issue 42). The database narrows them by a pattern in which each letter a Vietnamese mark may change (a, e, i, o,
   * u, y, d) matches any one character (names are NFC: "á" is one); the names it gives are then folded here. Only the
   * newest `scanned` of those are looked at: a common short word is narrowed by typing more.
   */
  async filesNamed(keyword: string, limit: number, scanned = 2000): Promise<{ id: number; name: string; folderId: number | null; folderPath: string }[]> {
    const folded = foldText(keyword).replace(/\s+/g, ' ').trim();
    if (!folded) return [];
    const pattern = [...folded].map((c) => (/[aeiouyd]/.test(c) ? '_' : escapeLike(c))).join('');
    const rows = await this.db
      .selectFrom('files')
      .select(['id', 'name', 'folderId'])
      .where(nameLike(`%${pattern}%`))
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(scanned)
      .execute();
    const hits = rows.filter((r) => foldText(r.name).replace(/\s+/g, ' ').includes(folded)).slice(0, limit);
    const paths = await this.folderPaths(hits.flatMap((h) => (h.folderId === null ? [] : [h.folderId])));
    return hits.map((h) => ({ ...h, folderPath: h.folderId === null ? '/' : (paths.get(h.folderId) ?? '/') }));
  }

  /** '/Tin tức/2026' of each folder, from one read of the folders (an organisation has hundreds, not millions). */
  private async folderPaths(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const folders = new Map((await this.db.selectFrom('folders').select(['id', 'name', 'parentId']).execute()).map((f) => [f.id, f]));
    const pathOf = (id: number) => {
      const names: string[] = [];
      for (let current = folders.get(id), hops = 0; current && hops < 1000; current = current.parentId === null ? undefined : folders.get(current.parentId), hops++) {
        names.unshift(current.name);
      }
      return `/${names.join('/')}`;
    };
    return new Map(ids.map((id) => [id, pathOf(id)]));
  }

  /** Root first, the folder itself last: [{ id: 0, name: '' }, { id, name }…]. */
  async breadcrumb(id: number | null): Promise<{ id: number; name: string }[]> {
    const trail: { id: number; name: string }[] = [];
    let current = id;
    while (current !== null && trail.length < 1000) {
      const row = await this.folder(current);
      trail.unshift({ id: row.id, name: row.name });
      current = row.parentId;
    }
    return [{ id: 0, name: '' }, ...trail];
  }

  /** Is `candidate` the folder `id` itself or somewhere below it? */
  private async isWithin(candidate: number | null, id: number): Promise<boolean> {
    for (let current = candidate, hops = 0; current !== null && hops < 1000; hops++) {
      if (current === id) return true;
      current = (await this.folder(current)).parentId;
    }
    return false;
  }

  private async takenNames(table: 'folders' | 'files', parentId: number | null, exceptId?: number): Promise<Set<string>> {
    const column = table === 'folders' ? 'parentId' : 'folderId';
    let query = this.db
      .selectFrom(table)
      .select('nameKey')
      .where((eb) => (parentId === null ? eb(column, 'is', null) : eb(column, '=', parentId)));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return new Set((await query.execute()).map((r) => r.nameKey));
  }

  /**
   * Runs `write(name)` with the first free variant of `name` in the folder; if another request takes that
   * name in between (unique index), tries the next one.
   */
  private async withFreeName<T>(
    table: 'folders' | 'files',
    parentId: number | null,
    name: string,
    write: (name: string) => Promise<T>,
    exceptId?: number,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const free = uniqueName(name, await this.takenNames(table, parentId, exceptId), table === 'files');
      try {
        return await write(free);
      } catch (err) {
        if (!isNameClash(err)) throw err;
        if (attempt >= NAME_RETRIES) throw conflict(M.conflict);
      }
    }
  }

  // ---- folders ----

  async createFolder(input: { name: unknown; parentId?: number | null; order?: number; description?: string | null }, actor: Actor) {
    const name = requireName(input.name);
    const parentId = await this.folderOrRoot(input.parentId);
    const at = this.now().toISOString();
    const row = await this.withFreeName('folders', parentId, name, (free) =>
      this.told(
        actor,
        (db) =>
          db
            .insertInto('folders')
            .values({
              parentId,
              name: free,
              nameKey: nameKey(free),
              order: input.order ?? 0,
              description: input.description ?? null,
              ...creation(actor, at),
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        (row) => ({ resource: 'folder', ids: [row.id], operation: 'create', after: { ...folderJson(row) } }),
      ),
    );
    return folderJson(row);
  }

  async updateFolder(
    id: number,
    input: { name?: unknown; parentId?: number | null; order?: number; description?: string | null; concurrencyStamp: string },
    by?: Actor,
  ) {
    const current = await this.folder(id);
    if (current.concurrencyStamp !== input.concurrencyStamp) throw conflict(M.conflict);
    const name = input.name === undefined ? current.name : requireName(input.name);
    const parentId = input.parentId === undefined ? current.parentId : await this.folderOrRoot(input.parentId);
    if (parentId !== null && (await this.isWithin(parentId, id))) throw badRequest(M.folderIntoItself);
    const row = await this.withFreeName(
      'folders',
      parentId,
      name,
      (free) =>
        this.told(
          by,
          (db) =>
            this.updateIfUnchanged(db, 'folders', id, input.concurrencyStamp, {
              name: free,
              nameKey: nameKey(free),
              parentId,
              order: input.order ?? current.order,
              description: input.description === undefined ? current.description : input.description,
            }),
          (row) => ({ resource: 'folder', ids: [id], operation: 'update', before: { ...folderJson(current) }, after: { ...folderJson(row) } }),
        ),
      id,
    );
    return folderJson(row);
  }

  /** Every folder id of the subtree (the folder first) and the files in it. */
  private async subtree(id: number): Promise<{ folders: FolderRow[]; files: FileRow[] }> {
    const folders = [await this.folder(id)];
    for (let level = [id]; level.length > 0; ) {
      const children = await this.db.selectFrom('folders').selectAll().where('parentId', 'in', level).orderBy('id').execute();
      folders.push(...children);
      level = children.map((c) => c.id);
    }
    const ids = folders.map((f) => f.id);
    const files = await this.db.selectFrom('files').selectAll().where('folderId', 'in', ids).orderBy('id').execute();
    return { folders, files };
  }

  async deleteFolder(id: number, recursive: boolean, by?: Actor) {
    const { folders, files } = await this.subtree(id);
    if (!recursive && (folders.length > 1 || files.length > 0)) throw conflict(M.folderNotEmpty(folders[0].name));
    const ids = folders.map((f) => f.id);
    try {
      await this.db.transaction().execute(async (trx) => {
        if (files.length) await trx.deleteFrom('files').where('folderId', 'in', ids).execute();
        await trx.deleteFrom('folders').where('id', 'in', ids).execute();
        // One entry, the folder's: what it held goes with it (the rows of its subfolders and files).
        const children = { folder: folders.slice(1) as Record<string, unknown>[], file: files as Record<string, unknown>[] };
        await this.writes?.tell(trx, { websiteId: undefined, resource: 'folder', ids: [id], operation: 'delete', before: { ...folderJson(folders[0]) }, children, request: by?.request });
      });
    } catch (err) {
      // Something was added inside meanwhile (foreign key): the user should look again.
      if (err instanceof FilesError) throw err;
      throw conflict(M.conflict);
    }
    await this.dropBytes(files.map((f) => f.storedName));
    return { id, deletedFolders: ids.length, deletedFiles: files.length };
  }

  /** Deep copy of a folder (subfolders, files and their bytes) into `parentId`. */
  async copyFolder(id: number, targetParent: number | null | undefined, actor: Actor) {
    const parentId = await this.folderOrRoot(targetParent);
    if (parentId !== null && (await this.isWithin(parentId, id))) throw badRequest(M.folderIntoItself);
    const { folders, files } = await this.subtree(id);
    const copies = new Map<number, StoredFile>();
    try {
      for (const f of files) copies.set(f.id, await this.store.duplicate(f.storedName));
      const top = await this.withFreeName('folders', parentId, folders[0].name, (free) =>
        this.db.transaction().execute(async (trx) => {
          const at = this.now().toISOString();
          const newIds = new Map<number, number>();
          let top: FolderRow | undefined;
          const made: { resource: 'folder' | 'file'; id: number; after: Record<string, unknown> }[] = [];
          // `folders` is in breadth-first order, so a parent is always copied before its children.
          for (const f of folders) {
            const isTop = f.id === id;
            const row = await trx
              .insertInto('folders')
              .values({
                parentId: isTop ? parentId : newIds.get(f.parentId!)!,
                name: isTop ? free : f.name,
                nameKey: isTop ? nameKey(free) : f.nameKey,
                order: f.order,
                description: f.description,
                ...creation(actor, at),
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            newIds.set(f.id, row.id);
            top ??= row;
            made.push({ resource: 'folder', id: row.id, after: { ...folderJson(row) } });
          }
          for (const f of files) {
            const copy = copies.get(f.id)!;
            const row = await trx
              .insertInto('files')
              .values({
                folderId: newIds.get(f.folderId!)!,
                name: f.name,
                nameKey: f.nameKey,
                storedName: copy.storedName,
                size: copy.size,
                contentType: f.contentType,
                url: publicUrl(copy.storedName, f.name),
                uploadId: null,
                ...imageColumnsOf(f),
                ...creation(actor, at),
              })
              .returningAll()
              .executeTakeFirstOrThrow();
            made.push({ resource: 'file', id: row.id, after: { ...fileJson(row) } });
          }
          // A create entry per folder and file made (the copy's top folder first): each copy has its history.
          for (const m of made) {
            await this.writes?.tell(trx, { websiteId: undefined, resource: m.resource, ids: [m.id], operation: 'create', after: m.after, request: actor.request });
          }
          return top!;
        }),
      );
      return folderJson(top);
    } catch (err) {
      for (const copy of copies.values()) await this.store.remove(copy.storedName).catch(() => {});
      throw err;
    }
  }

  // ---- files ----

  /**
   * An upload's bytes made ready to be recorded, before its row is written (nothing serves them yet): an image loses its
   * metadata in place and is measured (./images/strip.ts); another file is only marked as not one we transform.
   */
  async prepare(stored: StoredFile, name: string): Promise<{ stored: StoredFile; image: ImageFacts }> {
    const { facts, bytes, size } = await stripStored(this.store, stored, contentTypeFor(name));
    if (bytes) await this.store.replaceBytes(stored.storedName, bytes);
    return { stored: { ...stored, size }, image: facts };
  }

  /**
   * Records a stored file (bytes already in place) under a free name in `folderId`: an upload's is prepared first
   * (`prepare`); a copy's brings its source's image columns (`image`).
   */
  async addFile(stored: StoredFile, input: { name: string; folderId: number | null; uploadId?: string; image?: ImageColumns }, actor: Actor): Promise<FileJson> {
    let image = input.image;
    if (!image) ({ stored, image } = await this.prepare(stored, input.name));
    const at = this.now().toISOString();
    const row = await this.withFreeName('files', input.folderId, input.name, (free) =>
      this.told(
        actor,
        (db) =>
          db
            .insertInto('files')
            .values(fileRow(stored, free, input.folderId, input.uploadId ?? null, actor, at, image))
            .returningAll()
            .executeTakeFirstOrThrow(),
        (row) => ({ resource: 'file', ids: [row.id], operation: 'create', after: { ...fileJson(row) } }),
      ),
    );
    return fileJson(row);
  }

  /**
   * Records a stored file in the caller's transaction `trx` (a visitor's CV, written with the application that names
   * it: both or neither). No retry on a name taken meanwhile (a failed statement ends a PostgreSQL transaction): the
   * caller gives a name unlikely to clash. The bytes are prepared before the transaction (`prepare`: `image`); unprepared
   * ones are an image left to the backfill (never stripped while a transaction waits) or not an image.
   */
  async addFileIn(trx: Db, stored: StoredFile, input: { name: string; folderId: number | null; image?: ImageFacts }, actor: Actor): Promise<FileJson> {
    const image: ImageColumns = input.image ?? { imageState: isTransformable(contentTypeFor(input.name)) ? 0 : 2 };
    const at = this.now().toISOString();
    const taken = await trx
      .selectFrom('files')
      .select('nameKey')
      .where((eb) => (input.folderId === null ? eb('folderId', 'is', null) : eb('folderId', '=', input.folderId)))
      .where('nameKey', '=', nameKey(input.name))
      .execute();
    const free = uniqueName(input.name, new Set(taken.map((r) => r.nameKey)), true);
    const row = await this.toldIn(
      trx,
      actor,
      (db) =>
        db
          .insertInto('files')
          .values(fileRow(stored, free, input.folderId, null, actor, at, image))
          .returningAll()
          .executeTakeFirstOrThrow(),
      (row) => ({ resource: 'file', ids: [row.id], operation: 'create', after: { ...fileJson(row) } }),
    );
    return fileJson(row);
  }

  async updateFile(id: number, input: FileChange, by?: Actor) {
    const current = await this.file(id);
    if (current.concurrencyStamp !== input.concurrencyStamp) throw conflict(M.conflict);
    let name = input.name === undefined ? current.name : requireName(input.name);
    // The bytes were checked against the extension at upload, and the served type follows it.
    const ext = extensionOf(current.name);
    if (extensionOf(name) !== ext) {
      if (!extensionOf(name) && !name.includes('.')) name = `${name}.${splitExtension(current.name).ext}`;
      else throw badRequest(M.extensionChange(ext));
    }
    const folderId = input.folderId === undefined ? current.folderId : await this.folderOrRoot(input.folderId);
    const image = {
      focalX: input.focalX === undefined ? current.focalX : input.focalX,
      focalY: input.focalY === undefined ? current.focalY : input.focalY,
      alt: input.alt === undefined ? current.alt : altText({ ...altOf(current.alt), ...input.alt }),
    };
    const row = await this.withFreeName(
      'files',
      folderId,
      name,
      (free) =>
        this.told(
          by,
          (db) => this.updateIfUnchanged(db, 'files', id, input.concurrencyStamp, { name: free, nameKey: nameKey(free), folderId, ...image }),
          (row) => ({ resource: 'file', ids: [id], operation: 'update', before: { ...fileJson(current) }, after: { ...fileJson(row) } }),
        ),
      id,
    );
    return fileJson(row);
  }

  /**
   * The backfill's step for one file stored before this version (imageState 0: ./images/backfill.ts): its stripped bytes
   * put in place and its facts recorded, by the system, in one transaction that holds the row (PostgreSQL: FOR UPDATE;
   * SQLite: one writer). A delete waits for it, then keeps the new bytes; a file deleted, or done by another instance,
   * first is left alone (false), so no bytes come back without their row.
   */
  async settleImage(id: number, storedName: string, stripped: StrippedImage & { size: number }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx.selectFrom('files').selectAll().where('id', '=', id).where('storedName', '=', storedName).where('imageState', '=', 0);
      if (dialectOf(trx) === 'postgres') query = query.forUpdate();
      const current = await query.executeTakeFirst();
      if (!current) return false;
      if (stripped.bytes) await this.store.replaceBytes(storedName, stripped.bytes);
      await this.toldIn(
        trx,
        undefined,
        (db) =>
          db
            .updateTable('files')
            .set({ ...stripped.facts, size: stripped.size, ...this.stamp() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow(),
        (row) => ({ resource: 'file', ids: [id], operation: 'update', before: { ...fileJson(current) }, after: { ...fileJson(row) } }),
      );
      return true;
    });
  }

  async deleteFile(id: number, by?: Actor) {
    const row = await this.file(id);
    await this.told(
      by,
      (db) => db.deleteFrom('files').where('id', '=', id).execute(),
      () => ({ resource: 'file', ids: [id], operation: 'delete', before: { ...fileJson(row), storedName: row.storedName } }),
    );
    await this.dropBytes([row.storedName]);
    return { id };
  }

  async copyFile(id: number, targetFolder: number | null | undefined, actor: Actor) {
    const source = await this.file(id);
    const folderId = targetFolder === undefined ? source.folderId : await this.folderOrRoot(targetFolder);
    const copy = await this.store.duplicate(source.storedName);
    try {
      return await this.addFile(copy, { name: source.name, folderId, image: imageColumnsOf(source) }, actor);
    } catch (err) {
      await this.store.remove(copy.storedName).catch(() => {});
      throw err;
    }
  }

  /** The folder for editor uploads at the root, created on first use. */
  editorFolder(actor: Actor): Promise<number> {
    return this.rootFolder(EDITOR_FOLDER, actor);
  }

  /** The folder named `name` at the root (the editor's uploads, the applicants' CVs), created on first use. */
  async rootFolder(name: string, actor: Actor): Promise<number> {
    const find = () =>
      this.db
        .selectFrom('folders')
        .select('id')
        .where('parentId', 'is', null)
        .where('nameKey', '=', nameKey(name))
        .executeTakeFirst();
    const existing = await find();
    if (existing) return existing.id;
    // Exactly this name (never "Editor (1)"): uploads racing to create it share the one the index lets in.
    const at = this.now().toISOString();
    try {
      // A folder made like any other: its create is an entry (the upload's user made it), in its transaction.
      await this.told(
        actor,
        (db) =>
          db
            .insertInto('folders')
            .values({ parentId: null, name, nameKey: nameKey(name), order: 0, description: null, ...creation(actor, at) })
            .returningAll()
            .executeTakeFirstOrThrow(),
        (row) => ({ resource: 'folder', ids: [row.id], operation: 'create', after: { ...folderJson(row) } }),
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const created = await find();
    if (!created) throw conflict(M.conflict);
    return created.id;
  }

  /** The chunk store's record keeper: one file row per upload fileId, whatever the retries. */
  ledger(): UploadLedger<FileJson> {
    const findCompleted = async (fileId: string) => {
      const row = await this.db.selectFrom('files').selectAll().where('uploadId', '=', fileId).executeTakeFirst();
      return row && fileJson(row);
    };
    return {
      findCompleted,
      commit: async (session: UploadSession, stored: StoredFile) => {
        const folderId = await this.folderOrRoot(session.folderId).catch((err) => {
          throw err instanceof FilesError && err.status === 404
            ? conflict({ vi: 'Thư mục đích đã bị xoá trong lúc tải lên', en: 'The target folder was deleted during the upload' })
            : err;
        });
        try {
          return await this.addFile(stored, { name: session.name, folderId, uploadId: session.fileId }, { id: session.userId === null ? null : Number(session.userId) });
        } catch (err) {
          // Another process finished the same upload first: answer its file, drop our copy.
          const other = isUniqueViolation(err) ? await findCompleted(session.fileId) : undefined;
          if (!other) throw err;
          await this.store.remove(stored.storedName).catch(() => {});
          return other;
        }
      },
    };
  }
}
