/**
 * Timeouts in the tests are hang guards, never speed limits (issue 24,
 * finding 10): CI shares 2 cores with other jobs, where a sound CPU-bound
 * test took 7.8 s and failed vitest's 5 s default. So every vitest project
 * sets a guard of at least 120 s, and no test or wait lowers it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import config from '../../../../vitest.config';
import { WAIT_GUARD_MS } from '../../../../vitest.hang-guards';

const root = path.resolve(import.meta.dirname, '../../../..');
const HANG_GUARD_MS = 120_000;

/** Every vitest test file (Playwright's web/e2e has its own waits, playwright.config.ts). */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || relative === path.join('web', 'e2e') ? [] : testFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('test timeouts are hang guards', () => {
  it('every vitest project guards tests and hooks with at least 120 s, and its waits with the waits’ guard', () => {
    type Project = {
      test?: { name?: string; testTimeout?: number; hookTimeout?: number; setupFiles?: string[]; expect?: { poll?: { timeout?: number } } };
    };
    const projects = (config.test?.projects ?? []) as Project[];
    expect(projects.length).toBeGreaterThan(0);
    for (const project of projects) {
      expect(project.test?.testTimeout, project.test?.name).toBeGreaterThanOrEqual(HANG_GUARD_MS);
      expect(project.test?.hookTimeout, project.test?.name).toBeGreaterThanOrEqual(HANG_GUARD_MS);
      expect(project.test?.expect?.poll?.timeout, project.test?.name).toBeGreaterThanOrEqual(WAIT_GUARD_MS);
      expect(project.test?.setupFiles, project.test?.name).toContain('vitest.hang-guards.ts');
    }
  });

  it('vi.waitFor waits past its own 1 s default (a loaded machine’s slow moment is not a failure)', async () => {
    const ready = Date.now() + 1_300;
    await vi.waitFor(() => {
      if (Date.now() < ready) throw new Error('not yet');
    });
  });

  it('no test, hook or wait sets a shorter one (0, no timeout, is allowed)', () => {
    const shorter: string[] = [];
    for (const file of ['shared', 'functions', 'emulators', 'web'].flatMap(testFiles)) {
      readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          // A socket's own timeout (net.createConnection) is not a test's.
          if (/createConnection/.test(line)) return;
          const limits = [
            ...line.matchAll(/\b(?:timeout|testTimeout|hookTimeout):\s*([\d_]+)/g),
            // A test's or hook's own timeout as its last argument: `}, 5000);` or `it('…', fn, 5000);`.
            ...line.matchAll(/^\s*\}\s*,\s*([\d_]+)\s*\);?\s*$/g),
            ...line.matchAll(/\b(?:it|test|beforeAll|beforeEach|afterAll|afterEach)(?:\.\w+)?\(.*,\s*([\d_]+)\s*\);?\s*$/g),
          ];
          for (const match of limits) {
            const ms = Number((match[1] as string).replaceAll('_', ''));
            if (ms > 0 && ms < HANG_GUARD_MS) shorter.push(`${file}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(shorter).toEqual([]);
  });
});
