// The release workflow's decisions (scripts/release/plan.ts): the version a tag stands for, electron-builder's
// command line read back through electron-builder's own parser and config loader, signing by the secrets present,
// the update feed, and the fuse check of the installed app on a fuse wire written by @electron/fuses itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builderArguments, FUSE_INDEX, fuseMismatches, readUpdateFeed, signingPlan, versionFromTag } from '../../scripts/release/plan';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../..');
const yaml = require('js-yaml') as { load(text: string): unknown };
const builderConfig = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as { electronFuses: Record<string, boolean> };

describe('versionFromTag', () => {
  it('takes the version from v<semver> tags and refuses others', () => {
    expect(versionFromTag('v1.4.0')).toEqual({ version: '1.4.0', prerelease: false });
    expect(versionFromTag('v2.0.0-beta.1')).toEqual({ version: '2.0.0-beta.1', prerelease: true });
    for (const tag of ['1.4.0', 'v1.4', 'v1.4.0.1', 'release-1', 'v1.4.0-', 'vnext']) expect(() => versionFromTag(tag), tag).toThrow(/not a release tag/);
  });
});

describe("electron-builder's command line", () => {
  it('builds at the tag version, publishes nothing itself, and points the update feed at the repository', async () => {
    const argv = builderArguments('mac', '1.4.0', 'acme-clinic', 'sitedesk-app');
    expect(argv).toEqual(expect.arrayContaining(['--mac', '--publish', 'never']));
    // Read back as electron-builder does: its yargs set-up, its option normaliser, its config loader and merger.
    const { createYargs, configureBuildCommand, normalizeOptions } = require('electron-builder/out/builder.js');
    const { getConfig } = require('app-builder-lib/out/util/config/config.js');
    const options = normalizeOptions(configureBuildCommand(createYargs()).parse(argv));
    expect(options.publish).toBe('never');
    const config = await getConfig(root, typeof options.config === 'string' ? options.config : null, typeof options.config === 'string' ? null : options.config);
    expect(config.publish).toEqual([{ provider: 'github', owner: 'acme-clinic', repo: 'sitedesk-app', releaseType: 'release' }]);
    expect(config.extraMetadata).toEqual({ main: 'dist/main/main.js', version: '1.4.0' });
    expect(config.appId).toBe('vn.sitedesk.console');
  });
});

