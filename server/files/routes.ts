// File manager routes (contract in docs/api.md, "Files"):
//   fileRoutes     under /api, bearer-guarded: folders, files, copies, downloads, chunked and editor uploads
//   fileServing    under /files, public: the stored files at their stable URLs (websites show them)
import multipart, { type Multipart } from '@fastify/multipart';
import { create as contentDisposition } from 'content-disposition';
import { ok } from '../http/envelope';
import { every } from '../db/periodic';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { metric } from '../http/metrics';
import { z } from 'zod';
import { parseInput } from '../errors';
import { localize } from '../i18n';
import type { ChunkStatus } from '../../shared/uploads';
import type { ChunkRequest, ChunkStore } from './chunk-store';
import { badRequest, notFound } from './errors';
import { filesEngine } from './engine';
import { sanitizeName } from './file-name';
import { requireAllowedExtension } from './file-types';
import { fileJson, type FileJson } from './catalog';
import type { ServedBytes } from './file-store';
import { derivativesOf } from './images/derivatives';
import { answerableFromMemory, heldBytesOf, notModified, servedNow, type Held, type ServedDerivative, type ServedFile } from './images/held';
import { variantKey } from './images/transform';
import { imageRequestOf, outputFormat } from './images/request';
import { isTransformable, type ImageRequest } from '../../shared/images';
import { fileUsages } from './usages';
import { backfillImages } from './images/backfill';
import { M } from '../messages';
import { isId, MAX_ID, toNumber, zWholeNumber } from '../../shared/input';


// Ids within the database's integer range, as every id (shared/input.ts): beyond it PostgreSQL answers an error.
const idParam = z.object({ id: zWholeNumber(0, MAX_ID) });
/** 0 or null: the root. */
const folderRef = z.union([zWholeNumber(0, MAX_ID), z.null()]);
const text = z.string().max(10_000);

const folderCreate = z.object({
  name: z.string(),
  parentId: folderRef.optional(),
  order: zWholeNumber(0, MAX_ID).optional(),
  description: text.nullable().optional(),
});
const folderUpdate = folderCreate.partial().extend({ concurrencyStamp: z.string().min(1) });
/** A share of an image's width or height, from the left or the top: where `fit=cover` crops around (null: the centre). */
const focal = z.number().min(0).max(1).nullable();
/** An image's alt texts by language (`{ "vi-VN": "…" }`): a text sets one, '' or null removes it. */
const altTexts = z
  .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'expected a language id such as vi-VN'), z.string().max(500).nullable())
  .refine((texts) => Object.keys(texts).length <= 50, 'at most 50 languages');
const fileUpdate = z.object({
  name: z.string().optional(),
  folderId: folderRef.optional(),
  focalX: focal.optional(),
  focalY: focal.optional(),
  alt: altTexts.optional(),
  concurrencyStamp: z.string().min(1),
});
const directoryQuery = z.object({
  page: zWholeNumber(1, 1_000_000).default(1),
  pageSize: zWholeNumber(1, 10_000).default(10_000),
});

/**
 * Runs `handle` on each multipart part. After a refusal the rest of the body is still read and discarded:
 * a part left unread pauses the parser, the request never ends, and the client would wait for ever for
 * the answer it has already been sent.
 */
async function eachPart(parts: AsyncIterableIterator<Multipart>, handle: (part: Multipart) => Promise<void>): Promise<void> {
  let failure: { error: unknown } | undefined;
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      failure ??= { error };
      break;
    }
    if (next.done) break;
    const part = next.value;
    if (!failure) {
      try {
        await handle(part);
      } catch (error) {
        failure = { error };
      }
    }
    if (part.type === 'file' && !part.file.readableEnded) part.file.resume();
  }
  if (failure) throw failure.error;
}

/** A whole number from a multipart text field (the number rule: plain digits); NaN when missing or not digits (the engine refuses it). */
const intField = (value: string | undefined) => toNumber(value) ?? NaN;

/** `folderId` of a form: absent, '' or 0 is the root; a positive whole number a folder; anything else (-1, abc) a 400. */
function folderField(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '' || value.trim() === '0') return null;
  const id = intField(value);
  if (!isId(id)) throw badRequest(M.badFolderId);
  return id;
}

