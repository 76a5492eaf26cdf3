import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/lib/**', '**/dist/**', '.local/**', 'test-results/**', 'playwright-report/**'],
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['firebase-admin', 'firebase-admin/*', 'firebase-functions', 'firebase-functions/*'], message: 'Server-only module.' }] }],
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
            { group: ['firebase-admin', 'firebase-admin/*', '@google-cloud/*', 'node:sqlite'], message: 'Only functions/src/data may import firebase-admin, Google Cloud clients or SQLite.' },
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
            { group: ['firebase-admin', 'firebase-admin/*', '@google-cloud/*', 'node:sqlite'], message: 'Only functions/src/data may import firebase-admin, Google Cloud clients or SQLite.' },
            { group: ['express', 'express/*', '**/http/**', '**/routes/**'], message: 'Services and the domain never import HTTP or routes: throw AppError from functions/src/domain/errors.' },
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
);
