import { defineConfig, devices } from '@playwright/test';

// Runs against the local stack that scripts/test.mjs (or `npm start`) serves.
// Debian's Chromium only: Playwright never downloads a browser here.
export default defineConfig({
  testDir: 'web/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
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
