import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One door per part (DESIGN.md §7): nobody reaches into another part's insides.
const noReach = (msg) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '../server', '../../server'], message: msg }] }],
});

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
      ...noReach('the web app talks to the server over HTTP and the worker only'),
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/server/**', '**/workers/**', '../../**', '!../../core/**'], message: 'core/ imports nothing of ours' }] }],
    },
  },
  { files: ['workers/**/*.ts'], languageOptions: { globals: globals.worker }, rules: noReach('the worker talks to the server over socket.io and fetch only') },
  { files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,ts,mjs}', 'e2e/**/*.ts', '*.config.{js,ts}'], languageOptions: { globals: globals.node } },
);
