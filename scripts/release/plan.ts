/**
 * The decisions of the release workflow (.github/workflows/release.yml), kept out of the YAML so they are tested:
 * the version a tag stands for, whether a build is signed and notarised with the secrets at hand (and the lines the
 * log shows about it), and whether a built app carries the Electron fuses electron-builder.yml asks for.
 */
import { createRequire } from 'node:module';

// js-yaml ships no types; this is the one function used.
const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

/** `v1.4.0` → `1.4.0`; `v2.0.0-beta.1` → `2.0.0-beta.1` (a prerelease). Anything else is not a release tag. */
export function versionFromTag(tag: string): { version: string; prerelease: boolean } {
  const match = /^v(\d+\.\d+\.\d+)(-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/.exec(tag.trim());
  if (!match) throw new Error(`"${tag}" is not a release tag: tag a release as v<major>.<minor>.<patch>, e.g. v1.4.0 or v1.5.0-beta.1`);
  return { version: match[1] + (match[2] ?? ''), prerelease: match[2] !== undefined };
}

export type ReleasePlatform = 'mac' | 'win';

/**
 * electron-builder's command line for one platform of a release: built only (`--publish never`: the workflow publishes
 * after the smoke test), at the tag's version, with the update feed naming the repository that publishes.
 * No `--config electron-builder.yml`: it is the default file, and naming it beside `-c.` values turns it into an
 * `extends` of itself, which makes the publish list [file's entry, override] and the app would read the file's entry.
 * `-c.publish.*` applies to the first entry of the file's `publish` list (tests/unit/release.test.ts reads it back).
 */
export function builderArguments(platform: ReleasePlatform, version: string, owner: string, repo: string): string[] {
  return [`--${platform}`, '--publish', 'never', `-c.extraMetadata.version=${version}`, `-c.publish.owner=${owner}`, `-c.publish.repo=${repo}`];
}

/** The secrets electron-builder reads from the environment for signing and notarising. */
export const SIGNING_VARIABLES = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
] as const;
const APPLE_NOTARY = ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] as const;

export interface SigningPlan {
  /** The environment to run electron-builder with. */
  env: Record<string, string | undefined>;
  signed: boolean;
  notarised: boolean;
  /** What the log says (GitHub `::warning::` lines for an unsigned build, so the run's summary shows it). */
  lines: string[];
}

/**
 * Which signing applies to a build on `platform`, from the secrets present in `env`.
 * A GitHub secret that is not set arrives as an empty string, which electron-builder would take as a value
 * (an empty WIN_CSC_LINK hides CSC_LINK, an empty APPLE_ID fails notarisation): the empty ones are removed.
 * Each platform keeps only its own certificate, so the Apple certificate in CSC_LINK never reaches signtool.
 */
export function signingPlan(platform: ReleasePlatform, env: Record<string, string | undefined>): SigningPlan {
  const has = (name: string) => (env[name] ?? '').trim() !== '';
  const out: Record<string, string | undefined> = { ...env };
  for (const name of SIGNING_VARIABLES) if (!has(name)) delete out[name];

  if (platform === 'win') {
    for (const name of ['CSC_LINK', 'CSC_KEY_PASSWORD', ...APPLE_NOTARY]) delete out[name];
    const signed = has('WIN_CSC_LINK');
    return {
      env: out,
      signed,
      notarised: false,
      lines: signed
        ? ['signing: the Windows installers are signed with the certificate in WIN_CSC_LINK (password WIN_CSC_KEY_PASSWORD).']
        : [
            '::warning title=Unsigned Windows build::WIN_CSC_LINK is not set: the installers are NOT signed. SmartScreen warns ' +
              'whoever runs them. Set the WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD secrets to sign.',
          ],
    };
  }

  for (const name of ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']) delete out[name];
  const signed = has('CSC_LINK');
  const notary = APPLE_NOTARY.filter(has);
  if (notary.length > 0 && notary.length < APPLE_NOTARY.length) {
    const missing = APPLE_NOTARY.filter((name) => !has(name));
    throw new Error(`notarisation needs APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID together: ${missing.join(', ')} not set`);
  }
  const lines: string[] = [];
  if (signed) {
    lines.push('signing: the macOS app is signed with the Developer ID certificate in CSC_LINK (password CSC_KEY_PASSWORD).');
  } else {
    // Without it electron-builder would look for any identity in the runner's keychains.
    out.CSC_IDENTITY_AUTO_DISCOVERY = 'false';
    lines.push(
      '::warning title=Unsigned macOS build::CSC_LINK is not set: the app is NOT signed (ad-hoc signature only) and not notarised. ' +
        'Gatekeeper blocks it on other Macs, and auto-update on macOS needs a signed app. Set CSC_LINK and CSC_KEY_PASSWORD to sign.',
    );
  }
  let notarised = false;
  if (notary.length === APPLE_NOTARY.length && signed) {
    notarised = true;
    lines.push('notarising: the signed app is sent to Apple (APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID) and stapled.');
  } else {
    for (const name of APPLE_NOTARY) delete out[name];
    if (signed) {
      lines.push(
        '::warning title=Not notarised::APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID are not set: the signed app is NOT notarised, so ' +
          'Gatekeeper still warns on first start.',
      );
    } else if (notary.length) {
      lines.push('notarising: skipped, an unsigned app cannot be notarised (the APPLE_* secrets are set but CSC_LINK is not).');
    }
  }
  return { env: out, signed, notarised, lines };
}

/**
 * electron-builder.yml's `electronFuses` keys → their index in Electron's fuse wire (@electron/fuses FuseV1Options).
 * `resetAdHocDarwinSignature` is an instruction to electron-builder, not a fuse.
 */
export const FUSE_INDEX: Record<string, number> = {
  runAsNode: 0,
  enableCookieEncryption: 1,
  enableNodeOptionsEnvironmentVariable: 2,
  enableNodeCliInspectArguments: 3,
  enableEmbeddedAsarIntegrityValidation: 4,
  onlyLoadAppFromAsar: 5,
  loadBrowserProcessSpecificV8Snapshot: 6,
  grantFileProtocolExtraPrivileges: 7,
};
/** Byte values in the fuse wire (@electron/fuses FuseState). */
const FUSE_ON = 49;
const FUSE_OFF = 48;

/** The fuses of a built app (its wire, index → byte) that differ from what electron-builder.yml asks for. */
export function fuseMismatches(wanted: Record<string, unknown>, wire: Record<number, number>): string[] {
  const mismatches: string[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    if (key === 'resetAdHocDarwinSignature') continue;
    const index = FUSE_INDEX[key];
    if (index === undefined) {
      mismatches.push(`${key}: not a fuse this check knows (scripts/release/plan.ts FUSE_INDEX)`);
      continue;
    }
    const actual = wire[index];
    const expected = value ? FUSE_ON : FUSE_OFF;
    if (actual !== expected) {
      const shown = actual === FUSE_ON ? 'on' : actual === FUSE_OFF ? 'off' : actual === undefined ? 'absent' : `state ${actual}`;
      mismatches.push(`${key}: ${shown}, electron-builder.yml says ${value ? 'on' : 'off'}`);
    }
  }
  return mismatches;
}

/** The update feed electron-builder wrote (latest.yml / latest-mac.yml): its version and the files it names. */
export function readUpdateFeed(text: string): { version: string | null; files: string[] } {
  const feed = (yaml.load(text) ?? {}) as { version?: unknown; files?: { url?: unknown }[] };
  return {
    version: feed.version === undefined || feed.version === null ? null : String(feed.version),
    files: (feed.files ?? []).map((file) => String(file.url)),
  };
}
