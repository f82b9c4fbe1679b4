// The wire envelope of a single record or an action's answer (spec: `{ code: 1, message, data }`), the message in
// the language the request reads (server/i18n.ts). Errors have their own shape (server/errors.ts).
import type { FastifyRequest } from 'fastify';
import { localize, type Text } from '../i18n';

export function ok(request: FastifyRequest, message: Text): { code: 1; message: string };
export function ok<T>(request: FastifyRequest, message: Text, data: T): { code: 1; message: string; data: T };
export function ok(request: FastifyRequest, message: Text, data?: unknown) {
  return { code: 1 as const, message: localize(request, message), ...(data === undefined ? {} : { data }) };
}
