// The layers of renderer/ (issue 38): lint resolves each import to the folder it lands in, so renderer/src/platform (the
// live events) is a layer like the others, and a page imports no other page.
import { describe, expect, it } from 'vitest';
import { lintRefusals } from './lintRefusals';

// ESLint loads typescript-eslint on the first lint: seconds on a busy machine.
describe('renderer lint follows its layers', { timeout: 60_000 }, () => {
  const refusals = lintRefusals('renderer/renderer-layers');

  it('refuses a page importing another page, and a layer reaching up', async () => {
    expect(await refusals('renderer/src/pages/qa/Fake.ts', "export { seoSuggestions } from '../news/newsWire';\n")).toEqual([expect.stringContaining('a page imports no other page')]);
    expect(await refusals('renderer/src/platform/fake.ts', "import '../core/notices';\n")).toEqual([expect.stringContaining('renderer live is below')]);
    expect(await refusals('renderer/src/resources/fake.ts', "export const load = () => import('../pages/news/NewsListPage');\n")).toHaveLength(1);
    expect(await refusals('renderer/platform/fake.ts', "import '../src/session';\n")).toHaveLength(1);
  });

  it('lets each layer import those below it and its own', async () => {
    expect(await refusals('renderer/src/resources/fake.ts', "import '../platform/events';\nimport '../core/notices';\n")).toEqual([]);
    expect(await refusals('renderer/src/platform/fake.ts', "import '../api/client';\nimport '../session';\nimport './eventStream';\n")).toEqual([]);
    expect(await refusals('renderer/src/api/fake.ts', "import '../../platform';\n")).toEqual([]);
    expect(await refusals('renderer/src/pages/qa/Fake.ts', "import './qaForm';\nimport '../../features/editorial/seoSuggest';\n")).toEqual([]);
    expect(await refusals('renderer/src/app/fake.ts', "export const load = () => import('../pages/news/NewsListPage');\n")).toEqual([]);
  });
});
