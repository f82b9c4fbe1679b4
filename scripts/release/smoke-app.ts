/**
 * `tsx scripts/release/smoke-app.ts <folder of the built files> <install folder>`: puts the app a release built
 * where the desktop smoke test (tests/desktop) launches it, on the runner of its platform, as a user would get it:
 * - Windows: runs the NSIS installer the update feed names, silently, for the current user, into the folder;
 * - macOS: unpacks the ZIP the update feed names (what auto-update installs), and checks the DMG mounts and holds
 *   the app.
 * It reports whether the app is signed, checks that the installed app carries the fuses electron-builder.yml asks for,
 * then turns on one fuse, nodeCliInspect, in this installed copy only: Playwright drives the main process through
 * the inspector, which the shipped app refuses (the released files are untouched; on macOS the copy gets an
 * ad-hoc signature again). Writes SITEDESK_APP_PATH (the executable) to $GITHUB_ENV for the next step.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuseMismatches, readUpdateFeed } from './plan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
// @electron/fuses comes with electron-builder (app-builder-lib), which flips the fuses at build time.
const fuses = require('@electron/fuses') as {
  getCurrentFuseWire(pathToElectron: string): Promise<Record<number, number>>;
  flipFuses(pathToElectron: string, config: Record<string | number, unknown>): Promise<number>;
};
const yaml = require('js-yaml') as { load(text: string): unknown };
const NODE_CLI_INSPECT = 3; // FuseV1Options.EnableNodeCliInspectArguments

function fail(message: string): never {
  console.error(`::error::${message}`);
  process.exit(1);
}

const [artifacts, installDir] = process.argv.slice(2).map((p) => p && path.resolve(p));
if (!artifacts || !installDir) fail('usage: tsx scripts/release/smoke-app.ts <folder of the built files> <install folder>');

/** The file the update feed names first: the one electron-updater downloads (universal installer, ZIP). */
function fedFile(feedName: string): string {
  const feedPath = path.join(artifacts, feedName);
  if (!existsSync(feedPath)) fail(`${feedName} is missing from ${artifacts}`);
  const [first] = readUpdateFeed(readFileSync(feedPath, 'utf8')).files;
  if (!first || !existsSync(path.join(artifacts, first))) fail(`${feedName} names ${first ?? 'nothing'}, not among the built files`);
  return path.join(artifacts, first);
}

function installWindows(): { executable: string; fuseTarget: string } {
  const installer = fedFile('latest.yml');
  console.log(`smoke: installing ${path.basename(installer)} silently into ${installDir}`);
  // NSIS: /S silent, /currentuser (perMachine: false), /D= the folder (last, unquoted).
  const result = spawnSync(installer, ['/S', '/currentuser', `/D=${installDir}`], { stdio: 'inherit' });
  if (result.status !== 0) fail(`the installer exited with ${result.status ?? result.signal}`);
  const executable = path.join(installDir, 'Sitedesk.exe');
  if (!existsSync(executable)) fail(`the installer left no Sitedesk.exe in ${installDir}: ${readdirSync(installDir).join(', ')}`);
  const signature = spawnSync('powershell', ['-NoProfile', '-Command', `(Get-AuthenticodeSignature '${executable}').Status`], { encoding: 'utf8' });
  console.log(`smoke: Authenticode signature of Sitedesk.exe: ${signature.stdout.trim() || 'unknown'}`);
  return { executable, fuseTarget: executable };
}

function installMac(): { executable: string; fuseTarget: string } {
  const zip = fedFile('latest-mac.yml');
  mkdirSync(installDir, { recursive: true });
  console.log(`smoke: unpacking ${path.basename(zip)} into ${installDir}`);
  execFileSync('ditto', ['-x', '-k', zip, installDir], { stdio: 'inherit' });
  const app = path.join(installDir, 'Sitedesk.app');
  if (!existsSync(app)) fail(`${path.basename(zip)} holds no Sitedesk.app`);

  const dmg = readdirSync(artifacts).find((name) => name.endsWith('.dmg'));
  if (!dmg) fail('no DMG among the built files');
  const mount = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-dmg-'));
  execFileSync('hdiutil', ['attach', '-nobrowse', '-readonly', '-mountpoint', mount, path.join(artifacts, dmg)], { stdio: 'inherit' });
  try {
    if (!existsSync(path.join(mount, 'Sitedesk.app'))) fail(`${dmg} does not hold Sitedesk.app`);
    console.log(`smoke: ${dmg} mounts and holds Sitedesk.app`);
  } finally {
    execFileSync('hdiutil', ['detach', mount], { stdio: 'inherit' });
  }

  const verify = spawnSync('codesign', ['--verify', '--deep', '--strict', '--verbose=2', app], { encoding: 'utf8' });
  const details = spawnSync('codesign', ['-dv', app], { encoding: 'utf8' });
  const adHoc = /Signature=adhoc/.test(details.stderr);
  console.log(`smoke: code signature: ${verify.status === 0 ? (adHoc ? 'ad-hoc only (unsigned build)' : 'valid') : `INVALID\n${verify.stderr}`}`);
  if (verify.status !== 0) fail('the app in the ZIP does not pass codesign --verify');
  if (!adHoc) {
    const gatekeeper = spawnSync('spctl', ['--assess', '--type', 'execute', '--verbose=2', app], { encoding: 'utf8' });
    console.log(`smoke: Gatekeeper: ${(gatekeeper.stderr || gatekeeper.stdout).trim()}`);
  }
  return { executable: path.join(app, 'Contents', 'MacOS', 'Sitedesk'), fuseTarget: app };
}

const { executable, fuseTarget } = process.platform === 'win32' ? installWindows() : process.platform === 'darwin' ? installMac() : fail('the desktop smoke runs on Windows and macOS');

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as { electronFuses?: Record<string, unknown> };
const mismatches = fuseMismatches(config.electronFuses ?? {}, await fuses.getCurrentFuseWire(fuseTarget));
if (mismatches.length) fail(`the installed app's fuses differ from electron-builder.yml: ${mismatches.join('; ')}`);
console.log('smoke: the installed app carries the fuses of electron-builder.yml');

await fuses.flipFuses(fuseTarget, { version: '1', resetAdHocDarwinSignature: process.platform === 'darwin', [NODE_CLI_INSPECT]: true });
console.log('smoke: nodeCliInspect turned on in this installed copy only, for Playwright to reach the main process');

if (process.env.GITHUB_ENV) appendFileSync(process.env.GITHUB_ENV, `SITEDESK_APP_PATH=${executable}\n`);
console.log(`smoke: SITEDESK_APP_PATH=${executable}`);
