// Answers kept compressed (server/resources/kept-pages.ts, and the delivery API's answers, server/delivery/routes.ts):
// each form made once, the first time a client accepts it, and sent as is afterwards. The app-wide
// compression (@fastify/compress) leaves an answer that already has its Content-Encoding alone.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are (the app-wide compression's threshold). */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding to send of what the client accepts (brotli first), honouring `;q=0`. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Set(
    header
      .split(',')
      .map((p) => p.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** `body` compressed as `encoding` (brotli at quality 5, gzip at 6: the delivery API's settings). */
export function compressed(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body, { level: 6 });
}

/** A JSON answer and its compressed forms, each made the first time it is asked for (`form`). */
export interface EncodedJson {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/**
 * Sends `answer` (JSON) in the form the request accepts: compressed when it is at least COMPRESS_THRESHOLD bytes and the
 * client takes brotli or gzip (that form made once, through `made` for what counts it), else as it is. Answers the
 * payload for an async handler to return.
 */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, answer: EncodedJson, made?: (bytes: number) => void): Buffer {
  reply.type('application/json; charset=utf-8');
  if (answer.body.length < COMPRESS_THRESHOLD || request.headers['x-no-compression'] !== undefined) return answer.body;
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (!encoding) return answer.body;
  let bytes = answer[encoding];
  if (!bytes) {
    bytes = answer[encoding] = compressed(answer.body, encoding);
    made?.(bytes.length);
  }
  reply.header('vary', 'Accept-Encoding').header('content-encoding', encoding);
  return bytes;
}
