// The security headers of every answer (helmet's), computed once at start-up. @fastify/helmet built helmet's middleware
// again on every request — its options merged, the policy's directives parsed and checked, a dozen middlewares made —
// which cost about 3% of a list request's server CPU, to set the same headers every time. Here helmet runs once
// against a recording response, and each request only sets the headers it recorded.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, in its order ([name, value]). Its policy must be static: a directive given as
 * a function (helmet calls it per request, e.g. for a nonce) is refused.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === 'object' && Object.values(csp.directives ?? {}).some((v) => typeof v === 'function' || (Array.isArray(v) && v.some((x) => typeof x === 'function')))) {
    throw new Error('security headers: a Content-Security-Policy directive computed per request needs helmet per request');
  }
  const headers = new Map<string, [string, string]>();
  const recording = {
    setHeader: (name: string, value: unknown) => void headers.set(name.toLowerCase(), [name, String(value)]),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recording as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers.values()];
}

/** Sets helmet's headers (built once from `options`) on every answer of `app`, as @fastify/helmet did: first thing. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    done();
  });
}
