/**
 * `tsx scripts/release/package.ts <mac|win>`: one platform's installers for a release, run by
 * .github/workflows/release.yml after `npm run build`.
 *
 * - The version is the tag's (GITHUB_REF_NAME `v1.4.0` → 1.4.0), given to electron-builder as extraMetadata, so
 *   the installers, the app's own version and the update feed all say it; package.json is not edited.
 * - The update feed names the repository being built (GITHUB_REPOSITORY), not package.json's `repository`:
 *   it is written into the app (resources/app-update.yml, where electron-updater looks) and into latest*.yml.
 * - Signing and notarisation follow the secrets present (scripts/release/plan.ts), and the log says which.
 * - electron-builder only builds (`--publish never`): the workflow publishes once the smoke test passed.
 * Afterwards it checks that the update feed exists, says this version and names files that exist.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builderArguments, readUpdateFeed, signingPlan, versionFromTag, type ReleasePlatform } from './plan';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

function fail(message: string): never {
  console.error(`::error::${message}`);
  process.exit(1);
}

const platform = process.argv[2] as ReleasePlatform;
if (platform !== 'mac' && platform !== 'win') fail('usage: tsx scripts/release/package.ts <mac|win>');
const tag = process.env.GITHUB_REF_NAME;
if (!tag) fail('GITHUB_REF_NAME is not set: the release is built from a tag (v1.4.0) by .github/workflows/release.yml');
const { version } = versionFromTag(tag);
const repository = process.env.GITHUB_REPOSITORY ?? '';
const [owner, repo] = repository.split('/');
if (!owner || !repo) fail('GITHUB_REPOSITORY (owner/name) is not set: the update feed must name the repository that publishes');

const plan = signingPlan(platform, process.env);
for (const line of plan.lines) console.log(line);
console.log(`release: Sitedesk ${version} for ${platform === 'mac' ? 'macOS (universal DMG and ZIP)' : 'Windows (NSIS x64 and arm64)'}, update feed github.com/${owner}/${repo}`);

const builder = spawnSync(
  process.execPath,
  [require.resolve('electron-builder/cli.js'), ...builderArguments(platform, version, owner, repo)],
  { cwd: root, env: plan.env, stdio: 'inherit' },
);
if (builder.status !== 0) fail(`electron-builder failed (exit ${builder.status ?? builder.signal})`);

const outDir = path.join(root, 'release', version);
const feedName = platform === 'mac' ? 'latest-mac.yml' : 'latest.yml';
const feedPath = path.join(outDir, feedName);
if (!existsSync(feedPath)) fail(`${feedName} was not written in ${outDir}: electron-updater would find no update`);
const feed = readUpdateFeed(readFileSync(feedPath, 'utf8'));
if (feed.version !== version) fail(`${feedName} says version ${feed.version}, the tag ${tag}`);
const missing = feed.files.filter((file) => !existsSync(path.join(outDir, file)));
if (!feed.files.length || missing.length) fail(`${feedName} names files that were not built: ${missing.join(', ') || '(none named)'}`);
console.log(`release: ${feedName} (version ${version}) names ${feed.files.join(', ')}`);
console.log(`release: ${plan.signed ? 'signed' : 'UNSIGNED'}${platform === 'mac' ? (plan.notarised ? ', notarised' : ', not notarised') : ''}`);
