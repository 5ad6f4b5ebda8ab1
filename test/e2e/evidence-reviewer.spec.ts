import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { archiveWithCli } from './support/evidence-archive';
import { expect, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 23, the reviewer's path as a new user walks it: an archive is made by a real CLI run against
// the sandbox (credentials from the environment, its own data folder); the sandbox stops. The web host
// then starts with a NEW data folder, no account, and `--archive DIR`: the page opens on that
// archive (issue 31: not on "Connect your account"); the reviewer finds a document, opens its
// certificate, sees whether it verifies, and downloads the report. No file is copied by hand.

test('a reviewer with no account points the web host at an archive made by the CLI and checks a document', async ({ page, home }) => {
  test.setTimeout(180_000);
  const made = await archiveWithCli({ seed: 23, titles: ['Lease – Calle Mayor 12', 'NDA – Consultora Iberia', 'Supplier agreement 2025'] });
  expect(made.run.code, made.run.stderr).toBe(0);
  const archive = made.archive;
  const webHost = await startWebHost(home, ['--archive', archive]);
  try {
    expect(((await webHost.call('accounts.list')).value as { accounts: unknown[] }).accounts).toEqual([]);

    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    // Started with --archive: the review is the first screen (not "Connect your account").
    await expect(page.getByTestId('offline-review')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
    // The page says which archive it reviews, and how a browser user reviews another.
    await expect(page.getByTestId('archive-source-folder')).toHaveText(archive);
    await expect(page.getByTestId('archive-source-hint')).toContainText('--archive');
    const rows = page.getByTestId('bag-row');
    await expect(rows).toHaveCount(3, { timeout: 30_000 });

    // Find a document, open it, see whether it verifies, and open its certificate.
    await page.getByTestId('evidence-search').fill('Calle Mayor');
    await expect(rows).toHaveCount(1);
    await rows.first().getByTestId('bag-open').click();
    const panel = page.getByTestId('bag-details');
    await expect(panel.getByTestId('panel-verdict')).toBeVisible();
    await expect(panel.locator('[data-testid="check"][data-check="signed.inCertificate"]')).toContainText(
      "The certificate's text shows the signed PDF's SHA256.",
    );
    // No certificate authority is trusted in this new data folder: the signatures are intact, their signer not vouched for.
    await expect(panel.getByTestId('signatures')).toContainText('issuer not trusted');
    await page.screenshot({ path: screenshotPath('evidence-reviewer.png') });
    await panel.getByTestId('view-certificate').click();
    const viewer = page.getByTestId('pdf-viewer');
    await expect(viewer.getByTestId('pdf-page').first()).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(viewer).not.toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('evidence-search').press('Escape');

    // The report downloads in the browser (no host folder shown), and counts what the page shows.
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.getByTestId('save-report').click();
    await expect(page.getByTestId('report-saved')).toContainText(
      /Report downloaded: evidence-report-[\d-]+\.pdf and evidence-report-[\d-]+\.csv\. It covers 3 documents/,
      // Every bag is verified again from its bytes and the PDF written before the page says so.
      { timeout: 30_000 },
    );
    await expect
      .poll(() => downloads.sort())
      .toEqual([expect.stringMatching(/^evidence-report-.*\.csv$/), expect.stringMatching(/^evidence-report-.*\.pdf$/)]);
    await expect(page.getByTestId('report-saved')).not.toContainText(home);

    // Nothing was copied into the new data folder: the archive was read where it is.
    expect(existsSync(join(home, 'archive')) ? readdirSync(join(home, 'archive')) : []).toEqual([]);
  } finally {
    await webHost.stop();
    made.remove();
  }
});
