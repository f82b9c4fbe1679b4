/**
 * How failures cross the bridge. Main answers every call with an envelope (`{ ok: true, value }`
 * or `{ ok: false, error: { code, message } }`) because a thrown Error loses everything but its
 * message on the way through ipc and again through contextBridge. Preload turns a failure back
 * into a thrown Error whose message carries the code as a `[code] ` prefix; the renderer reads it
 * with `decodeDesktopError`.
 */
export const desktopErrorCodes = [
  /** The call came from a page that is not the console. */
  'forbidden',
  /** The payload does not match the contract. */
  'invalid_input',
  /** Credentials or session refused by the auth service (wrong password, expired session). */
  'unauthorized',
  /** The password was right and the second factor is on: sign in again with its code (`otp`). */
  'mfa_required',
  /** The service could not be reached. */
  'network',
  /** The service answered with an error; the message is its `Message`. */
  'server',
  'not_found',
  /** The request is valid but the current state does not allow it (e.g. resuming a finished upload). */
  'conflict',
  'internal',
] as const;
export type DesktopErrorCode = (typeof desktopErrorCodes)[number];

export interface DesktopErrorBody {
  code: DesktopErrorCode;
  message: string;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: DesktopErrorBody };

/** An error main means to report to the renderer as is. */
export class DesktopError extends Error {
  constructor(
    readonly code: DesktopErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DesktopError';
  }
}

export const encodeDesktopErrorMessage = ({ code, message }: DesktopErrorBody) => `[${code}] ${message}`;

/** `{ code, message }` of anything a `window.desktop` call threw; `internal` for foreign errors. */
export function decodeDesktopError(error: unknown): DesktopErrorBody {
  if (error instanceof DesktopError) return { code: error.code, message: error.message };
  const raw = error instanceof Error ? error.message : String(error);
  // contextBridge may prefix the message when it re-throws ("Error invoking remote method …: Error: …").
  const match = /\[([a-z_]+)\] ([\s\S]*)$/.exec(raw);
  if (match && (desktopErrorCodes as readonly string[]).includes(match[1])) {
    return { code: match[1] as DesktopErrorCode, message: match[2] };
  }
  return { code: 'internal', message: raw };
}
