import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import { startStandIn, type StandIn } from '../../helpers/stand-in-service';
import { startWebHost, type RunningWebHost } from './web-host';

export const GOOD_KEY = 'good-key';
export const screenshotPath = (name: string) => new URL(`../../../docs/screenshots/${name}`, import.meta.url).pathname;

/** Why keychain-backed tests cannot run here ('' when they can); set by global-setup. */
export const noKeyringReason = () => process.env.SIGNDOCK_E2E_NO_KEYRING ?? '';

interface Fixtures {
  /** A fresh, empty SIGNDOCK_HOME, removed afterwards. */
  home: string;
  /** This test's own web host on that folder. */
  webHost: RunningWebHost;
  /** `GET /api/v2/documents` accepting only GOOD_KEY. */
  service: StandIn;
}

export const test = base.extend<Fixtures>({
  // Every test fails on an uncaught page error or anything the Content-Security-Policy refused.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.exposeFunction('__signdockCspViolation', (text: string) => problems.push(`CSP refused: ${text}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const report = (window as unknown as { __signdockCspViolation(text: string): void }).__signdockCspViolation;
        report(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(page);
    expect(problems, 'the page reported errors').toEqual([]);
  },
  // eslint-disable-next-line no-empty-pattern
  home: async ({}, use) => {
    const folder = mkdtempSync(join(tmpdir(), 'signdock-e2e-'));
    await use(folder);
    rmSync(folder, { recursive: true, force: true });
  },
  webHost: async ({ home }, use) => {
    const host = await startWebHost(home);
    await use(host);
    await host.stop();
  },
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const standIn = await startStandIn([GOOD_KEY]);
    await use(standIn);
    await standIn.close();
  },
});

export { expect };
