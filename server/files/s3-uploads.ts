// The bytes of chunked uploads in progress on an S3-compatible store (the chunk store's `UploadBytes`; what is held
// lives in the database, ./chunk-store.ts). Nothing is assembled on a local disk:
//   - each chunk is put as its own object, `uploads/<fileId>/<index>` (a chunk is 2,000,000 bytes: held in memory on
//     its way, so its length is known and its first bytes can be checked);
//   - S3 refuses multipart parts under 5 MiB (but the last), so a part is PART_CHUNKS consecutive chunks: as soon as
//     every chunk of a part is held, whichever instance held the last of them copies those chunk objects into the
//     upload's multipart part (read from the store, streamed back) and records the part's ETag (upload_parts);
//   - when every chunk is held, the instance that claims the finish uploads any part still missing (its instance died,
//     or two raced), completes the multipart upload under `files/<storedName>`, checks the content by reading the
//     object back, and deletes the chunk objects.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { UploadBytes, UploadSession } from './chunk-store';
import { asFilesError, collectStream, type ByteSource, type SizeLimit } from './disk';
import type { StoredFile } from './file-store';
import { requireMatchingBuffer, requireMatchingStream } from './file-types';
import { s3Status, type S3FileStore } from './s3-store';

/** S3's smallest part (but the last). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

const chunkKey = (fileId: string, index: number) => `uploads/${fileId}/${index}`;

export class S3UploadBytes implements UploadBytes {
  /** An object store's answer means the bytes are kept: held rows count across reboots. */
  readonly durability = 'store';
  /** Chunks per multipart part: the fewest whose bytes reach S3's minimum part size. */
  readonly partChunks: number;
  /** Chunk 0 of uploads in progress here, kept from its write to its check (not read back). */
  private readonly heads = new Map<string, Buffer>();

  constructor(
    private readonly store: S3FileStore,
    private readonly db: Kysely<Database>,
    chunkSize: number,
    private readonly log: (message: string, err: unknown) => void = () => {},
  ) {
    this.partChunks = Math.max(1, Math.ceil(S3_MIN_PART_BYTES / chunkSize));
  }

  private get s3() {
    return this.store.s3;
  }

  private get bucket() {
    return this.store.bucket;
  }

  async write(session: UploadSession, index: number, bytes: ByteSource, limit: SizeLimit): Promise<number> {
    const body = await collectStream(bytes, limit);
    try {
      await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: chunkKey(session.fileId, index), Body: body, ContentLength: body.length }));
    } catch (err) {
      throw asFilesError(err);
    }
    if (index === 0) this.heads.set(session.fileId, body);
    return body.length;
  }

  async checkHead(session: UploadSession, size: number): Promise<void> {
    const head = this.heads.get(session.fileId) ?? (await this.readChunk(session.fileId, 0, size));
    this.heads.delete(session.fileId);
    await requireMatchingBuffer(head, session.ext, session.name, false);
  }

  /** Every chunk of chunk `index`'s part held: the part goes up now (a failure is only logged: the finish redoes it). */
  async afterHeld(session: UploadSession, index: number, held: ReadonlyMap<number, number>): Promise<void> {
    const part = Math.floor(index / this.partChunks);
    if (!this.chunksOf(session, part).every((i) => held.has(i))) return;
    try {
      await this.uploadPart(session, part, held);
    } catch (err) {
      this.log('an upload part could not be sent to the store; it is sent again when the upload finishes', err);
    }
  }

  async finish(session: UploadSession, size: number, held: ReadonlyMap<number, number>, storedName: string): Promise<StoredFile | false> {
    const key = `files/${storedName}`;
    const parts = Math.ceil(session.totalChunks / this.partChunks);
    for (let attempt = 0; ; attempt++) {
      const uploadId = await this.multipartOf(session, storedName);
      const sent = await this.sentParts(session.fileId);
      try {
        for (let part = 0; part < parts; part++) if (!sent.has(part + 1)) sent.set(part + 1, await this.uploadPart(session, part, held));
        await this.s3.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts: [...sent].sort((a, b) => a[0] - b[0]).map(([PartNumber, ETag]) => ({ PartNumber, ETag })) },
          }),
        );
        break;
      } catch (err) {
        // The multipart upload is gone (completed by a claim that died before recording it, or aborted) or a part was
        // replaced by a racing instance: start the parts over from the chunk objects, once.
        if (attempt > 0 || ![400, 404].includes(s3Status(err) ?? 0)) throw asFilesError(err);
        if (await this.exists(key)) break;
        await this.db.updateTable('upload_sessions').set({ storeUploadId: null }).where('fileId', '=', session.fileId).execute();
        await this.db.deleteFrom('upload_parts').where('fileId', '=', session.fileId).execute();
      }
    }
    try {
      await requireMatchingStream(() => this.store.open(key), session.ext, session.name, true);
    } catch (err) {
      await this.store.delete(key).catch(() => {});
      throw asFilesError(err);
    }
    return { storedName, size };
  }

  async drop(session: Pick<UploadSession, 'fileId' | 'totalChunks'>): Promise<void> {
    this.heads.delete(session.fileId);
    const row = await this.db.selectFrom('upload_sessions').select('storeUploadId').where('fileId', '=', session.fileId).executeTakeFirst();
    if (row?.storeUploadId) {
      await this.s3
        .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: await this.keyOf(session.fileId), UploadId: row.storeUploadId }))
        .catch(() => {}); // completed or gone already
    }
    // Eight deletes at a time (DeleteObjects needs a Content-MD5 several stores and SDK versions disagree on).
    const indexes = Array.from({ length: session.totalChunks }, (_, i) => i);
    for (let i = 0; i < indexes.length; i += 8) {
      await Promise.all(indexes.slice(i, i + 8).map((index) => this.store.delete(chunkKey(session.fileId, index)).catch(() => {})));
    }
  }

  private chunksOf(session: UploadSession, part: number): number[] {
    const first = part * this.partChunks;
    const last = Math.min(first + this.partChunks, session.totalChunks);
    return Array.from({ length: last - first }, (_, i) => first + i);
  }

  /** The part's chunk objects, read from the store one after another and streamed into the part; answers its ETag. */
  private async uploadPart(session: UploadSession, part: number, held: ReadonlyMap<number, number>): Promise<string> {
    const storedName = (await this.db.selectFrom('upload_sessions').select('storedName').where('fileId', '=', session.fileId).executeTakeFirst())?.storedName;
    const uploadId = await this.multipartOf(session, storedName ?? undefined);
    const chunks = this.chunksOf(session, part);
    const length = chunks.reduce((sum, i) => sum + held.get(i)!, 0);
    const read = (index: number) => this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: chunkKey(session.fileId, index) }));
    const body = Readable.from(
      (async function* () {
        for (const index of chunks) yield* (await read(index)).Body as Readable;
      })(),
    );
    const answer = await this.s3.send(
      new UploadPartCommand({ Bucket: this.bucket, Key: await this.keyOf(session.fileId), UploadId: uploadId, PartNumber: part + 1, Body: body, ContentLength: length }),
    );
    const etag = answer.ETag!;
    await this.db
      .insertInto('upload_parts')
      .values({ fileId: session.fileId, partNumber: part + 1, etag })
      .onConflict((oc) => oc.columns(['fileId', 'partNumber']).doUpdateSet({ etag }))
      .execute();
    return etag;
  }

  /**
   * The upload's multipart upload, created by the first instance that needs one (a conditional UPDATE decides; a loser
   * aborts its own). Its key is `files/<storedName>`: the stored name is fixed with it.
   */
  private async multipartOf(session: UploadSession, storedName?: string): Promise<string> {
    const row = await this.db.selectFrom('upload_sessions').select(['storeUploadId', 'storedName']).where('fileId', '=', session.fileId).executeTakeFirstOrThrow();
    if (row.storeUploadId) return row.storeUploadId;
    const name = row.storedName ?? storedName ?? randomUUID();
    const created = await this.s3.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: `files/${name}` }));
    const won = await this.db
      .updateTable('upload_sessions')
      .set({ storeUploadId: created.UploadId!, storedName: name })
      .where('fileId', '=', session.fileId)
      .where('storeUploadId', 'is', null)
      .where((eb) => eb.or([eb('storedName', 'is', null), eb('storedName', '=', name)]))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) === 1) return created.UploadId!;
    await this.s3.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: `files/${name}`, UploadId: created.UploadId! })).catch(() => {});
    return this.multipartOf(session, storedName);
  }

  private async keyOf(fileId: string): Promise<string> {
    const row = await this.db.selectFrom('upload_sessions').select('storedName').where('fileId', '=', fileId).executeTakeFirstOrThrow();
    return `files/${row.storedName}`;
  }

  private async sentParts(fileId: string): Promise<Map<number, string>> {
    const rows = await this.db.selectFrom('upload_parts').select(['partNumber', 'etag']).where('fileId', '=', fileId).execute();
    return new Map(rows.map((r) => [r.partNumber, r.etag]));
  }

  private async readChunk(fileId: string, index: number, size: number): Promise<Buffer> {
    const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: chunkKey(fileId, index) }));
    const bytes = Buffer.from(await answer.Body!.transformToByteArray());
    return bytes.subarray(0, size);
  }

  private async exists(key: string): Promise<boolean> {
    return this.store.sizeOf(key).then(
      () => true,
      () => false,
    );
  }
}
