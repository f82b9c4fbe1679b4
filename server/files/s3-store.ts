// Finished files in any S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Ceph), chosen by S3_BUCKET: every
// instance behind a load balancer reads and writes the same bytes. Keys: `files/<uuid>` (served), `trash/<uuid>` (a
// deleted file's bytes until the trash's purge), `uploads/<fileId>/<index>` (chunks of uploads in progress:
// ./s3-uploads.ts).
//
// Served files are streamed from the store through the server, not redirected to a signed URL: the file's address stays
// the one the websites embed (/files/<uuid>/<name>), cacheable for a year as immutable, with today's Content-Type,
// Content-Disposition and nosniff from our records; a redirect to a URL that expires cannot be cached that way, and
// would hand the store's address and the file's key to every visitor. Range, conditional requests and ETags are the
// store's own (GetObject with Range / If-None-Match / If-Modified-Since).
//
// A single-request upload (Files/upload, the editor's) is written to DATA_DIR/files/.tmp, content-checked there and
// then put; chunked uploads never touch the local disk.
import { createReadStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { isStoredName, ONE_YEAR_MS, probeWritable, requireVariant, sweepTempDir, type FileStore, type ServedBytes, type StoredFile } from './file-store';
import { asFilesError, openFileSink, removeQuietly, tempPath, writeStreamToFile, type ByteSource, type OpenSink } from './disk';
import { requireMatchingContent } from './file-types';
import { M } from '../messages';
import type { S3Settings } from '../config';

export type { S3Settings };

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region ?? 'us-east-1',
    forcePathStyle: settings.forcePathStyle ?? false,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: several S3-compatible stores (and the test double) do not
    // understand the CRC32 headers recent SDKs send by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The HTTP status of an SDK error (404 NoSuchKey, 304, 412, 416…). */
export function s3Status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

const fileKey = (storedName: string) => `files/${storedName}`;
const keptKey = (storedName: string) => `trash/${storedName}`;
const derivedPrefix = (storedName: string) => `derived/${storedName}/`;

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly tmpDir: string;

  constructor(
    readonly s3: S3Client,
    readonly bucket: string,
    dataDir: string,
    private readonly openSink: OpenSink = openFileSink,
  ) {
    this.tmpDir = path.join(dataDir, 'files', '.tmp');
  }

  private checked = false;

  /** The first time (at start): the bucket answers, or the server stops with the store's reason. */
  async init(): Promise<void> {
    await mkdir(this.tmpDir, { recursive: true });
    if (this.checked) return;
    try {
      await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = s3Status(err);
      throw new Error(`S3 bucket "${this.bucket}" cannot be used (${status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err)}): check S3_BUCKET, S3_ENDPOINT and the keys`);
    }
    this.checked = true;
  }

  async check(): Promise<void> {
    // Uploads pass through the local temp folder before the bucket.
    await probeWritable(this.tmpDir);
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  isStoredName(name: string): boolean {
    return isStoredName(name);
  }

  async saveStream(source: ByteSource, ext: string, displayName: string, maxBytes: number): Promise<StoredFile> {
    await this.init();
    const tmp = tempPath(this.tmpDir);
    try {
      const size = await writeStreamToFile(source, tmp, { openSink: this.openSink, maxBytes, tooLargeMessage: M.fileTooLarge(maxBytes) });
      await requireMatchingContent(tmp, ext, displayName, true);
      const storedName = randomUUID();
      await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: fileKey(storedName), Body: createReadStream(tmp), ContentLength: size }));
      return { storedName, size };
    } catch (err) {
      throw asFilesError(err);
    } finally {
      await removeQuietly(tmp);
    }
  }

  /** A copy made by the store itself (CopyObject): the bytes do not pass through the server. */
  async duplicate(storedName: string): Promise<StoredFile> {
    this.requireName(storedName);
    const target = randomUUID();
    try {
      await this.copy(fileKey(storedName), fileKey(target));
      return { storedName: target, size: await this.sizeOf(fileKey(target)) };
    } catch (err) {
      throw asFilesError(err);
    }
  }

  async keep(storedName: string): Promise<void> {
    this.requireName(storedName);
    await this.move(fileKey(storedName), keptKey(storedName));
    await this.removeDerived(storedName);
  }

  async unkeep(storedName: string): Promise<void> {
    this.requireName(storedName);
    await this.move(keptKey(storedName), fileKey(storedName));
  }

  async removeKept(storedName: string): Promise<void> {
    this.requireName(storedName);
    await this.delete(fileKey(storedName));
    await this.delete(keptKey(storedName));
    await this.removeDerived(storedName);
  }

  async remove(storedName: string): Promise<void> {
    this.requireName(storedName);
    await this.delete(fileKey(storedName));
    await this.removeDerived(storedName);
  }

  async saveDerived(storedName: string, variant: string, bytes: Buffer): Promise<void> {
    this.requireName(storedName);
    const key = derivedPrefix(storedName) + requireVariant(variant);
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentLength: bytes.length }));
  }

  serveDerived(request: IncomingMessage, storedName: string, variant: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    this.requireName(storedName);
    return this.serveKey(request, derivedPrefix(storedName) + requireVariant(variant), options);
  }

  /** Every object under the original's `derived/` prefix (a page of the listing at a time). */
  async removeDerived(storedName: string): Promise<void> {
    this.requireName(storedName);
    for (;;) {
      const listed = await this.s3.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: derivedPrefix(storedName) }));
      const keys = (listed.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      for (const key of keys) await this.delete(key);
      if (!listed.IsTruncated || !keys.length) return;
    }
  }

  sweepTemp(now: number, maxAgeMs: number): Promise<number> {
    return sweepTempDir(this.tmpDir, now, maxAgeMs);
  }

  serve(request: IncomingMessage, storedName: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    return this.serveKey(request, fileKey(storedName), options);
  }

  private async serveKey(request: IncomingMessage, key: string, options: { publicCache: boolean }): Promise<ServedBytes> {
    const headers = request.headers;
    const range = typeof headers.range === 'string' && /^bytes=\d*-\d*$/.test(headers.range.trim()) ? headers.range.trim() : undefined;
    let answer: GetObjectCommandOutput;
    try {
      answer = await this.s3.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range,
          IfNoneMatch: headers['if-none-match'],
          IfModifiedSince: !headers['if-none-match'] && headers['if-modified-since'] ? new Date(headers['if-modified-since']) : undefined,
        }),
      );
    } catch (err) {
      const status = s3Status(err);
      if (status === 304) return { statusCode: 304, headers: this.cacheHeaders(options) };
      if (status === 416) {
        const size = await this.sizeOf(key).catch(() => undefined);
        return { statusCode: 416, headers: size === undefined ? {} : { 'Content-Range': `bytes */${size}` }, error: true };
      }
      if (status === 404 || status === 403) return { statusCode: 404, headers: {}, error: true };
      if (status === 412) return { statusCode: 412, headers: {}, error: true, message: 'Precondition Failed' };
      throw asFilesError(err);
    }
    const out: Record<string, string | number> = { 'Accept-Ranges': 'bytes', ...this.cacheHeaders(options) };
    if (answer.ContentLength !== undefined) out['Content-Length'] = answer.ContentLength;
    if (answer.ContentRange) out['Content-Range'] = answer.ContentRange;
    if (answer.ETag) out.ETag = answer.ETag;
    if (answer.LastModified) out['Last-Modified'] = answer.LastModified.toUTCString();
    return { statusCode: answer.ContentRange ? 206 : 200, headers: out, stream: answer.Body as Readable };
  }

  async readBytes(storedName: string): Promise<Buffer> {
    this.requireName(storedName);
    try {
      const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: fileKey(storedName) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (err) {
      throw asFilesError(err);
    }
  }

  /** One PutObject over the old object: S3 answers readers the old or the new, never a mix. */
  async replaceBytes(storedName: string, bytes: Uint8Array): Promise<number> {
    this.requireName(storedName);
    try {
      await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: fileKey(storedName), Body: bytes, ContentLength: bytes.byteLength }));
      return bytes.byteLength;
    } catch (err) {
      throw asFilesError(err);
    }
  }

  /** The bytes of a stored object, for the content check of a finished upload. */
  async open(key: string): Promise<Readable> {
    const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return answer.Body as Readable;
  }

  async sizeOf(key: string): Promise<number> {
    const head = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    return head.ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((err: unknown) => {
      if (s3Status(err) !== 404) throw err;
    });
  }

  private cacheHeaders(options: { publicCache: boolean }): Record<string, string> {
    return options.publicCache ? { 'Cache-Control': `public, max-age=${ONE_YEAR_MS / 1000}, immutable` } : {};
  }

  private copy(from: string, to: string) {
    return this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }));
  }

  /** Copy then delete (S3 has no rename). Already moved (a crash came between the two): done. */
  private async move(from: string, to: string): Promise<void> {
    try {
      await this.copy(from, to);
    } catch (err) {
      if (s3Status(err) !== 404 || !(await this.sizeOf(to).then(() => true, () => false))) throw asFilesError(err);
    }
    await this.delete(from);
  }

  private requireName(storedName: string): void {
    if (!isStoredName(storedName)) throw new Error(`Not a stored file name: ${storedName}`);
  }
}