export const fileRoutes: FastifyPluginAsync = async (app) => {
  const { catalog, chunks, store, maxFileSize } = filesEngine(app);
  await store.init();
  // Uploads abandoned for a day (and stale temp files), at start and hourly, on one instance at a time.
  every(app, 'upload-sweep', 3_600_000, () => chunks.sweep());
  // Files stored before images were stripped at upload: done in the background from start, hourly for what is left.
  every(app, 'image-backfill', 3_600_000, () => backfillImages(app), { atStart: 'background' });
  app.addHook('onClose', () => chunks.close());
  uploadMetrics(app, chunks);

  // Parts are streamed to disk by the handlers; the limits keep any single part from exceeding what the
  // route accepts (chunk routes narrow fileSize per request).
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: 10_000, fields: 50, fileSize: maxFileSize, files: 100, parts: 200, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  const actor = (request: FastifyRequest) => ({ id: request.user?.id ?? null, request });
  const requireMultipart = (request: FastifyRequest) => {
    if (!request.isMultipart()) throw badRequest({ vi: 'Yêu cầu phải là multipart/form-data', en: 'The request must be multipart/form-data' });
  };

  // ---- folders ----

  app.get('/folders/current-directory/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const { page, pageSize } = parseInput(directoryQuery, request.query);
    const listing = await catalog.directory(id, page, pageSize);
    // `folders` and `files` also sit at the top level: the spec's console reads them there.
    return { code: 1, message: localize(request, M.success), ...listing, data: listing };
  });

  app.post('/Folders', async (request) => {
    const body = parseInput(folderCreate, request.body);
    return ok(request, M.added, await catalog.createFolder(body, actor(request)));
  });

  app.put('/Folders/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const body = parseInput(folderUpdate, request.body);
    return ok(request, M.updated, await catalog.updateFolder(id, body, actor(request)));
  });

  app.delete('/Folders/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const recursive = /^(1|true)$/i.test(String((request.query as Record<string, unknown>)?.recursive ?? ''));
    return ok(request, M.deleted, await catalog.deleteFolder(id, recursive, actor(request)));
  });

  app.post('/Folders/copy/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const { parentId } = parseInput(z.object({ parentId: folderRef.optional() }), request.body);
    return ok(request, M.added, await catalog.copyFolder(id, parentId, actor(request)));
  });

  // ---- files ----

  app.put('/Files/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const body = parseInput(fileUpdate, request.body);
    return ok(request, M.updated, await catalog.updateFile(id, body, actor(request)));
  });

  // The video library: every stored .mp4, newest first (`?page&pageSize&keyword`).
  app.get('/Files/videos', async (request) => {
    const { page, pageSize, keyword } = parseInput(
      z.object({ page: zWholeNumber(1, 1_000_000).default(1), pageSize: zWholeNumber(1, 200).default(20), keyword: z.string().trim().max(200).optional() }),
      request.query,
    );
    const listing = await catalog.filesOfType(['video/mp4'], page, pageSize, keyword || undefined);
    return { code: 1, message: localize(request, M.success), ...listing };
  });

  // The file a field holds, by its public URL (`?url=/files/...`): the picker opens in the file's folder.
  app.get('/Files/by-url', async (request) => {
    const { url } = parseInput(z.object({ url: z.string().trim().min(1).max(2000) }), request.query);
    const file = await catalog.fileByUrl(url);
    if (!file) throw notFound(M.fileNotFound);
    return ok(request, M.success, fileJson(file));
  });

  // Where files are used (the file manager asks before deleting): `?ids=1,2,3`.
  app.get('/Files/usages', async (request) => {
    const { ids } = parseInput(z.object({ ids: z.string().regex(/^\d{1,10}(,\d{1,10}){0,199}$/).refine((list) => list.split(',').every(isId), 'expected ids from 1 to 2147483647') }), request.query);
    const usages = await fileUsages(app, ids.split(',').map(Number));
    return ok(
      request,
      M.success,
      usages.map((u) => ({ ...u, label: localize(request, u.label), field: localize(request, u.field) })),
    );
  });

  app.delete('/Files/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    return ok(request, M.deleted, await catalog.deleteFile(id, actor(request)));
  });

  app.post('/Files/copy/:id', async (request) => {
    const { id } = parseInput(idParam, request.params);
    const { folderId } = parseInput(z.object({ folderId: folderRef.optional() }), request.body);
    return ok(request, M.added, await catalog.copyFile(id, folderId, actor(request)));
  });

  app.get('/Files/downloads/:id', async (request, reply) => {
    const { id } = parseInput(idParam, request.params);
    const file = await catalog.file(id);
    reply.header('Content-Disposition', contentDisposition(file.name, { type: 'attachment' }));
    reply.header('Cache-Control', 'private, no-cache');
    return sendStored(request, reply, file, { publicCache: false });
  });

  /** Editor uploads: every file part of the form, streamed; all-or-nothing. */
  app.post('/Files/uploads', async (request) => {
    requireMultipart(request);
    const fields: Record<string, string> = {};
    const saved: FileJson[] = [];
    let folderId: number | null | undefined;
    try {
      await eachPart(request.parts() as AsyncIterableIterator<Multipart>, async (part) => {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          return;
        }
        const name = sanitizeName(part.filename);
        if (!name) throw badRequest(M.nameRequired);
        const ext = requireAllowedExtension(name);
        if (folderId === undefined) {
          folderId = fields.folderId !== undefined ? await catalog.folderOrRoot(folderField(fields.folderId)) : await catalog.editorFolder(actor(request));
        }
        const stored = await store.saveStream(part.file, ext, name, maxFileSize);
        try {
          saved.push(await catalog.addFile(stored, { name, folderId }, actor(request)));
        } catch (err) {
          await store.remove(stored.storedName).catch(() => {});
          throw err;
        }
      });
    } catch (err) {
      for (const file of saved) await catalog.deleteFile(file.id, actor(request)).catch(() => {});
      throw err;
    }
    if (!saved.length) throw badRequest({ vi: 'Chưa chọn tệp nào để tải lên', en: 'No file was sent' });
    return ok(request, M.added, saved);
  });

  // ---- chunked uploads (contract: docs/api.md) ----

  app.post('/chunk/upload', async (request) => {
    requireMultipart(request);
    const fields: Record<string, string> = {};
    let state;
    // fileHwm: the chunk's stream may buffer 1 MB, so the parser is not paused at every 16 KB (chunks ~35% faster).
    const parts = request.parts({ limits: { fileSize: chunks.chunkSize + 1, files: 1 }, fileHwm: 1 << 20 }) as AsyncIterableIterator<Multipart>;
    await eachPart(parts, async (part) => {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        return;
      }
      const chunk: ChunkRequest = {
        fileId: fields.fileId ?? '',
        chunkIndex: intField(fields.chunkIndex),
        totalChunks: intField(fields.totalChunks),
        originalFileName: fields.originalFileName || part.filename || '',
        totalSize: fields.totalSize ? intField(fields.totalSize) : undefined,
        folderId: null,
        userId: String(request.user.id),
      };
      chunks.plan(chunk); // refuse bad numbers, names and sizes before touching the database or the disk
      chunk.folderId = await catalog.folderOrRoot(folderField(fields.folderId));
      state = await chunks.receive(chunk, part.file);
    });
    if (!state) throw badRequest({ vi: 'Thiếu phần tệp (trường "file")', en: 'The chunk (field "file") is missing' });
    return ok(request, M.success, state satisfies ChunkStatus);
  });

  app.get('/chunk/status/:fileId', async (request) => {
    const { fileId } = request.params as { fileId: string };
    const state = await chunks.status(fileId);
    if (!state) throw notFound({ vi: 'Không có dữ liệu tải lên cho fileId này', en: 'Nothing has been uploaded for this fileId' });
    return ok(request, M.success, state satisfies ChunkStatus);
  });
};

