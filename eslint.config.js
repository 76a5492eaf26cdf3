import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// bulletproof-react's rule: a feature never imports another feature; app/ composes them.
const webFeatures = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'functions/lib/**', '**/dist/**', '.local/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web talks to Firebase only through its auth client module and to data only through /api.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'], message: 'Server-only module.' }] },
      ],
    },
  },
  {
    // Layering: only the data-access layer may touch firebase-admin / Firestore / SQLite.
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/data/**', 'functions/src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase-admin', 'firebase-admin/*', '@google-cloud/*', 'node:sqlite'],
              message: 'Only functions/src/data may import firebase-admin, Google Cloud clients or SQLite.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes never reach into data access directly: routes → services → data.
    files: ['functions/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['firebase-admin', 'firebase-admin/*', '@google-cloud/*', 'node:sqlite'], message: 'Only functions/src/data may import these.' },
            { group: ['**/data/*', '!**/data/store/types'], message: 'Routes call services, not data access.' },
          ],
        },
      ],
    },
  },
  {
    // Services and the domain sit below HTTP: they throw domain errors (functions/src/domain), http/ maps them to responses.
    files: ['functions/src/services/**/*.ts', 'functions/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase-admin', 'firebase-admin/*', '@google-cloud/*', 'node:sqlite'],
              message: 'Only functions/src/data may import firebase-admin, Google Cloud clients or SQLite.',
            },
            {
              group: ['express', 'express/*', '**/http/**', '**/routes/**'],
              message: 'Services and the domain never import HTTP or routes: throw AppError from functions/src/domain/errors.',
            },
          ],
        },
      ],
    },
  },
  {
    // Data access is the bottom layer: it imports neither the layers above it nor HTTP.
    files: ['functions/src/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/http/**', '**/routes/**'], message: 'Data access never imports HTTP or routes.' },
            { group: ['**/services/**'], message: 'Data access never imports services: routes → services → data.' },
          ],
        },
      ],
    },
  },
  {
    // The shared workspace runs in browser and server alike.
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'firebase*', 'react*'], message: 'shared/ must stay runtime-neutral.' }] }],
    },
  },
  {
    // Imports: resolvable, acyclic, in one order (fixable with `npm run lint -- --fix`).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['shared/tsconfig.json', 'functions/tsconfig.json', 'web/tsconfig.json', 'emulators/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // Web: one-way imports. app/ → features/ → components/ and lib/; never sideways or back up.
    // A feature's tests may render it through app/'s router (they check it in place, as a visitor meets it).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/features/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: compose them in web/src/app/.',
            })),
            { target: './web/src/features', from: './web/src/app', message: 'Features never import app/: app/ composes features.' },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/styles'],
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code (components/, lib/) never imports features or app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/features/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`],
            message: 'Features never import each other, not even in tests: go through web/src/app/.',
          })),
        },
      ],
    },
  },
);
