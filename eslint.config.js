// Folder = runtime (docs/architecture.md): each folder may only import what its runtime has.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { serverLayers } from './scripts/eslint/server-layers.js';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'stream', 'http', 'https', 'url', 'events'];
// A bare builtin's name ('events', 'url') is restricted as that exact specifier (`paths`): as a pattern it would also
// refuse any relative import ending in it (renderer/src/platform/events).
const BARE_BUILTINS = new Set(nodeBuiltins.filter((n) => !n.includes('*')));
const restriction = (patterns, message, more = []) => ({
  paths: patterns.filter((p) => BARE_BUILTINS.has(p)).map((name) => ({ name, message })),
  patterns: [{ group: patterns.filter((p) => !BARE_BUILTINS.has(p)), message }, ...more],
});
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', restriction(patterns, message)],
});

// server/ is a plain Node service; its layers (base < http < engine < platform < content < app) and which module builds
// on which are declared once, in server/modules.json, and enforced as an allow-list (scripts/eslint/server-layers.js).
const serverRuntime = ['electron', '**/renderer/**', '**/main/**', '**/preload/**'];

const rendererRuntime = ['electron', ...nodeBuiltins, '**/main/**', '**/preload/**', '**/server/**'];
const RENDERER_LAYERS = [
  ['platform', ['renderer/platform/**']],
  ['api', ['renderer/src/api/**']],
  ['session', ['renderer/src/session/**']],
  ['core', ['renderer/src/core/**']],
  ['resources', ['renderer/src/resources/**']],
  ['features', ['renderer/src/features/**']],
  ['pages', ['renderer/src/pages/**']],
  ['app', ['renderer/src/app/**', 'renderer/src/main.tsx']],
];
function rendererLayers() {
  return RENDERER_LAYERS.map(([name, files], i) => {
    const higher = RENDERER_LAYERS.slice(i + 1).map(([n]) => n);
    const group = higher.flatMap((n) => [`**/${n}/**`, `**/${n}`, `./${n}/**`]);
    if (name === 'platform') group.push('**/src/**');
    if (group.length) group.push('!**/shared/**'); // shared/resources is the definitions, not this layer
    return {
      files,
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          restriction(
            rendererRuntime,
            'renderer/ is the web page: it reaches the desktop only through renderer/platform and window.desktop.',
            group.length ? [{ group, message: `renderer/${name} is below ${higher.join(', ')}: it does not import them.` }] : [],
          ),
        ],
      },
    };
  });
}

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['shared/**'],
    languageOptions: { globals: {} },
    rules: {
      ...restrict(['electron', ...nodeBuiltins, '**/main/**', '**/preload/**', '**/renderer/**', '**/server/**', 'react', 'antd'],
        'shared/ runs everywhere: no electron, node or DOM, and no other runtime folder.'),
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'navigator', 'process'],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(['electron', ...nodeBuiltins, '**/main/**', '**/preload/**', '**/server/**'],
        'renderer/ is the web page: it reaches the desktop only through renderer/platform and window.desktop.'),
    },
  },
  // Layers inside renderer/ (platform < api < session < core < resources < features < pages < app): a folder imports
  // only the layers below it. core holds what every screen needs (notices, dialogs, unsaved work, preferences,
  // i18n, theme, the workspace); features are built on the resource engine and hand it their inputs (resources/widgets).
  ...rendererLayers(),
  {
    files: ['renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['main/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: { ...restrict(['**/renderer/**', '**/server/**', '**/preload/**'], 'main/ talks to the renderer only over the IPC contract in shared/ipc.') },
  },
  {
    files: ['preload/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...restrict(['**/renderer/**', '**/server/**', '**/main/**', ...nodeBuiltins], 'preload/ only builds window.desktop from shared/ipc.') },
  },
  {
    files: ['server/**'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { sitedesk: serverLayers },
    rules: { ...restrict(serverRuntime, 'server/ is a plain Node service.'), 'sitedesk/server-layers': 'error' },
  },
  {
    files: ['tests/**', 'scripts/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