/**
 * Public serving: /files/<storedName>/<name>. The name part is for people; the stored name decides. With an image's
 * parameters (`?w=&h=&fit=&format=&q=` or `?preset=`; ./images/request.ts) a transformable image is answered with its
 * derivative, made once (./images/derivatives.ts); anything else (a PDF, a video, an SVG) with the original, unchanged.
 * What a stored name resolves to is kept per change number, and small derivatives' bytes in memory (./images/held.ts).
 */
export const fileServing: FastifyPluginAsync = async (app) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { key } = request.params as { key: string };
    const asked = imageRequestOf(request.query); // a bad parameter is a 400 before anything is looked up
    const { store, catalog } = filesEngine(app);
    if (!store.isStoredName(key)) throw notFound(M.fileNotFound);
    const now = await servedNow(app.db);
    let file = now.files.get(key);
    if (file === undefined) {
      const row = await catalog.fileByStoredName(key);
      file = row ? { storedName: row.storedName, name: row.name, contentType: row.contentType, focalX: row.focalX, focalY: row.focalY } : null;
      now.files.set(key, file);
    }
    if (!file) throw notFound(M.fileNotFound);
    if (asked && isTransformable(file.contentType)) return sendDerivative(request, reply, file, asked, now.derivatives);
    reply.header('Content-Disposition', contentDisposition(file.name, { type: 'inline' }));
    return sendStored(request, reply, file, { publicCache: true });
  };
  app.get('/:key', handler);
  app.get('/:key/*', handler);
};

/**
 * The derivative `asked` of `file`, made if it is not yet; the original when it cannot be (bytes sharp cannot read).
 * Seen ready under this change number (`seen`) and held in memory: answered from there, nothing read. Else made or
 * found (its row), asked of the store (which says whether its bytes are there), and held if small.
 */
