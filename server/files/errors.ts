// The file engine's refusals: HttpErrors (status + Vietnamese/English Message) so the server's error
// handler answers them in the wire shape as they are. The engine itself stays free of Fastify.
import { HttpError } from '../errors';
import type { Text } from '../i18n';
import { M } from '../messages';

export class FilesError extends HttpError {
  constructor(status: number, text: Text) {
    super(status, text);
    this.name = 'FilesError';
  }
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (text: Text) => new FilesError(400, text);
export const forbidden = (text: Text) => new FilesError(403, text);
export const notFound = (text: Text) => new FilesError(404, text);
export const conflict = (text: Text) => new FilesError(409, text);
export const tooLarge = (text: Text) => new FilesError(413, text);
export const unsupportedType = (text: Text) => new FilesError(415, text);



/** Disk full / device errors become a clear 507 / 500 with a Message, never a bare crash. */
export function storageFailure(err: unknown): FilesError {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new FilesError(507, M.diskFull);
  return new FilesError(500, M.writeFailed(code ?? 'write error'));
}
