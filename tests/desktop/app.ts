// Which Electron app the desktop smoke test launches, or why it cannot run here.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The port of the server the smoke test starts (npm run server, SEED_DEMO=1). */
export const SMOKE_PORT = Number(process.env.DESKTOP_SMOKE_PORT ?? 5191);
export const SMOKE_SERVER = `http://127.0.0.1:${SMOKE_PORT}`;

export type DesktopApp =
  | { executablePath: string; args: string[]; packaged: boolean; reason: null }
  | { reason: string };

/**
 * SITEDESK_APP_PATH: an installed app's executable (the release workflow's smoke job, after
 * scripts/release/smoke-app.ts). Otherwise the development app: the electron package's binary on this
 * checkout's dist/ (npm run build). Where neither exists, or Linux has no display, the reason.
 */
export function desktopApp(): DesktopApp {
  const installed = process.env.SITEDESK_APP_PATH;
  if (installed) {
    return existsSync(installed)
      ? { executablePath: installed, args: [], packaged: true, reason: null }
      : { reason: `SITEDESK_APP_PATH names ${installed}, which does not exist` };
  }
  let binary: unknown;
  try {
    binary = createRequire(import.meta.url)('electron'); // the binary's path; throws when its download was skipped
  } catch {
    binary = null;
  }
  if (typeof binary !== 'string' || !existsSync(binary)) {
    return {
      reason:
        'no Electron binary here (the electron package installs without its binary where downloads are not possible, or with ' +
        'ELECTRON_SKIP_BINARY_DOWNLOAD). The release workflow runs this test on Windows and macOS against the installed app.',
    };
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    return { reason: 'no display (DISPLAY/WAYLAND_DISPLAY unset): run it under xvfb-run to see the app on Linux' };
  }
  if (!existsSync(path.join(root, 'dist/main/main.js')) || !existsSync(path.join(root, 'dist/renderer/index.html'))) {
    return { reason: 'the app is not built: run npm run build first' };
  }
  return { executablePath: binary, args: [root], packaged: false, reason: null };
}