async function sendDerivative(request: FastifyRequest, reply: FastifyReply, file: ServedFile, asked: ImageRequest, seen: Map<string, ServedDerivative>) {
  const { store } = filesEngine(request.server);
  const format = outputFormat(asked.format, request.headers.accept, file.contentType);
  // The answer depends on Accept only when the format is the browser's choice.
  if (asked.format === 'auto') reply.header('Vary', 'Accept');
  const variant = { ...asked, format, focalX: file.focalX, focalY: file.focalY };
  const heldKey = `${file.storedName}/${variantKey(variant)}`;
  const held = heldBytesOf(request.server.db);
  const known = seen.get(heldKey);
  const fromMemory = known && answerableFromMemory(request) ? held.get(heldKey) : undefined;
  if (known && fromMemory) return answerHeld(request, reply, fromMemory, known);

  const derivatives = derivativesOf(request.server, store);
  let ready;
  let served;
  try {
    ready = await derivatives.get(file, variant);
    served = await store.serveDerived(request.raw, file.storedName, ready.variant, { publicCache: true });
    if (served.error && served.statusCode === 404) {
      // Remembered as ready, but its bytes are gone (the original deleted and restored on another instance): made again.
      derivatives.forget(file.storedName, ready.variant);
      ready = await derivatives.get(file, variant);
      served = await store.serveDerived(request.raw, file.storedName, ready.variant, { publicCache: true });
    }
  } catch (err) {
    request.log.warn({ err, storedName: file.storedName }, 'a derivative could not be made: the original is served');
    reply.header('Content-Disposition', contentDisposition(file.name, { type: 'inline' }));
    return sendStored(request, reply, file, { publicCache: true });
  }
  // Saved from the browser, the copy is named for what it is (photo.webp, not photo.jpg).
  const name = file.name.replace(/(\.[^.]*)?$/, `.${ready.contentType === 'image/jpeg' ? 'jpg' : ready.contentType.split('/')[1]}`);
  const ours: ServedDerivative = { variant: ready.variant, contentType: ready.contentType, disposition: contentDisposition(name, { type: 'inline' }) };
  if (!served.error) seen.set(heldKey, ours);
  if (served.statusCode === 200 && served.stream && Number(served.headers['Content-Length']) <= held.maxEach) {
    const bytes = Buffer.concat(await served.stream.toArray());
    const { 'Content-Length': _length, ...headers } = served.headers;
    const kept = { bytes, headers };
    held.set(heldKey, kept);
    return answerHeld(request, reply, kept, ours);
  }
  reply.header('Content-Disposition', ours.disposition);
  return answerServed(request, reply, served, ready.contentType);
}

/** A held derivative's answer: the store's headers as it gave them, a 304 when the browser's copy is current. */
function answerHeld(request: FastifyRequest, reply: FastifyReply, held: Held, derivative: ServedDerivative) {
  reply.headers(held.headers);
  if (notModified(request, held)) return reply.code(304).send();
  reply.header('Content-Disposition', derivative.disposition);
  reply.header('Content-Type', derivative.contentType);
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(held.bytes);
}

/**
 * Streams a stored file from the store (files/file-store.ts): Content-Length, ETag, Last-Modified, conditional requests
 * and Range (video seeking). The type comes from our record, and nosniff keeps browsers from guessing another.
 */
async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { storedName: string; contentType: string },
  options: { publicCache: boolean },
) {
  const { store } = filesEngine(request.server);
  return answerServed(request, reply, await store.serve(request.raw, file.storedName, options), file.contentType);
}

/** The store's answer as the route's: its refusals in our words (404, 416), else its status, headers and bytes. */
function answerServed(request: FastifyRequest, reply: FastifyReply, result: ServedBytes, contentType: string) {
  if (result.error) {
    if (result.statusCode === 404) throw notFound(M.fileNotFound);
    if (result.headers['Content-Range']) reply.header('Content-Range', result.headers['Content-Range']);
    const message = result.statusCode === 416 ? localize(request, M.badRange) : (result.message ?? String(result.statusCode));
    return reply.code(result.statusCode).send({ code: result.statusCode, Message: message, message });
  }
  reply.code(result.statusCode);
  reply.headers(result.headers);
  reply.header('Content-Type', contentType);
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(result.stream ?? '');
}

/**
 * The uploads' metrics (docs/operations.md): the uploads begun and not finished (their sessions, in the database every
 * instance shares: the same on each), and the chunks' bytes this instance has written.
 */
function uploadMetrics(app: FastifyInstance, chunks: ChunkStore<unknown>): void {
  metric(app, Gauge, {
    name: 'sitedesk_uploads_in_progress',
    help: 'Chunked uploads begun and not finished nor abandoned (every instance, from the database)',
    async collect(this: Gauge) {
      const row = await app.db.selectFrom('upload_sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      this.set(Number(row?.n ?? 0));
    },
  });
  metric(app, Counter, {
    name: 'sitedesk_upload_bytes_received_total',
    help: 'Bytes of upload chunks written by this instance',
    collect(this: Counter) {
      this.reset();
      this.inc(chunks.bytesReceived);
    },
  });
}
