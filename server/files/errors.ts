// The file engine answers its refusals as FilesError: an HTTP status plus the Message the user sees.
// The routes turn it into the wire's error shape; the engine itself knows nothing of HTTP frameworks.
export class FilesError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'FilesError';
  }
}

export const badRequest = (message: string) => new FilesError(400, message);
export const notFound = (message: string) => new FilesError(404, message);
export const conflict = (message: string) => new FilesError(409, message);
export const tooLarge = (message: string) => new FilesError(413, message);
export const unsupportedType = (message: string) => new FilesError(415, message);

/** Disk full / device errors from the file system become a clear 507 rather than a 500. */
export function storageFailure(err: unknown): FilesError {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new FilesError(507, 'Not enough storage space on the server to save the file.');
  return new FilesError(500, `The file could not be written on the server (${code ?? 'write error'}).`);
}
