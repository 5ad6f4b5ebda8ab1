// Lint rules, chiefly the import boundaries of the layers and inside them:
//   shared   → no Node, DOM or Electron
//   renderer → shared only
//   electron/core → never `electron`
//   raw ipcMain / ipcRenderer → only inside the typed wrappers
//   a renderer feature → another feature only in its slot modules (`*-slots.ts(x)`), and features in
//     no loop; components/, lib/, stores/, bridge/, i18n/ → no feature (local/feature-slots)
//   no import cycles anywhere, type-only imports included (local/no-import-cycle)
// The two local rules are in scripts/lint/import-rules.js.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importRules } from './scripts/lint/import-rules.js';

const nodeOnlyPackages = ['better-sqlite3', 'keytar', 'undici', 'ws', 'electron-store', 'conf', 'node-forge'];

// Module names are matched exactly (`paths`); only anchored regexes go in `patterns`, so that a
// builtin's name (`events`, `domain`) never matches one of our own folders.
const nodePaths = builtinModules.map((name) => ({
  name,
  message: 'This layer must not use Node APIs: it reaches the host through the contract.',
}));
const nodeScheme = { regex: '^node:', message: 'This layer must not use Node APIs: it reaches the host through the contract.' };
const electronPath = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };
const noElectron = { regex: '^electron/', message: 'Only electron/main and electron/preload may import electron.' };
const hostPackages = nodeOnlyPackages.map((name) => ({ name, message: 'Host-only library: reach it through the contract.' }));
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Use the typed IPC wrappers (electron/main/ipc-main.ts, electron/preload/index.ts).',
};
const uiPackages = ['react', 'react-dom', 'zustand', 'i18next', 'react-i18next'].map((name) => ({
  name,
  message: 'shared holds no UI code.',
}));

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/fixtures/lint/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { local: importRules },
    rules: {
      'local/no-import-cycle': [
        'error',
        {
          // Being removed with the send job's rewrite (another branch); the only cycle allowed.
          allow: [['electron/core/batches/batch-sending.ts', 'electron/core/batches/send-job-steps.ts']],
        },
      ],
      'local/feature-slots': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts}'],
    ignores: ['renderer/src/**', 'shared/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['*.config.{ts,js}', 'eslint.config.js', 'renderer/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodePaths, electronPath, ...hostPackages, ...uiPackages],
          patterns: [
            nodeScheme,
            noElectron,
            { regex: '(^|/)(electron|renderer|test)/', message: 'shared imports nothing from other layers.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodePaths, electronPath, ...hostPackages],
          patterns: [
            nodeScheme,
            noElectron,
            { regex: '(^|/)(electron|test)/', message: 'The renderer reaches the host only through shared/ and the bridge.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [electronPath],
          patterns: [
            noElectron,
            { regex: '(^|/)(renderer|main|preload|web|cli|demo)/', message: 'The core does not depend on its hosts or the renderer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/web/**/*.ts', 'electron/cli/**/*.ts', 'test/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronPath], patterns: [noElectron] }] },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    ignores: ['electron/main/ipc-main.ts', 'electron/preload/index.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [rawIpc] }] },
  },
);
