import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { RunningWebHost } from './web-host';

/**
 * Opens the app on this test's web host and takes "Try the sandbox": the local simulator with its
 * demo documents and the "Sandbox (demo)" account, selected. Skips the test when the build has no sandbox.
 */
export async function startDemo(page: Page, webHost: RunningWebHost): Promise<void> {
  const info = (await webHost.call('app.info')) as { value: { sandboxAvailable: boolean } };
  test.skip(!info.value.sandboxAvailable, 'This build has no local sandbox (app.info says sandboxAvailable: false).');
  await page.goto(webHost.url);
  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)', { timeout: 30_000 });
}
