// Errors a route throws, and the handlers that turn every failure into the wire shape
// `{ code, Message, message, requestId }` with a 4xx status (5xx only for real server faults).
//
//   throw httpError(404, M.recordNotFound)
//   throw httpError(409, { vi: '…', en: '…' })
//   const body = parseInput(schema, request.body)   // zod; 400 naming the field on failure
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localize, pickLang, type Text } from './i18n';
import { M } from './messages';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly text: Text,
    /** extra fields merged into the body (e.g. OAuth `error`), and headers to set */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof text === 'string' ? text : text.en);
    this.name = 'HttpError';
  }
}

export function httpError(
  status: number,
  text: Text,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
): HttpError {
  return new HttpError(status, text, extra, headers);
}

/** The failure body: `code` is the HTTP status; `Message` and `message` carry the same text. */
export function errorBody(message: string, status: number, extra: Record<string, unknown> = {}) {
  return { code: status, Message: message, message, ...extra };
}

/**
 * Sends `err` as the failure body, with the request's id (`requestId`, also the `X-Request-Id` header: the log line's
 * id, server/http/request-log.ts). Error bodies sent otherwise get it from that file's hook; this path also serves
 * the errors raised before any hook runs (an undecodable URL).
 */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: HttpError) {
  const message = localize(request, err.text);
  return reply
    .code(err.status)
    .headers(err.headers)
    .header('x-request-id', request.id)
    .send(errorBody(message, err.status, { ...err.extra, requestId: request.id }));
}

/**
 * Validate input with a zod schema. On failure: 400 with a message that names the first bad
 * field, e.g. "Trường userId không hợp lệ: Invalid input: expected number, received string".
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : '';
  const detail = issue?.message ?? 'invalid';
  throw httpError(
    400,
    field
      ? { vi: `Trường ${field} không hợp lệ: ${detail}`, en: `Field ${field} is invalid: ${detail}` }
      : { vi: `Dữ liệu không hợp lệ: ${detail}`, en: `Invalid input: ${detail}` },
    field ? { field } : {},
  );
}

/** Map Fastify's own client errors (body parsing, limits…) to our messages. */
function fromFastifyError(err: FastifyError): HttpError | undefined {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return httpError(413, M.tooLarge);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return httpError(400, M.malformedJson);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return httpError(415, M.unsupportedMediaType);
  }
  // JSON.parse failures surface as SyntaxError with statusCode 400.
  if (err instanceof SyntaxError && err.statusCode === 400) return httpError(400, M.malformedJson);
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    return httpError(err.statusCode, err.message || M.badRequest);
  }
  return undefined;
}

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) return sendError(request, reply, error);
    const mapped = fromFastifyError(error as FastifyError);
    if (mapped) return sendError(request, reply, mapped);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, httpError(500, M.serverError));
  });
}

export { pickLang };
