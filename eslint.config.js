import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './scripts/eslint/boundaries.js';

// One plugin object for every block that uses the local rules (ESLint refuses two different objects under one name).
const local = { rules: { boundaries } };
const purchases = 'functions/src/services/purchases';
const booking = 'functions/src/services/booking';
const waitlist = 'functions/src/services/waitlist';

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
    // Type-aware checks where the product's code lives (issue 26): no value typed `any` flows unchecked, and no assertion
    // says what the type already says. They read the TypeScript projects, so they cost lint time; tests outside src/ are not held to them.
    files: ['functions/src/**/*.ts', 'shared/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
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
    // Handlers get the validated input typed by its schema (withBody/withQuery in http/validate.ts), never the raw request's.
    // The processors' notices are the exception: their signatures are checked over the raw body, in the service.
    files: ['functions/src/routes/**/*.ts'],
    ignores: ['functions/src/routes/webhooks.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='req'][property.name=/^(body|query)$/]",
          message: 'Use withBody(schema, handler) or withQuery(schema, handler) from http/validate.ts: the handler gets the input typed by its schema.',
        },
        {
          selector: "MemberExpression[object.name='res'][property.name='locals']",
          message: 'Validated input reaches the handler as its argument (withBody/withQuery), not through res.locals.',
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
    // One import order everywhere (fixable: `npm run format`). Cycles: scripts/check-import-cycles.mjs, run by `npm run lint`.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Stylesheets stay after the modules (as Vite orders CSS by import order, a component's own CSS comes after its children's).
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000(?!.*\\.css$)', '^node:', '^@?\\w', '^', '^\\.', '^\\u0000.*\\.css$']] }],
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // What deploys, and the bootstrap a real project runs, never import the local stack (emulators/): the stack imports them.
    files: ['functions/src/**/*.ts', 'functions/scripts/bootstrap.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/emulators/**'], message: 'Production code never imports the local stack (emulators/); move what both need into functions/src.' },
          ],
        },
      ],
    },
  },
  {
    // Areas with a public face (ADR 0069 for purchases, ADR 0123 for booking and the waitlist): outside the area, only
    // its top-level modules (the entry points routes, jobs and other areas call) may be imported; its subfolders are
    // its own. Tests are not held to it: they pin inner rules (the quote's price cases, the release of unpaid
    // bookings, a guest's spot) directly. The waitlist's line is written only by the waitlist (booking ends an entry
    // through waitlist/leave-line-on-booking.ts).
    files: ['functions/src/**/*.ts', 'functions/scripts/**/*.ts', 'emulators/**/*.ts'],
    plugins: { local },
    rules: {
      'local/boundaries': [
        'error',
        {
          zones: [
            ...[purchases, booking, waitlist].map((area) => ({
              target: ['functions/src', 'functions/scripts', 'emulators'],
              unless: area,
              from: area,
              except: [`${area}/*`],
              message: `Outside ${area.replace('functions/src/', '')}, import only its top-level modules (its public surface), never its subfolders.`,
            })),
            {
              target: ['functions/src', 'functions/scripts', 'emulators'],
              unless: waitlist,
              from: 'functions/src/data/repos/waitlists-repo',
              names: ['createWaitlist', 'rejoinWaitlist', 'endWaitlist', 'replaceWaitlist'],
              message: 'Only services/waitlist writes the line; call its public modules (e.g. leave-line-on-booking.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside purchases, one way (no folder-level cycles): the top composes every subfolder; notices/ (what the
    // processors tell us) uses card/ (what we ask Stripe); every subfolder may use lifecycle/ (a purchase's own
    // transitions), which uses nothing else of the area. No subfolder imports the top.
    files: [`${purchases}/**/*.ts`],
    plugins: { local },
    rules: {
      'local/boundaries': [
        'error',
        {
          zones: [
            {
              target: `${purchases}/lifecycle`,
              from: purchases,
              except: [`${purchases}/lifecycle`],
              message: "purchases/lifecycle/ is the area's bottom: it imports nothing else of services/purchases.",
            },
            {
              target: `${purchases}/checkout`,
              from: purchases,
              except: [`${purchases}/checkout`, `${purchases}/lifecycle`],
              message: 'purchases/checkout/ imports only lifecycle/ of its area (the top composes it with card/ and paypal/).',
            },
            {
              target: `${purchases}/card`,
              from: purchases,
              except: [`${purchases}/card`, `${purchases}/lifecycle`],
              message: 'purchases/card/ imports only lifecycle/ of its area.',
            },
            {
              target: `${purchases}/paypal`,
              from: purchases,
              except: [`${purchases}/paypal`, `${purchases}/lifecycle`],
              message: 'purchases/paypal/ imports only lifecycle/ of its area.',
            },
            {
              target: `${purchases}/notices`,
              from: purchases,
              except: [`${purchases}/notices`, `${purchases}/card`, `${purchases}/lifecycle`],
              message: 'purchases/notices/ imports only card/ and lifecycle/ of its area.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web: one-way imports. app/ → features/ → components/ and lib/; never sideways or back up.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      'local/boundaries': [
        'error',
        {
          zones: [
            {
              target: 'web/src/features',
              from: 'web/src/features',
              except: ['web/src/features/{feature}'],
              message: 'Features never import each other (not even in tests): compose them in web/src/app/.',
            },
            {
              target: 'web/src/features',
              from: 'web/src/app',
              ignoreTests: true,
              message: "Features never import app/: app/ composes features (a feature's tests may render it through app/'s router).",
            },
            {
              target: ['web/src/components', 'web/src/lib', 'web/src/styles'],
              from: ['web/src/features', 'web/src/app'],
              message: 'Shared code (components/, lib/) never imports features or app/.',
            },
          ],
        },
      ],
    },
  },
);
