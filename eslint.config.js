import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

// One door per part (DESIGN.md §7): nobody reaches into another part's insides.
const serverGroup = ['**/server/**', '../server', '../../server'];
const noReach = (msg) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: serverGroup, message: msg }] }],
});
// The worker's one door for the main thread is workers/public.ts.
const workerInsides = { regex: '(^|/)workers(/(?!public$)|$)', message: 'src/ reaches the worker through workers/public.ts only' };
// core/ is pure: no DOM framework, no Node, nothing of ours; inside it, siblings import each other, never the barrel.
const coreRules = {
  paths: [
    ...['..', '../index', '../..', '../../index', './index'].map((name) => ({ name, message: 'core/ files import their siblings directly, never the core/index.ts barrel' })),
    ...builtinModules.map((name) => ({ name, message: 'core/ runs in browsers and workers: no Node modules' })),
  ],
  patterns: [
    { group: ['**/src/**', '**/server/**', '**/workers/**', '../../**', '!../../core/**'], message: 'core/ imports nothing of ours' },
    { group: ['node:*'], message: 'core/ runs in browsers and workers: no Node modules' },
    { group: ['react', 'react/**', 'react-dom', 'react-dom/**', 'react-*', 'antd-mobile*', 'valtio', 'valtio/**', 'comlink'], message: 'core/ is pure domain math and types: no UI or runtime libraries' },
  ],
};

// The server's rules (db, auth, and each area's domain/ and jobs) never know HTTP: errors come from server/errors.ts.
const serverBelowHttp = { regex: '^(\\.\\.?/)+(.*/)?http(/|$)', message: 'business rules, the database and jobs do not import server/http (AppError is in server/errors.ts)' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'bench/results/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [{ group: serverGroup, message: 'the web app talks to the server over HTTP and the worker only' }, workerInsides] }],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', coreRules],
    },
  },
  { files: ['workers/**/*.ts'], languageOptions: { globals: globals.worker }, rules: noReach('the worker talks to the server over socket.io and fetch only') },
  { files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,ts,mjs}', 'e2e/**/*.ts', '*.config.{js,ts}'], languageOptions: { globals: globals.node } },
  {
    files: ['server/auth/**/*.ts', 'server/db/**/*.ts', 'server/areas/*/domain/**/*.ts', 'server/areas/*/jobs.ts', 'server/areas/*/jobs/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverBelowHttp] }] },
  },
);
