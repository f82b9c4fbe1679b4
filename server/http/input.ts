// What every request's strings must be before any module reads them (docs/api.md "Conventions"): no NUL character
// (PostgreSQL cannot store it, and no field of ours means it: 400 on both databases, never a 500), and no lone
// UTF-16 surrogate (JSON lets them in; they become U+FFFD, which is what the database would store, so a name
// compared before a write is the name stored).
import type { FastifyRequest } from 'fastify';
import { wellFormed } from '../../shared/text';
import { httpError } from '../errors';
import { M } from '../messages';

/** Deeper than any body of ours: refused rather than walked. */
const MAX_DEPTH = 64;

function clean(value: unknown, field: string, depth: number): unknown {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw httpError(400, M.nulCharacter(field), { field });
    return wellFormed(value);
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw httpError(400, M.badRequest);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = clean(value[i], field, depth + 1);
    return value;
  }
  // Buffers and streams (multipart) are not text. (Parsed queries and params have prototypes of their own.)
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key.includes('\u0000')) throw httpError(400, M.nulCharacter(field), { field });
    record[key] = clean(record[key], depth === 0 ? key : field, depth + 1);
  }
  return value;
}

/** A `preValidation` hook for every route: the path parameters, the query and a parsed body (JSON or form). */
export async function cleanRequestInput(request: FastifyRequest): Promise<void> {
  clean(request.params, 'path', 0);
  clean(request.query, 'query', 0);
  if (request.body !== undefined && request.body !== null) request.body = clean(request.body, 'body', 0);
}
