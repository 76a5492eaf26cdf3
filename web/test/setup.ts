import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetServerData } from '../src/lib/server-data';

// findBy*/waitFor wait for the screen, not for a deadline: their 1 s default failed sound tests when CI shared
// the 2 cores with other jobs (a lazy route's first render took longer). A real absence still fails, later.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  // Each test starts with an empty server-data cache, as a fresh visit does.
  resetServerData();
});