describe('signingPlan', () => {
  const secrets = {
    CSC_LINK: 'base64-p12-apple',
    CSC_KEY_PASSWORD: 'apple-pw',
    WIN_CSC_LINK: 'base64-pfx-windows',
    WIN_CSC_KEY_PASSWORD: 'win-pw',
    APPLE_ID: 'dev@example.com',
    APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
    APPLE_TEAM_ID: 'TEAM123456',
  };
  const unset = Object.fromEntries(Object.keys(secrets).map((name) => [name, ''])); // how GitHub passes an unset secret

  it('signs and notarises on macOS with every secret, keeping the Windows certificate away', () => {
    const plan = signingPlan('mac', { PATH: '/bin', ...secrets });
    expect(plan).toMatchObject({ signed: true, notarised: true });
    expect(plan.env).toMatchObject({ PATH: '/bin', CSC_LINK: secrets.CSC_LINK, APPLE_TEAM_ID: secrets.APPLE_TEAM_ID });
    expect(plan.env).not.toHaveProperty('WIN_CSC_LINK');
    expect(plan.env).not.toHaveProperty('CSC_IDENTITY_AUTO_DISCOVERY');
    expect(plan.lines.join('\n')).not.toContain('::warning');
  });

  it('signs on Windows with WIN_CSC_LINK only, never with the Apple certificate', () => {
    const plan = signingPlan('win', { ...secrets });
    expect(plan).toMatchObject({ signed: true, notarised: false });
    expect(Object.keys(plan.env).sort()).toEqual(['WIN_CSC_KEY_PASSWORD', 'WIN_CSC_LINK']);
    // Only the Apple certificate set: Windows stays unsigned rather than being signed with it.
    const apple = signingPlan('win', { CSC_LINK: secrets.CSC_LINK, CSC_KEY_PASSWORD: 'x', WIN_CSC_LINK: '' });
    expect(apple.signed).toBe(false);
    expect(apple.env).toEqual({});
  });

  it('builds unsigned without the secrets, removes their empty values and says so as a warning', () => {
    const mac = signingPlan('mac', { PATH: '/bin', ...unset });
    expect(mac).toMatchObject({ signed: false, notarised: false });
    expect(mac.env).toEqual({ PATH: '/bin', CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(mac.lines.join('\n')).toMatch(/::warning title=Unsigned macOS build::CSC_LINK is not set: the app is NOT signed/);
    const win = signingPlan('win', { PATH: '/bin', ...unset });
    expect(win.env).toEqual({ PATH: '/bin' });
    expect(win.lines.join('\n')).toMatch(/::warning title=Unsigned Windows build::WIN_CSC_LINK is not set/);
  });

  it('signs without notarising when the Apple ID secrets are missing, and says so', () => {
    const plan = signingPlan('mac', { CSC_LINK: 'p12', CSC_KEY_PASSWORD: 'pw', APPLE_ID: '', APPLE_APP_SPECIFIC_PASSWORD: '', APPLE_TEAM_ID: '' });
    expect(plan).toMatchObject({ signed: true, notarised: false });
    expect(plan.env).toEqual({ CSC_LINK: 'p12', CSC_KEY_PASSWORD: 'pw' });
    expect(plan.lines.join('\n')).toMatch(/::warning title=Not notarised::/);
  });

  it('refuses half of the notarisation secrets, and does not notarise an unsigned app', () => {
    expect(() => signingPlan('mac', { CSC_LINK: 'p12', APPLE_ID: 'dev@example.com' })).toThrow(/APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID not set/);
    const plan = signingPlan('mac', { APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' });
    expect(plan).toMatchObject({ signed: false, notarised: false });
    expect(plan.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(plan.lines.join('\n')).toContain('an unsigned app cannot be notarised');
  });
});

describe('readUpdateFeed', () => {
  it('reads the version and the files of latest.yml as electron-builder writes it', () => {
    const feed = [
      'version: 1.4.0',
      'files:',
      '  - url: Sitedesk-Setup-1.4.0.exe',
      '    sha512: abc==',
      '    size: 180000000',
      '  - url: Sitedesk-Setup-1.4.0-x64.exe',
      '    sha512: def==',
      '    size: 90000000',
      'path: Sitedesk-Setup-1.4.0.exe',
      'sha512: abc==',
      "releaseDate: '2026-11-26T21:00:00.000Z'",
    ].join('\n');
    expect(readUpdateFeed(feed)).toEqual({ version: '1.4.0', files: ['Sitedesk-Setup-1.4.0.exe', 'Sitedesk-Setup-1.4.0-x64.exe'] });
  });
});

describe('the fuses of the installed app', () => {
  const fuses = require('@electron/fuses') as {
    FuseV1Options: Record<string, number | string>;
    flipFuses(file: string, config: Record<string | number, unknown>): Promise<number>;
    getCurrentFuseWire(file: string): Promise<Record<number, number>>;
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sitedesk-fuses-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in binary holding a fuse wire (sentinel, version 1, 8 fuses all on), the way Electron's does. */
  function fakeBinary(): string {
    const file = path.join(dir, `electron-${Math.random().toString(36).slice(2)}`);
    writeFileSync(file, Buffer.concat([Buffer.from('padding…'), Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'), Buffer.from([1, 8]), Buffer.alloc(8, 49), Buffer.from('…more')]));
    return file;
  }
  const asConfigured = () =>
    Object.fromEntries(
      Object.entries(builderConfig.electronFuses)
        .filter(([key]) => key !== 'resetAdHocDarwinSignature')
        .map(([key, value]) => [FUSE_INDEX[key], value]),
    );

  it("names each fuse of electron-builder.yml by @electron/fuses' own index", () => {
    for (const [key, index] of Object.entries(FUSE_INDEX)) expect(fuses.FuseV1Options[key[0].toUpperCase() + key.slice(1)], key).toBe(index);
    for (const key of Object.keys(builderConfig.electronFuses)) if (key !== 'resetAdHocDarwinSignature') expect(FUSE_INDEX, key).toHaveProperty(key);
  });

  it('finds an app built with the configured fuses right, and one with a fuse left on wrong', async () => {
    const built = fakeBinary();
    await fuses.flipFuses(built, { version: '1', ...asConfigured() });
    expect(fuseMismatches(builderConfig.electronFuses, await fuses.getCurrentFuseWire(built))).toEqual([]);

    const unfused = fakeBinary(); // every fuse on, as an Electron binary comes
    expect(fuseMismatches(builderConfig.electronFuses, await fuses.getCurrentFuseWire(unfused))).toEqual(
      expect.arrayContaining(['runAsNode: on, electron-builder.yml says off', 'enableNodeCliInspectArguments: on, electron-builder.yml says off']),
    );
  });

  it("the smoke test's copy differs from the shipped app by nodeCliInspect alone", async () => {
    const copy = fakeBinary();
    await fuses.flipFuses(copy, { version: '1', ...asConfigured() });
    await fuses.flipFuses(copy, { version: '1', [FUSE_INDEX.enableNodeCliInspectArguments]: true }); // as scripts/release/smoke-app.ts
    expect(fuseMismatches(builderConfig.electronFuses, await fuses.getCurrentFuseWire(copy))).toEqual([
      'enableNodeCliInspectArguments: on, electron-builder.yml says off',
    ]);
  });
});
