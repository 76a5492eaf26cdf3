import { defineConfig, devices } from '@playwright/test';

// Runs against the local stack that scripts/test.mjs (or `npm start`) serves.
// Debian's Chromium only: Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'web/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Hang guards, not speed checks (as vitest's, vitest.hang-guards.ts): on a shared 2-core machine right after the
  // API suite the Functions emulator may take many seconds to start a worker for a request, and 10 s / 60 s
  // failed sound tests at a load of 8–12. An assertion waits up to 60 s for the page to settle, a test 6 min
  // (the slowest, 57 s on an idle machine, takes over twice that with both cores busy).
  expect: { timeout: 60_000 },
  timeout: 360_000,
  reporter: [['list']],
  use: {
    baseURL: process.env.API_BASE_URL ?? 'http://127.0.0.1:5000',
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'] } }],
});
