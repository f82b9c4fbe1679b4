// A visitor's file sent with a public intake post (an application's CV, issue 40): the file store's own checks (the
// extension among the few the intake takes, then the bytes against it), a size cap, and the catalogue row written in
// the caller's transaction with the record that names it, so a refused post leaves neither a row nor its bytes.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/schema';
import type { Label } from '../../shared/resources/define';
import { filesEngine } from './engine';
import { FilesError, badRequest } from './errors';
import { extensionOf, sanitizeName } from './file-name';
import type { StoredFile } from './file-store';
import type { Actor } from './catalog';
import type { ByteSource } from './disk';
import type { ImageFacts } from './images/strip';

export interface IntakeFileRule {
  /** The extensions taken (lower case, without the dot): `['pdf', 'doc', 'docx']`. */
  kinds: readonly string[];
  /** The largest file taken, bytes. */
  maxBytes: number;
  /** The root folder of the file manager the files go to ("CV"). */
  folder: string;
  /** What a refused type answers (400). */
  refused: Label;
}

export interface ReceivedFile extends StoredFile {
  /**
   * The name the catalogue gives it: the rule's folder and the store's key (`CV-1a2b3c4d.pdf`), never the visitor's
   * own file name, which often is their name: the catalogue and its history keep no personal value in clear, and an
   * erased application leaves nothing naming the person there (issue 40).
   */
  name: string;
  /** What its preparation learnt (catalog `prepare`). */
  image: ImageFacts;
}

/**
 * Stores the bytes of `source` (named `filename` by the visitor) if they are one of `rule.kinds` by their name and
 * by their content, and no larger than `rule.maxBytes`: 400 with `rule.refused` (nothing stored) for another type or
 * content that is not what its name says, 413 above the cap. The bytes are not in the catalogue yet: `recordFile`.
 */
export async function receiveFile(app: FastifyInstance, source: ByteSource, filename: string, rule: IntakeFileRule): Promise<ReceivedFile> {
  const name = sanitizeName(filename);
  const ext = extensionOf(name);
  if (!name || !rule.kinds.includes(ext)) throw badRequest(rule.refused);
  try {
    const { store, catalog } = filesEngine(app);
    const saved = await store.saveStream(source, ext, name, rule.maxBytes);
    const named = `${rule.folder}-${saved.storedName.slice(0, 8)}.${ext}`;
    // Prepared as any upload is, before the transaction that records it (a CV is no image: only marked so).
    const { stored, image } = await catalog.prepare(saved, named).catch(async (err: unknown) => {
      await store.remove(saved.storedName).catch(() => {});
      throw err;
    });
    return { ...stored, name: named, image };
  } catch (err) {
    // Bytes that are not what their name says (a renamed executable): the same refusal as another type.
    if (err instanceof FilesError && err.status === 415) throw badRequest(rule.refused);
    throw err;
  }
}

/** The folder of `rule` (created on first use), looked up before the transaction that records the file. */
export function intakeFolder(app: FastifyInstance, rule: IntakeFileRule, actor: Actor): Promise<number> {
  return filesEngine(app).catalog.rootFolder(rule.folder, actor);
}

/** The catalogue row of a received file, in the caller's transaction `trx` (with its history entry): its public URL. */
export async function recordFile(app: FastifyInstance, trx: Db, file: ReceivedFile, folderId: number, actor: Actor): Promise<string> {
  return (await filesEngine(app).catalog.addFileIn(trx, file, { name: file.name, folderId, image: file.image }, actor)).url;
}

/** A received file's bytes removed (the post that brought it was refused). */
export async function dropFile(app: FastifyInstance, file: ReceivedFile): Promise<void> {
  await filesEngine(app).store.remove(file.storedName).catch(() => {});
}
