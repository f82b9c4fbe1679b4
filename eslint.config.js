// Folder = runtime (ARCHITECTURE.md): each folder may only import what its runtime has.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'stream', 'http', 'https', 'url', 'events'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

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
    rules: { ...restrict(['electron', '**/renderer/**', '**/main/**', '**/preload/**'], 'server/ is a plain Node service.') },
  },
  {
    files: ['tests/**', 'scripts/**', '*.config.*'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
