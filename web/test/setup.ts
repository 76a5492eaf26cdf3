import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { WAIT_GUARD_MS } from '../../vitest.hang-guards';
import { resetServerData } from '../src/lib/server-data';
import { resetSessionStartForTests } from '../src/lib/session';

// findBy*/waitFor wait for the screen, not for a deadline: their 1 s default failed sound tests when CI shared
// the 2 cores with other jobs (a lazy route's first render took longer). A real absence still fails, at the
// waits' guard (vitest.hang-guards.ts).
configure({ asyncUtilTimeout: WAIT_GUARD_MS });

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // Each test starts with an empty server-data cache, as a fresh visit does.
  resetServerData();
  // Each test may start the session again, with its own fake SDK.
  resetSessionStartForTests();
  localStorage.clear();
});
