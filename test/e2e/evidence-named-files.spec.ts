import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { archiveWithCli, bagFolder } from './support/evidence-archive';
import { expect, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 31, point 8: the Evidence page names what changed, plainly, at 1024×640 in English and Spanish.
// An archive made by the CLI against the sandbox; then one bag's signed PDF grows after archiving (its
// manifests left as they were). Reviewed by the web host (no account, --archive):
// - the problem says which file changed and against which manifest, never "Does not match
//   data/certificate.pdf" (the certificate did not change: the signed PDF's hash is not in it);
// - the size mismatch says a file changed size, as a failure, not "could not be checked";
// - the hash found is labelled found, never "Expected";
// - the archive's last check counts documents by verdict, as the rows do.

async function openBag(page: Page, title: string) {
  await page.getByTestId('bag-row').filter({ hasText: title }).getByTestId('bag-open').click();
  const panel = page.getByTestId('bag-details');
  await expect(panel.getByTestId('panel-verdict')).toBeVisible();
  return panel;
}

test('a tampered bag names its changed file and what it was checked against, in English and Spanish', async ({ page, home }) => {
  test.setTimeout(240_000);
  const made = await archiveWithCli({ seed: 41, titles: ['Lease that grew', 'Sound NDA'] });
  expect(made.run.code, made.run.stderr).toBe(0);
  appendFileSync(join(bagFolder(made.archive, 'Lease'), 'data', 'signed.pdf'), '\n% appended after archiving\n');

  const webHost = await startWebHost(home, ['--archive', made.archive]);
  try {
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    // Started with --archive: the review is the first screen.
    await expect(page.getByTestId('offline-review')).toBeVisible();
    await expect(page.getByTestId('bag-row')).toHaveCount(2, { timeout: 30_000 });
    await page.getByTestId('recheck-now').click();

    const words = {
      en: {
        last: /2 documents — Passed 1 · Failed 1 · Incomplete 0\./,
        named: '“Lease that grew” (Failed: Changed data/signed.pdf)',
        changed: 'data/signed.pdf is not the file manifest-sha256.txt lists: it changed since it was archived.',
        certificate: "The signed PDF's hash is not in the audit certificate",
        size: 'A payload file changed size',
        found: 'Found',
        expected: 'Expected',
      },
      es: {
        last: /2 documentos — Superados 1 · Fallidos 1 · Incompletos 0\./,
        named: '“Lease that grew” (Fallido: Cambiado data/signed.pdf)',
        changed: 'data/signed.pdf no es el archivo que lista manifest-sha256.txt: cambió desde que se archivó.',
        certificate: 'La huella del PDF firmado no está en el certificado de auditoría',
        size: 'Un archivo del contenido cambió de tamaño',
        found: 'Encontrado',
        expected: 'Esperado',
      },
    };
    for (const language of ['en', 'es'] as const) {
      const said = words[language];
      if (language === 'es') {
        expect((await webHost.call('settings.update', { language: 'es' })).ok).toBe(true);
        await expect(page.getByRole('heading', { level: 1, name: 'Evidencias' })).toBeVisible();
      }
      await expect(page.getByTestId('recheck-last')).toContainText(said.last, { timeout: 60_000 });
      await expect(page.getByTestId('recheck-problems')).toContainText(said.named);

      const panel = await openBag(page, 'Lease that grew');
      const problems = panel.getByTestId('bag-problems');
      await expect(problems.locator('[data-kind="modified"]')).toContainText(said.changed);
      await expect(problems.locator('[data-check="signed.inCertificate"]')).toContainText(said.certificate);
      await expect(problems).not.toContainText(/Does not match|No coincide/);
      await expect(problems.locator('[data-check="bag.oxum"]')).toContainText(said.size);
      await expect(panel.locator('[data-testid="check"][data-check="bag.oxum"]')).toHaveAttribute('data-status', 'failed');
      await expect(panel).not.toContainText(/the bag is not complete|la bolsa no está completa/);
      const certificateHashes = panel.locator('[data-testid="check"][data-check="signed.inCertificate"] .evidence-hashes dt');
      await expect(certificateHashes).toHaveText([said.found]);
      await expect(panel.locator('[data-testid="check"][data-check="signed.inCertificate"]')).not.toContainText(said.expected);
      await problems.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`evidence-named-files-${language}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('bag-details')).toBeHidden();
    }
  } finally {
    await webHost.stop();
    made.remove();
  }
});
