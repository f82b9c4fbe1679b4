import { decodeDesktopError, DesktopError } from '../../shared/ipc/errors';

/**
 * Run a `window.desktop` call and turn its failure into a {@link DesktopError} whose message is fit to
 * show: across the bridge the message carries a `[code] ` prefix (shared/ipc/errors.ts).
 */
export async function desktopCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const { code, message } = decodeDesktopError(error);
    throw new DesktopError(code, message);
  }
}
