// The request logger's redaction (issue 40, "Request logs never hold a personal field, a password, a token or a
// secret"): the one place that decides what a log line may hold. Fastify's logger (pino) is given serializers of its
// own for the request, the answer and errors, a `formatters.log` that walks every other logged object, and a hook on
// the message itself:
//   - a key naming a personal field of any definition (shared/resources/personal.ts), a client address, a password,
//     a token, a secret, an Authorization / Cookie / Set-Cookie header: its value is replaced, at any depth;
//   - a URL's query parameters so named (`/api/Privacy/subjects?phone=…`, `?access_token=…`): their values replaced;
//   - any other text (an error's message, a log message): e-mail addresses and phone numbers in it replaced, since a
//     database or mail error quotes the value it refused.
// Bodies are never logged; the request's client address is not logged either (it counts as personal data).
import type { FastifyServerOptions } from 'fastify';
import { personalFieldNames } from '../../shared/resources/personal';

/** What a redacted value reads as in the log. */
export const REDACTED = '[redacted]';

/** Keys whose value is a secret, whatever the object: passwords, tokens, keys, signatures, session cookies. */
const SECRET_KEY = /pass(word|phrase)?|pwd|token|secret|authorization|cookie|api[-_]?key|credential|signature|otp|recovery/i;
/** Keys holding a client's address (personal data, issue 40). */
const ADDRESS_KEY = /^(ip|ips|clientAddress|remoteAddress|remotePort|x-forwarded-for|x-real-ip)$/i;

let personal: Set<string> | undefined;
/** Personal field names, lower-cased (a header or query parameter may be spelt in another case). */
function personalKeys(): Set<string> {
  return (personal ??= new Set(personalFieldNames().map((n) => n.toLowerCase())));
}

/** Whether a value under `key` never reaches the log. */
export function isRedactedKey(key: string): boolean {
  return SECRET_KEY.test(key) || ADDRESS_KEY.test(key) || personalKeys().has(key.toLowerCase());
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** Vietnamese and international phone numbers as people write them (0912 345 678, +84 912-345-678, 84912345678). */
const PHONE = /(?<![\w.])(?:\+?\d{1,3}[ .-]?)?(?:\(?0?\d{2,4}\)?[ .-]?)\d{3}[ .-]?\d{3,4}(?![\w])/g;

/** A text with e-mail addresses and phone numbers replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(PHONE, (m) => (m.replace(/\D/g, '').length >= 9 ? REDACTED : m));
}

/** Query parameters that search for a person (a list's keyword: a name, a phone number). */
const SEARCH_KEY = /^(keyword|search|q|query|filter)$/i;

/** A URL (path and query) with the values of its redacted query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return scrubText(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is judged as it is.
      }
      return isRedactedKey(name) || SEARCH_KEY.test(name) ? `${pair.slice(0, eq)}=${REDACTED}` : scrubText(pair);
    })
    .join('&');
  return `${scrubText(url.slice(0, at))}?${query}`;
}

/** `value` as it may be logged: redacted keys replaced at any depth, texts scrubbed (objects are copied, not changed). */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return redact(errorValue(value), depth, seen);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = isRedactedKey(key) && v !== undefined && v !== null && v !== '' ? REDACTED : key === 'url' && typeof v === 'string' ? redactUrl(v) : redact(v, depth + 1, seen);
  }
  return out;
}

/**
 * An error as the log shows it: its type, message, stack, code and cause. Not its other properties: a PostgreSQL
 * error's `detail` quotes the refused row ("Key (email)=(…) already exists"), a driver's may carry the parameters.
 */
function errorValue(err: Error): Record<string, unknown> {
  const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
  return {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack,
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(err.cause !== undefined ? { cause: err.cause } : {}),
  };
}

/** The keys Fastify's logger serializes itself (./redactingLogger gives each a redacting serializer). */
const SERIALIZED = new Set(['req', 'res', 'err', 'error']);

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * The logger options Fastify is built with (`buildApp({ logger })`, server/app.ts): the caller's (level, stream), with
 * this redaction. `false`/undefined: no logger at all.
 */
export function redactingLogger(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  const base: LoggerOptions = options === true ? {} : options;
  return {
    ...base,
    serializers: {
      // Who asked what, without the client's address (personal data) and with the query's personal values replaced.
      req: (req: { method?: string; url?: string; host?: string; routeOptions?: { url?: string } }) => ({ method: req.method, url: typeof req.url === 'string' ? redactUrl(req.url) : req.url, host: req.host }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: (err: unknown) => redact(err),
      error: (err: unknown) => redact(err),
    },
    formatters: {
      log: (object: Record<string, unknown>) => {
        const out: Record<string, unknown> = {};
        for (const [key, v] of Object.entries(object)) out[key] = SERIALIZED.has(key) ? v : isRedactedKey(key) && v !== undefined && v !== null && v !== '' ? REDACTED : redact(v);
        return out;
      },
    },
    hooks: {
      // The message and its interpolated arguments: texts scrubbed too (`log.info('sent to %s', email)`).
      logMethod(args: unknown[], method: (...a: unknown[]) => void) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? scrubText(a) : a)));
      },
    },
  } as LoggerOptions;
}
