// One log line per request, and the request id that ties a user's error to it (issue 43; docs/operations.md "Logs").
//
// The request id is the proxy's `X-Request-Id` when it sends a sane one (1–128 of letters, digits and `-_.:`), else
// one made here (a UUID). It goes back in the answer's `X-Request-Id` header and in every error's body (`requestId`,
// beside `Message`), so that the screenshot of an error finds its log line; and it is the `requestId` of every line
// the request logs (Fastify binds it to request.log).
//
// The line itself: `{"msg":"request","method","route","status","durationMs","userId","website","requestId"}` at
// `info`, written when the answer has gone (Fastify's own two lines per request are turned off: buildApp). The route
// is the template (`/api/news/:id`), never the URL with its query (a keyword, a phone number); the logger's redaction
// (./log-redaction.ts) still sees every field.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routeTemplate } from './metrics';

/** A request id a proxy may hand us: short, and only characters that cannot forge a log line or a header. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the proxy's X-Request-Id when sane, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  const id = Array.isArray(given) ? given[0] : given;
  return id && SANE_ID.test(id) ? id : randomUUID();
}

/** The website a request is about, when it names one (`?websiteId=`, or the delivery API's `/content/{website}/…`). */
function websiteOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const params = request.params as Record<string, unknown> | undefined;
  const website = query?.websiteId ?? params?.websiteId ?? params?.website;
  return typeof website === 'string' || typeof website === 'number' ? String(website) : undefined;
}

/** An error body (server/errors.ts `errorBody`): an object with a `Message`. */
function isErrorBody(payload: unknown): payload is Record<string, unknown> {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'Message' in payload;
}

/**
 * The hooks, on the root before any module registers (they apply to every route and to the not-found handler).
 * `lines`: the app has a logger (the tests' apps have none: no line is even built).
 */
export function installRequestLog(app: FastifyInstance, lines: boolean): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400 && isErrorBody(payload) && payload.requestId === undefined) return { ...payload, requestId: request.id };
    return payload;
  });
  if (!lines) return;
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(request.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.('info')) return;
    request.log.info(
      {
        method: request.method,
        route: routeTemplate(request),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        userId: request.user?.id,
        website: websiteOf(request),
      },
      'request',
    );
  });
}
