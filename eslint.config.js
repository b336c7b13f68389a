import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import { builtinModules } from 'node:module';

// One door per part (DESIGN.md §7): nobody reaches into another part's insides.
const serverGroup = ['**/server/**', '../server', '../../server'];
const noReach = (msg) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: serverGroup, message: msg }] }],
});
// The worker's one door for the main thread is workers/public.ts.
const workerInsides = {
  regex: '(^|/)workers(/(?!public$)|$)',
  message: 'src/ reaches the worker through workers/public.ts only',
};
const srcPatterns = [
  { group: serverGroup, message: 'the web app talks to the server over HTTP and the worker only' },
  workerInsides,
];
// core/ is pure: no DOM framework, no Node, nothing of ours; inside it, siblings import each other, never the barrel.
const coreRules = {
  paths: [
    ...['..', '../index', '../..', '../../index', './index'].map((name) => ({
      name,
      message: 'core/ files import their siblings directly, never the core/index.ts barrel',
    })),
    ...builtinModules.map((name) => ({ name, message: 'core/ runs in browsers and workers: no Node modules' })),
  ],
  patterns: [
    {
      group: ['**/src/**', '**/server/**', '**/workers/**', '../../**', '!../../core/**'],
      message: 'core/ imports nothing of ours',
    },
    { group: ['node:*'], message: 'core/ runs in browsers and workers: no Node modules' },
    {
      group: [
        'react',
        'react/**',
        'react-dom',
        'react-dom/**',
        'react-*',
        'antd-mobile*',
        'valtio',
        'valtio/**',
        'comlink',
      ],
      message: 'core/ is pure domain math and types: no UI or runtime libraries',
    },
  ],
};

const noTestImports = {
  selector: 'ImportDeclaration[source.value=/(\\.fixture|\\/testing\\/.*|^vitest|^fast-check)$/]',
  message: 'production code imports no test fixture and no test library',
};

// The server's rules (db, auth, and each area's domain/ and jobs) never know HTTP: errors come from server/errors.ts.
const serverBelowHttp = {
  regex: '^(\\.\\.?/)+(.*/)?http(/|$)',
  message: 'business rules, the database and jobs do not import server/http (AppError is in server/errors.ts)',
};

// Server areas are slices (docs/architecture.md): another area, the composition root, the checkers,
// scripts and tests outside an area reach an area through its door, server/areas/<area>/domain/index.ts;
// only the area list (server/areas/index.ts) imports an area's plugin. What lies below the areas
// (server/shared, kernel, db, auth, storage, plugins) imports no area at all.
const AREA_DOOR = 'domain/index.ts';
const areaBoundaries = {
  files: ['server/**/*.ts', 'scripts/**/*.{js,ts,mjs}'],
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    'boundaries/include': ['server/**/*', 'scripts/**/*'],
    'boundaries/elements': [
      { type: 'area', pattern: 'server/areas/*', capture: ['area'] },
      {
        type: 'below-areas',
        pattern: ['server/shared', 'server/kernel', 'server/db', 'server/auth', 'server/storage', 'server/plugins'],
      },
      { type: 'outside-areas', pattern: ['server', 'scripts'] },
    ],
    'boundaries/files': [{ category: 'area-list', pattern: 'server/areas/index.ts' }],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'area' } },
            disallow: {
              to: {
                element: {
                  type: 'area',
                  captured: { area: '!{{ from.element.captured.area }}' },
                  fileInternalPath: `!${AREA_DOOR}`,
                },
              },
            },
            message:
              'the {{ from.element.captured.area }} area imports the {{ to.element.captured.area }} area through its door only: server/areas/{{ to.element.captured.area }}/domain/index.ts (not {{ to.element.fileInternalPath }})',
          },
          {
            from: { element: { type: 'outside-areas' } },
            disallow: { to: { element: { type: 'area', fileInternalPath: `!${AREA_DOOR}` } } },
            message:
              'outside the areas, import the {{ to.element.captured.area }} area through its door only: server/areas/{{ to.element.captured.area }}/domain/index.ts (not {{ to.element.fileInternalPath }})',
          },
          // the area list registers each area's plugin
          {
            from: { file: { categories: 'area-list' } },
            allow: { to: { element: { type: 'area', fileInternalPath: 'index.ts' } } },
          },
          {
            from: { element: { type: 'below-areas' } },
            disallow: { to: { element: { type: 'area' } } },
            message: 'shared services, the kernel and the database lie below the areas and import none of them',
          },
        ],
      },
    ],
  },
};

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
      'no-restricted-imports': ['error', { patterns: srcPatterns }],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...srcPatterns,
            {
              regex: '^(\\.\\./)+api(/|$)',
              message: 'a component never calls the API: the page (or store) passes the call in',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', coreRules],
    },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.worker },
    rules: noReach('the worker talks to the server over socket.io and fetch only'),
  },
  {
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,ts,mjs}', 'e2e/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  areaBoundaries,
  {
    // test doubles and test tables are *.fixture.ts (or under a testing/ folder): production code
    // never imports them, nor the test libraries they use
    files: ['core/**/*.ts', 'workers/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixture.ts', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', noTestImports] },
  },
  {
    // the same for the server, and a route's schema is a module-level constant: `parse(z.object(…), …)`
    // in a handler would build the schema on every request (~200 µs against ~1 µs to parse)
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts', '**/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noTestImports,
        {
          selector: "CallExpression[callee.name='parse'] > CallExpression:first-child",
          message: 'build the schema once, as a module-level constant, and pass its name to parse()',
        },
      ],
    },
  },
  {
    files: [
      'server/auth/**/*.ts',
      'server/db/**/*.ts',
      'server/shared/**/*.ts',
      'server/areas/*/domain/**/*.ts',
      'server/areas/*/jobs.ts',
      'server/areas/*/jobs/**/*.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverBelowHttp] }] },
  },
);
