import { defineConfig } from '@playwright/test';

// End-to-end tests: the real UI (built renderer) in Chromium against the real web host, each test with
// its own data folder and host process (test/e2e/support/fixtures.ts). The keychain tests need a
// Secret Service: run through `npm test`, which starts a private D-Bus session with GNOME Keyring.
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  outputDir: 'test-results/playwright',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    colorScheme: 'light',
    locale: 'en-US',
    // A failed test keeps its trace (actions, DOM before and after each, network, console) but not
    // the film strip: recording screencast frames of every paint cost a third of a test's time.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // The system Chromium; never `playwright install`.
      executablePath: process.env.SIGNDOCK_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
