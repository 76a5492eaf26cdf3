/**
 * Setup for every vitest project (vitest.config.ts): waits are hang guards,
 * never speed limits (issue 24, finding 10). vi.waitFor's own default is 1 s,
 * which a loaded 2-core CI machine outruns on sound tests; its default
 * becomes WAIT_GUARD_MS (a test may still pass its own).
 * expect.poll's default is set in the config; Testing Library's in
 * web/test/setup.ts.
 */
import { vi } from 'vitest';

/** A wait's guard: half a test's 120 s, so a wait that never ends fails with its own message, not the test's timeout. */
export const WAIT_GUARD_MS = 60_000;

const waitFor = vi.waitFor.bind(vi);
vi.waitFor = ((callback: Parameters<typeof vi.waitFor>[0], options: Parameters<typeof vi.waitFor>[1] = {}) =>
  waitFor(callback, typeof options === 'number' ? options : { timeout: WAIT_GUARD_MS, ...options })) as typeof vi.waitFor;
