// electron-builder.yml checked against electron-builder's own JSON schema, plus the choices that
// matter for this app (targets, hardened runtime, update feed, icons, what goes into the package).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { DEEP_LINK_SCHEME } from '../../../shared/deep-links';
import { APP_USER_MODEL_ID } from '../../../main/notifications/notifier';

const require = createRequire(import.meta.url);
// js-yaml ships no types; this is the one function used.
const yaml = require('js-yaml') as { load(text: string): unknown };
const root = path.resolve(__dirname, '../../..');
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; main: string; homepage: string; author: string };

describe('electron-builder.yml', () => {
  it("validates against electron-builder's schema", () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
    const ajv = new Ajv({ strict: false, allowUnionTypes: true, allErrors: true });
    const validate = ajv.compile(schema);
    const valid = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The schema does catch mistakes (so the check above means something).
    expect(validate({ ...config, appID: 'typo' })).toBe(false);
    expect(validate({ ...config, win: { target: [{ target: 'nsis', arch: ['sparc'] }] } })).toBe(false);
  });

  it('builds Windows NSIS x64 + arm64 and macOS DMG + ZIP universal with the hardened runtime', () => {
    expect(config).toMatchObject({ appId: 'vn.sitedesk.console', productName: 'Sitedesk' });
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64', 'arm64'] }]);
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: 'universal' },
      { target: 'zip', arch: 'universal' },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    for (const key of ['entitlements', 'entitlementsInherit']) {
      const plist = readFileSync(path.join(root, config.mac[key]), 'utf8');
      expect(plist).toContain('com.apple.security.cs.allow-jit');
      expect(plist).not.toContain('com.apple.security.device.camera');
    }
  });

  it('flips the Electron fuses that turn the app into a general-purpose Node runtime off', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.asar).toBe(true);
  });

  it('registers the sitedesk:// scheme in the installers (the one main parses), and the id Windows notifications go under', () => {
    expect(config.protocols).toEqual([{ name: expect.any(String), schemes: [DEEP_LINK_SCHEME] }]);
    // Windows notifications belong to the shortcut's AppUserModelID, which NSIS sets to appId.
    expect(config.appId).toBe(APP_USER_MODEL_ID);
  });

  it('publishes to GitHub releases, the feed electron-updater reads, of the repository package.json names', async () => {
    // No placeholder owner: electron-builder takes the repository from package.json (the release names its own).
    expect(config.publish).toEqual([{ provider: 'github', releaseType: 'release' }]);
    const { getRepositoryInfo } = require('app-builder-lib/out/util/repositoryInfo.js');
    const info = (await getRepositoryInfo(root, pkg, null)) as { type: string; user: string; project: string };
    expect(info).toMatchObject({ type: 'github', user: expect.stringMatching(/^[\w.-]+$/), project: expect.stringMatching(/^[\w.-]+$/) });
    expect(info.user).not.toMatch(/owner|placeholder/i);
    expect(pkg.homepage).toBe(`https://github.com/${info.user}/${info.project}#readme`);
    expect(pkg.author).toBeTruthy();
  });

  it('packages the built app only, with its icons', () => {
    expect(config.files).toEqual(expect.arrayContaining(['dist/main/**', 'dist/preload/**', 'dist/renderer/**', '!node_modules/**']));
    expect(pkg.main).toBe('dist/main/main.js');
    expect(config.extraMetadata.main).toBe(pkg.main);
    for (const icon of [config.mac.icon, config.win.icon, 'build/icon.png']) expect(existsSync(path.join(root, icon)), icon).toBe(true);
    const png = readFileSync(path.join(root, 'build/icon.png'));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
    expect(readFileSync(path.join(root, config.win.icon)).readUInt16LE(2)).toBe(1); // ICO
    expect(readFileSync(path.join(root, config.mac.icon)).subarray(0, 4).toString()).toBe('icns');
  });

  it('has npm run dist', () => {
    expect(pkg.scripts.dist).toMatch(/electron-builder --config electron-builder\.yml/);
    expect(pkg.scripts.dist).toMatch(/^npm run build/);
  });
});
