// Not a benchmark (leading underscore: npm run bench skips it): the upload benches' bare receiver, run as its own
// process like the server (startBareReceiver in _support.ts). It takes POST /api/chunk/upload as the server does —
// Fastify and @fastify/multipart, the same limits and the same answer — and writes each chunk at its place in a new
// file per upload (in the folder it is given), which it fsyncs when the last chunk is in, as the server does before
// recording a file. Nothing else: no sign-in, no database, no held markers, no checks. What a client reaches against
// it is what HTTP, multipart parsing and the disk allow on this machine.
// GET / answers a page with one file input, for the browser's own figure (tests/bench/video-upload.ts).
//   node --import tsx tests/bench/_bare-receiver.ts <folder>
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { UPLOAD_CHUNK_BYTES } from '../../shared/uploads';

const dir = process.argv[2];
const uploads = new Map<string, { handle: Promise<FileHandle>; received: number }>();
const app = Fastify();
await app.register(multipart);

app.get('/', async (_request, reply) => reply.type('text/html').send('<!doctype html><html><body><input type="file" id="file"></body></html>'));

app.post('/api/chunk/upload', async (request) => {
  const fields: Record<string, string> = {};
  for await (const part of request.parts({ limits: { fileSize: UPLOAD_CHUNK_BYTES + 1, files: 1 }, fileHwm: 1 << 20 })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    let upload = uploads.get(fields.fileId);
    if (!upload) uploads.set(fields.fileId, (upload = { handle: open(path.join(dir, `${uploads.size}.part`), 'w'), received: 0 }));
    const handle = await upload.handle;
    let at = Number(fields.chunkIndex) * UPLOAD_CHUNK_BYTES;
    const writes: Promise<unknown>[] = [];
    for await (const bytes of part.file) {
      writes.push(handle.write(bytes, 0, bytes.length, at));
      at += bytes.length;
    }
    await Promise.all(writes);
  }
  const { fileId } = fields;
  const upload = uploads.get(fileId)!;
  const totalChunks = Number(fields.totalChunks);
  if (++upload.received < totalChunks) return { code: 1, message: 'ok', data: { fileId, totalChunks, received: [], complete: false } };
  const handle = await upload.handle;
  const { size } = await handle.stat();
  await handle.sync();
  await handle.close();
  const file = { id: 1, name: fields.originalFileName, storedName: fileId, size, url: `/files/${fileId}`, contentType: 'application/octet-stream', folderId: 0, createTime: new Date().toISOString() };
  return { code: 1, message: 'ok', data: { fileId, complete: true, file } };
});

console.log(`bare receiver listening on ${await app.listen({ port: 0, host: '127.0.0.1' })}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
