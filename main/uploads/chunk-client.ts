/**
 * The wire side of chunked uploads (docs/api.md "Chunked upload contract"): one multipart POST per
 * chunk to `{api}/chunk/upload`, and `GET {api}/chunk/status/{fileId}` to learn what the server
 * already holds when resuming.
 *
 * Requests go through node:http(s) with a keep-alive agent, the form written as three pieces (fields,
 * the chunk's own bytes, the closing boundary) without copying the chunk. On Node 20 fetch with FormData
 * moved a 2 MB chunk through web streams in 64 KB copies: ~40% slower and ~2× the memory
 * (tests/bench/native-upload.ts). A `fetch` can still be injected (tests record and fail calls with it).
 */
import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { chunkFields, httpFailure, readChunkAnswer, UPLOAD_CHUNK_BYTES, UploadFailure, type ChunkPart as Part, type ChunkStatus, type UploadedFile } from '../../shared/uploads';

/** The protocol's chunk size (shared with the server and the browser engine). */
export const CHUNK_SIZE = UPLOAD_CHUNK_BYTES;

export type StoredFile = UploadedFile;

export type { ChunkStatus };

export type ChunkPart = Part<Uint8Array>;

export interface ChunkClientDeps {
  apiBase: () => string;
  /** The console's interface language (`vi-VN`, `en-US`), sent as X-Interface-Language so a refusal's Message is in it. */
  language?: () => unknown;
  /** Send through this fetch instead of node:http (tests). */
  fetch?: typeof fetch;
}

/** What a call answered: enough to read the JSON or the refusal. */
interface Answer {
  status: number;
  text: string;
}

interface Call {
  method: 'GET' | 'POST';
  url: string;
  token: string;
  language?: string;
  signal?: AbortSignal;
  /** Multipart text fields (in order), then the file part `file`. */
  form?: { fields: Array<[string, string]>; file: { name: string; bytes: Uint8Array } };
}

/** Longest silence from the server before a call counts as failed (status 0, so it is retried). */
const IDLE_TIMEOUT_MS = 5 * 60_000;
const MAX_ANSWER_CHARS = 1_000_000;

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error && signal.reason.name === 'AbortError' ? signal.reason : Object.assign(new Error('This operation was aborted'), { name: 'AbortError' });

/** No answer: a network failure (retried by the scheduler), the socket's words kept as the detail. */
const unreachable = (error: Error) => httpFailure(0, undefined, error.message);

/** A name inside a Content-Disposition header, escaped as browsers do. */
const quoted = (name: string) => name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** One request over node:http(s); the chunk's bytes are written as they are, never copied. */
function nodeCall(agents: { http: http.Agent; https: https.Agent }, call: Call): Promise<Answer> {
  const url = new URL(call.url);
  const secure = url.protocol === 'https:';
  const headers: Record<string, string | number> = { Authorization: `Bearer ${call.token}`, Accept: 'application/json' };
  if (call.language) headers['X-Interface-Language'] = call.language;
  let pieces: Uint8Array[] = [];
  if (call.form) {
    const boundary = `----sitedesk${randomUUID().replace(/-/g, '')}`;
    const fields = call.form.fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(call.form.file.name)}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    pieces = [Buffer.from(fields + fileHead), call.form.file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`)];
    headers['Content-Type'] = `multipart/form-data; boundary=${boundary}`;
    headers['Content-Length'] = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  }
  return new Promise<Answer>((resolve, reject) => {
    const { signal } = call;
    if (signal?.aborted) return reject(abortError(signal));
    const request = (secure ? https : http).request(url, { method: call.method, headers, agent: secure ? agents.https : agents.http }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (piece: string) => {
        if (text.length < MAX_ANSWER_CHARS) text += piece;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', (error) => reject(signal?.aborted ? abortError(signal) : unreachable(error)));
    });
    const onAbort = () => request.destroy(abortError(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('close', () => signal?.removeEventListener('abort', onAbort));
    request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`no answer for ${IDLE_TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => reject(signal?.aborted ? abortError(signal) : unreachable(error)));
    for (const piece of pieces) request.write(piece);
    request.end();
  });
}

/** The same call through an injected fetch (FormData body, as a browser would send it). */
async function fetchCall(doFetch: typeof fetch, call: Call): Promise<Answer> {
  let body: FormData | undefined;
  if (call.form) {
    body = new FormData();
    for (const [name, value] of call.form.fields) body.append(name, value);
    body.append('file', new Blob([call.form.file.bytes]), call.form.file.name);
  }
  let response: Response;
  try {
    response = await doFetch(call.url, {
      method: call.method,
      headers: { Authorization: `Bearer ${call.token}`, Accept: 'application/json', ...(call.language ? { 'X-Interface-Language': call.language } : {}) },
      body,
      signal: call.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw unreachable(error as Error);
  }
  return { status: response.status, text: await response.text().catch(() => '') };
}

function dataOf(answer: Answer): ChunkStatus {
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer.status, answer.text, answer.text.slice(0, 300));
  try {
    return readChunkAnswer(JSON.parse(answer.text));
  } catch {
    throw new UploadFailure({ code: 'badAnswer', message: null, status: answer.status, detail: answer.text.slice(0, 200) });
  }
}

export function createChunkClient(deps: ChunkClientDeps) {
  // Idle keep-alive sockets are unref'd by the agent: they never keep the process alive.
  const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  const send = (call: Omit<Call, 'language'>) => {
    const language = deps.language?.();
    const full: Call = typeof language === 'string' && language ? { ...call, language } : call;
    return deps.fetch ? fetchCall(deps.fetch, full) : nodeCall(agents, full);
  };

  return {
    async sendChunk(part: ChunkPart, token: string, signal?: AbortSignal): Promise<ChunkStatus> {
      const answer = await send({
        method: 'POST',
        url: `${deps.apiBase()}/chunk/upload`,
        token,
        signal,
        form: {
          fields: chunkFields(part),
          // The bytes go last: the server may stream the file part as soon as it sees it.
          file: { name: part.originalFileName, bytes: part.bytes },
        },
      });
      return dataOf(answer);
    },

    /** What the server holds for `fileId`; null when it holds nothing (404). */
    async status(fileId: string, token: string, signal?: AbortSignal): Promise<ChunkStatus | null> {
      const answer = await send({ method: 'GET', url: `${deps.apiBase()}/chunk/status/${encodeURIComponent(fileId)}`, token, signal });
      if (answer.status === 404) return null;
      return dataOf(answer);
    },

  };
}
export type ChunkClient = ReturnType<typeof createChunkClient>;
