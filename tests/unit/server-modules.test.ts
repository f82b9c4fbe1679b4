// The modules of server/ declare themselves (issue 27, item 4): each folder has one manifest, server/modules.json says
// where each unit sits and what it builds on, server/routes.ts lists the manifests, and lint is an allow-list built
// from modules.json — a sibling's internals, or a layer reaching up, fail `eslint`; what is declared passes.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { layering, layeringProblems } from '../../scripts/eslint/server-layers.js';
import { lintRefusals } from './lintRefusals';
import { baseMigrations } from '../../server/db/migrations/index';
import type { AccountsOptions } from '../../server/accounts/reset';
import type { AuthOptions } from '../../server/auth/routes';
import type { FilesOptions } from '../../server/files/engine';
import type { PrivacyOptions } from '../../server/privacy/routes';
import type { IntakeOptions } from '../../server/intake/routes';
import type { DeliveryOptions } from '../../server/delivery/routes';
import type { WebhookOptions } from '../../server/webhooks/dispatcher';
import type { EventsOptions } from '../../server/events/routes';
import type { MetricsOptions } from '../../server/metrics/routes';
import type { HistoryOptions } from '../../server/history/entries';
import { apiPrefixes, manifests, migrations, optionNames, type ModuleOptions } from '../../server/routes';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const units = layering.units;
const folders = fs.readdirSync(SERVER, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

// ESLint loads typescript-eslint on the first lint: seconds on a busy machine.
describe('server lint is the allow-list of server/modules.json', { timeout: 60_000 }, () => {
  /** The layering rule's complaints about `code` as if it were the file `file` (a path inside server/). */
  const refusals = lintRefusals('sitedesk/server-layers');

  it("fails on a sibling's internals and on a module the file's module does not build on", async () => {
    // news builds on editorial, but editorial's routes are its own; the team is not news's to use at all.
    expect(await refusals('server/news/fake.ts', "import { editorialRoutes } from '../editorial/routes';\nexport { editorialRoutes };\n"))
      .toEqual([expect.stringContaining('server/editorial/routes is internal to editorial')]);
    expect(await refusals('server/news/fake.ts', "export { teamRoutes } from '../team/routes';\n"))
      .toEqual([expect.stringContaining('server/news does not build on server/team')]);
    // Not even a manifest: only server/routes.ts puts modules together.
    expect(await refusals('server/news/fake.ts', "import '../editorial/manifest';\n")).toHaveLength(1);
    // Dynamic imports and `import('…')` types are imports too.
    expect(await refusals('server/news/fake.ts', "export const load = () => import('../team/ledger');\nexport type T = import('../qa/resource').X;\n")).toHaveLength(2);
  });

  it('fails on a layer reaching up: the two arrows issue 27 names', async () => {
    expect(await refusals('server/db/migrations/fake.ts', "import '../../team/tables';\n"))
      .toEqual([expect.stringContaining('server/db (base layer) is below server/team (content layer)')]);
    expect(await refusals('server/config.ts', "import type { SeedOptions } from './bootstrap';\nexport type S = SeedOptions;\n"))
      .toEqual([expect.stringContaining('composition root')]);
    expect(await refusals('server/resources/fake.ts', "import '../news/store';\n")).toEqual([expect.stringContaining('engine layer) is below server/news')]);
    expect(await refusals('server/auth/fake.ts', "import '../editorial/common';\n")).toHaveLength(1);
  });

  it('passes what is declared: own files, open layers below, the public files of the modules built on', async () => {
    const allowed = [
      "import './store';",
      "import '../editorial/tags';", // news builds on editorial, which opens its tags
      "import '../editorial/tree';",
      "import '../resources/engine';", // the engine is an open layer below
      "import '../http/query';",
      "import '../db/dialect';",
      "import '../errors';",
      "import '../../shared/resources/define';",
    ];
    expect(await refusals('server/news/fake.ts', allowed.join('\n') + '\n')).toEqual([]);
    expect(await refusals('server/team/fake.ts', "import '../auth/guard';\ndeclare module '../db/schema' { interface Database { x: number } }\n")).toEqual([]);
    expect(await refusals('server/routes.ts', "import '../server/team/routes';\nimport './news/store';\n")).toEqual([]);
  });
});

describe('server/modules.json and the manifests', () => {
  it('is consistent: known layers, imports only of the same layer or below, no cycles', () => {
    expect(layeringProblems()).toEqual([]);
  });

  it('places every folder and every top-level file of server/, and nothing else', () => {
    const topFiles = fs.readdirSync(SERVER).filter((f) => /\.(ts|json)$/.test(f) && !f.endsWith('.test.ts')).map((f) => f.replace(/\.(ts|json)$/, ''));
    expect(Object.keys(units).sort()).toEqual([...folders, ...topFiles].sort());
    // A module's exports name files it has (one moved away leaves no stale opening).
    const missing = Object.entries(units).flatMap(([name, unit]) =>
      (unit.exports ?? []).filter((e) => !['.ts', '/index.ts'].some((end) => fs.existsSync(path.join(SERVER, name, e + end)))).map((e) => `${name}/${e}`));
    expect(missing).toEqual([]);
  });

  it('has one manifest per module folder, named after it, listed once in server/routes.ts with its declared layer and imports', () => {
    const withManifest = folders.filter((f) => fs.existsSync(path.join(SERVER, f, 'manifest.ts'))).sort();
    // Every folder above the open base and http layers: the engine (its routes) and the modules.
    expect(withManifest).toEqual(folders.filter((f) => ['engine', 'platform', 'content'].includes(units[f].layer)).sort());
    expect(manifests.map((m) => m.name).sort()).toEqual(withManifest);
    for (const m of manifests) {
      expect(m.layer).toBe(units[m.name].layer);
      expect(m.imports).toEqual(units[m.name].imports ?? []);
    }
  });

  it('runs the migrations in the order databases recorded them, each file declared exactly once', () => {
    const names = migrations.map((m) => m.name);
    // Existing databases have these recorded by name, in this order: a module's manifest must not reorder them.
    expect(names.slice(0, 12)).toEqual([
      '0001_core', '0003_files', '0004_resources', '0005_editorial', '0006_one_default', '0007_roles', '0008_review_history',
      '0009_team', '0010_team_list_order', '0011_review_filters', '0012_phone_numbers', '0013_partner_names',
    ]);
    expect(names).toEqual([...names].sort());
    const declared = [...baseMigrations, ...manifests.flatMap((m) => m.migrations)].map((m) => m.name).sort();
    const files = fs.readdirSync(path.join(SERVER, 'db/migrations')).filter((f) => /^\d{4}_.*\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, ''));
    expect(declared).toEqual(files.sort());
  });

  it("takes the modules' own buildApp options from their manifests", () => {
    expect(optionNames).toEqual(['auth', 'accounts', 'files', 'privacy', 'intake', 'delivery', 'webhooks', 'history', 'events', 'metrics']);
    expectTypeOf<ModuleOptions>().toEqualTypeOf<{ auth?: AuthOptions; accounts?: AccountsOptions; files?: FilesOptions; privacy?: PrivacyOptions; intake?: IntakeOptions; delivery?: DeliveryOptions; webhooks?: WebhookOptions; history?: HistoryOptions; events?: EventsOptions; metrics?: MetricsOptions }>();
  });

  it('derives the API prefixes from the route modules', () => {
    expect([...apiPrefixes].sort()).toEqual(['/api', '/auth', '/content', '/core', '/files', '/health', '/his', '/integration', '/metrics', '/public', '/push']);
  });
});
