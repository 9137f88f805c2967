import { defineConfig } from '@playwright/test';
import { e2eBrowserPath, notificationsBrowserPath } from './scripts/lib/systemPackages.ts';

/*
 * Browser tests against the whole stack, which e2e/global-setup.ts starts on free ports (scripts/lib/testStack.ts)
 * (BASE_URL). Debian's Chromium headless shell through executablePath (scripts/lib/systemPackages.ts
 * says why that one): Playwright never downloads a browser here.
 * The flags keep Chromium from phoning home (the machine has no internet) and from needing a
 * GPU or a setuid sandbox in containers.
 */
const browserArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** The specs whose pushes need a browser that can be granted notifications. */
const notificationSpecs = ['**/sources.spec.ts', '**/outreach.spec.ts'];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/global-setup.ts',
  // Two cores: two workers share them with the server, the emulator and Chromium.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // Limits for a loaded machine (CI beside other work: the whole stack, Chromium and two workers
  // share 2 cores), not for an idle one: every wait is on what the page shows and ends as soon
  // as it is there, so a generous limit only costs time when a test is failing anyway. The
  // slowest tests take about 40 s on an idle machine (test.slow() triples the limit).
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    // Set by the global setup before the workers start; they inherit it.
    baseURL: process.env.BASE_URL,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    timezoneId: 'America/Los_Angeles',
    colorScheme: 'light',
    // The built app registers a service worker, and requests a worker answers never reach
    // page.route(): the specs that fake API answers and failures would see the real server.
    // Blocked for the suite; e2e/offline-app.spec.ts, which is about the worker, allows it.
    serviceWorkers: 'block',
    // A trace records every action's DOM snapshot and screencast: measured on saved + profile
    // specs (18 tests, 2 workers, 2026-11-26) it made the run 176-185 s instead of 109 s, for
    // nothing in a passing run. A failure still leaves its screenshot and the page's aria
    // snapshot (error-context.md); FAMJAM_E2E_TRACE=1 records traces to open with show-trace.
    trace: process.env.FAMJAM_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eBrowserPath(), args: browserArgs },
  },
  projects: [
    { name: 'chromium', testIgnore: notificationSpecs },
    {
      // Push (issue 34): the headless shell has no notifications, so these specs run in the
      // full browser's new headless mode, which grants them (scripts/lib/systemPackages.ts).
      name: 'chromium-notifications',
      testMatch: notificationSpecs,
      use: {
        launchOptions: {
          executablePath: notificationsBrowserPath(),
          args: [...browserArgs, '--headless=new'],
        },
      },
    },
  ],
});
