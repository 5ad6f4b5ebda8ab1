import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 31, point 11: a web host started with `--archive DIR` (a new data folder, no account) opens on
// the review of that archive, not on "Connect your account", and while it looks for the archived
// documents it says only that: never "Looking for archived documents…" beside "No archived documents".

test('--archive opens on the review; indexing and "no archived documents" never show together', async ({ page, home }) => {
  const archive = mkdtempSync(join(tmpdir(), 'signdock-empty-archive-'));
  const webHost = await startWebHost(home, ['--archive', archive]);
  try {
    // Every change of the page is watched: the two sentences must never be on it at once.
    await page.addInitScript(() => {
      const seen = { both: false };
      (window as unknown as { seenBoth: typeof seen }).seenBoth = seen;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="evidence-indexing"]') && document.querySelector('[data-testid="evidence-empty"]'))
          seen.both = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    await expect(page.getByTestId('offline-review')).toBeVisible();
    await expect(page.getByTestId('onboarding')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
    await expect(page.getByTestId('archive-source-folder')).toHaveText(archive);
    await expect(page.getByTestId('evidence-empty')).toContainText('No archived documents in this folder', { timeout: 30_000 });
    await expect(page.getByTestId('evidence-indexing')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { seenBoth: { both: boolean } }).seenBoth.both)).toBe(false);
    // Back leads to the welcome screen, where an account can still be connected.
    await page.getByTestId('offline-back').click();
    await expect(page.getByTestId('onboarding')).toBeVisible();
  } finally {
    await webHost.stop();
    rmSync(archive, { recursive: true, force: true });
  }
});
