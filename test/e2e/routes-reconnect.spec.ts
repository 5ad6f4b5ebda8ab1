import { startDemo } from './support/demo';
import { expect, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 24, point 8: each page has an address in the web UI (Back and reload keep the page), a tab left
// open reconnects by itself when the web host restarts on the same data folder, and after "Try the
// sandbox" the first screen says what the demo holds and that its signers sign by themselves.

test('after Try the sandbox, the first screen says what the demo holds and what to try', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  const welcome = page.getByTestId('demo-welcome');
  await expect(welcome).toContainText('sample documents in every state');
  await expect(welcome).toContainText('Demo signers sign by themselves about 20 seconds after they are invited');
  await expect(welcome).toContainText('Try: open Documents');
  await page.screenshot({ path: screenshotPath('demo-welcome.png') });
  // Closed, it stays closed; going to another page closes it too (the first screen's note).
  await welcome.getByTestId('demo-welcome-close').click();
  await expect(welcome).toHaveCount(0);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(welcome).toBeVisible({ timeout: 20_000 });
  await welcome.getByTestId('demo-welcome-documents').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('demo-welcome')).toHaveCount(0);
});

test('Back and reload keep the page', async ({ page, webHost }) => {
  test.setTimeout(90_000);
  await startDemo(page, webHost);
  await page.getByTestId('nav-documents').click();
  await expect(page).toHaveURL(/#\/documents$/);
  await page.getByTestId('nav-evidence').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page).toHaveURL(/#\/documents$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 20_000 });
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
  // The address, opened again in this tab, opens its page.
  await page.goto(page.url().replace(/#\/.*$/, '#/settings'));
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({ timeout: 20_000 });
});

test('after the web host restarts, an open tab reconnects by itself', async ({ page, webHost, home }) => {
  test.setTimeout(90_000);
  await startDemo(page, webHost);
  await page.getByTestId('nav-activity').click();
  await webHost.stop();
  await expect(page.getByTestId('connection-banner')).toBeVisible({ timeout: 20_000 });
  const again = await startWebHost(home);
  try {
    expect(again.url).toBe(webHost.url);
    await expect(page.getByTestId('connection-banner')).toHaveCount(0, { timeout: 30_000 });
    await page.getByTestId('nav-documents').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  } finally {
    await again.stop();
  }
});
