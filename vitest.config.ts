import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Projects are split by what they need: `unit` and `contract` need nothing
// running; `api` needs the local stack (scripts/test.mjs starts it); `rules`
// needs the official Firestore/Storage emulators and skips, with one line, without them.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/test/**/*.test.ts', 'functions/test/unit/**/*.test.ts', 'emulators/test/**/*.test.ts'],
          setupFiles: ['vitest.hang-guards.ts'],
          // A guard against a hang, not a speed assertion: vitest's 5 s default failed sound tests on a loaded 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a time limit too: the waits' guard (vitest.hang-guards.ts).
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['functions/test/contract/**/*.test.ts'],
          setupFiles: ['vitest.hang-guards.ts'],
          // Store tests spawn child processes and measure throughput; keep them alone.
          fileParallelism: false,
          // Hang guards, as for unit (files that race processes disable them: vi.setConfig).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a time limit too: the waits' guard (vitest.hang-guards.ts).
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        test: {
          name: 'rules',
          environment: 'node',
          include: ['functions/test/rules/**/*.test.ts'],
          setupFiles: ['vitest.hang-guards.ts'],
          // One emulator per kind, loaded with one rules file at a time.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a time limit too: the waits' guard (vitest.hang-guards.ts).
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['functions/test/api/**/*.test.ts'],
          setupFiles: ['vitest.hang-guards.ts'],
          fileParallelism: false,
          // Not a speed assertion: the Functions emulator starts a fresh worker
          // process (seconds on a loaded 2-core machine) for each concurrent request.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a time limit too: the waits' guard (vitest.hang-guards.ts).
          expect: { poll: { timeout: 60_000 } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // Tests live beside the code they cover (web/src/**); web/test keeps helpers, mocks and cross-cutting checks.
          include: ['web/src/**/*.test.{ts,tsx}', 'web/test/**/*.test.{ts,tsx}'],
          setupFiles: ['vitest.hang-guards.ts', 'web/test/setup.ts'],
          // As for unit: only a hang guard (vitest's 5 s default is a time limit a busy machine breaks).
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll's 1 s default is a time limit too: the waits' guard (vitest.hang-guards.ts).
          expect: { poll: { timeout: 60_000 } },
        },
      },
    ],
  },
});
