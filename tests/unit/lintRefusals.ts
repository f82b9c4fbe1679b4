// The complaints of one lint rule about a piece of code linted as if it were a file of the repository (the layer
// rules' suites: server-modules.test.ts, renderer-layers.test.ts). ESLint loads typescript-eslint on the first lint:
// seconds on a busy machine, so those suites take a long timeout.
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

export function lintRefusals(ruleId: string): (file: string, code: string) => Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: path.join(ROOT, 'eslint.config.js') });
  return async (file, code) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
  };
}
