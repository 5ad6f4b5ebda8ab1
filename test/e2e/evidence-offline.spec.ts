import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplePdf, startSandbox } from '../sandbox';
import { runCli } from './support/evidence-archive';
import { expect, screenshotPath, test } from './support/fixtures';

// Issue 14, offline review: an archive made by a previous run (the CLI against the sandbox, credentials
// from the environment) is copied into a fresh data folder that has NO account, and the sandbox is
// stopped. From the welcome screen, "Review an evidence archive" opens the Evidence page, which finds
// the bags in the archive folder, lists them, opens one's verification and its certificate, checks the
// whole archive again, and goes back. Screenshots in English and Spanish at 1024×640.

test('with no account and no network, the Evidence page reviews an archive copied in', async ({ page, home, webHost }) => {
  test.setTimeout(180_000);
  const previous = mkdtempSync(join(tmpdir(), 'signdock-e2e-previous-'));
  const sandbox = await startSandbox({ port: 0, seed: 21, autoSign: { enabled: false } });
  try {
    const file = await samplePdf('Offline review');
    for (const title of ['Lease – Calle Mayor 12', 'NDA – Consultora Iberia', 'Supplier agreement 2025']) {
      sandbox.services.workflow.create({ title, file, signatures: [{ validations: { EM: 'signer@example.com' }, inviteChannel: ['EM'] }] });
    }
    await sandbox.controlClient.signAll({ name: 'María García', ip: '203.0.113.10', device: 'Firefox 133 on Windows' });
    const run = await runCli(['--home', previous, 'archive'], { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url });
    expect(run.code, run.stderr).toBe(0);
  } finally {
    await sandbox.stop();
  }
  // Only the archive folder travels: no database, no account.
  cpSync(join(previous, 'archive'), join(home, 'archive'), { recursive: true });
  rmSync(previous, { recursive: true, force: true });
  expect(((await webHost.call('accounts.list')).value as { accounts: unknown[] }).accounts).toEqual([]);

  await page.setViewportSize({ width: 1024, height: 640 });
  await page.goto(webHost.url);
  await expect(page.getByTestId('onboarding')).toBeVisible();
  await page.getByTestId('onboarding-review-evidence').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
  await expect(page.getByTestId('archive-open')).toHaveCount(0);
  const rows = page.getByTestId('bag-row');
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByTestId('evidence-count')).toHaveText('3 archived documents');

  // The whole archive checked again, offline; the last check is shown.
  await page.getByTestId('recheck-now').click();
  await expect(page.getByTestId('recheck-last')).toContainText(/Last check of the archive: .*3 documents, every file unchanged\./);
  await page.screenshot({ path: screenshotPath('evidence-offline.png') });

  // One document's verification and its certificate in the viewer.
  await rows.filter({ hasText: 'Calle Mayor' }).getByTestId('bag-open').click();
  const panel = page.getByTestId('bag-details');
  // No certificate authority is trusted in this data folder: intact, but the signer is not vouched for.
  await expect(panel.getByTestId('panel-verdict')).toHaveText('Intact, signer not vouched for');
  await expect(panel.locator('[data-testid="check"][data-check="signed.inCertificate"]')).toContainText(
    "The certificate's text shows the signed PDF's SHA256.",
  );
  await expect(panel.getByTestId('signers')).toContainText('203.0.113.10');
  await panel.getByTestId('view-certificate').click();
  const viewer = page.getByTestId('pdf-viewer');
  await expect(viewer.getByTestId('pdf-page').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: screenshotPath('evidence-offline-certificate.png') });
  await page.keyboard.press('Escape');
  await expect(viewer).not.toBeVisible();
  await page.keyboard.press('Escape');

  // Spanish.
  expect((await webHost.call('settings.update', { language: 'es' })).ok).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Evidencias' })).toBeVisible();
  await expect(page.getByTestId('evidence-count')).toHaveText('3 documentos archivados');
  await expect(page.getByTestId('recheck-last')).toContainText('ningún archivo cambiado');
  await rows.filter({ hasText: 'Calle Mayor' }).getByTestId('bag-open').click();
  await expect(panel.getByTestId('panel-verdict')).toHaveText('Íntegro, firmante sin respaldo');
  await page.screenshot({ path: screenshotPath('evidence-offline-es.png') });
  await page.keyboard.press('Escape');

  // Back to the welcome screen, to connect an account.
  await page.getByTestId('offline-back').click();
  await expect(page.getByTestId('onboarding')).toBeVisible();
});
