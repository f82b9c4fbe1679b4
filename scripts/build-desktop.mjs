// `npm run build:desktop`: bundle the Electron main process (ESM, electron-store 10 is ESM-only)
// and the preload (CommonJS: Electron's sandboxed preload cannot be a module) into dist/.
// electron is provided by the runtime; keytar is an optional native module loaded lazily.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
// The organisation's staging and production servers (main/preferences.ts) are written into the app when they are set
// at build time (the release workflow passes the repository variables of the same names); unset, the app reads them
// from its environment at start, and without them offers the local server and the user's own URLs.
const serverDefines = Object.fromEntries(
  ['SITEDESK_STAGING_URL', 'SITEDESK_PRODUCTION_URL']
    .filter((name) => process.env[name]?.trim())
    .map((name) => [`process.env.${name}`, JSON.stringify(process.env[name].trim())]),
);
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  sourcemap: 'linked',
  external: ['electron', 'keytar'],
  logLevel: 'warning',
  absWorkingDir: root,
};

await Promise.all([
  build({
    ...common,
    entryPoints: ['main/main.ts'],
    outfile: 'dist/main/main.js',
    format: 'esm',
    define: serverDefines,
    // Bundled CommonJS dependencies (electron-updater…) call require() for Node built-ins.
    banner: { js: "import { createRequire as __sitedeskCreateRequire } from 'node:module'; const require = __sitedeskCreateRequire(import.meta.url);" },
  }),
  build({
    ...common,
    entryPoints: ['preload/preload.ts'],
    outfile: 'dist/preload/preload.cjs',
    format: 'cjs',
    platform: 'browser',
    target: 'chrome130',
    minify: true,
  }),
]);
console.log(`build:desktop: dist/main/main.js and dist/preload/preload.cjs in ${Date.now() - started} ms`);
