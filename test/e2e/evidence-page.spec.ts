import { appendFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { sandboxCaCertPem } from '../sandbox';
import { expectNoSeriousViolations } from './support/axe';
import { archiveWithCli, bagFolder, rewriteManifests } from './support/evidence-archive';
import { expect, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 23, the Evidence page at 1024×640 in English and Spanish, every bag telling one truth. An
// archive made by the CLI against the sandbox (no certificate authority trusted); then, as a forger
// would, one bag's signed PDF gets bytes appended and another loses its package, each with its
// manifests written again. The web host reviews it (new data folder, no account, --archive):
// - an intact bag is amber, "intact, signer not vouched for", with what to do — never a green Verified;
// - the forged bag's every line agrees: its look, its counts, and no line says the signed PDF passed;
// - the bag without its package is incomplete, in its own look and words;
// - each says whether it is timestamped;
// - adding the sandbox CA (a test authority: warned, then confirmed) turns the signatures trusted
//   after the one re-check it starts, and removing it takes that back;
// - the saved report's problems are the ones the page lists.

const TITLES = ['Lease – Calle Mayor 12', 'NDA – Consultora Iberia', 'Supplier agreement 2025', 'Purchase order PO-2025-295'];

async function openBag(page: Page, title: string) {
  await page.getByTestId('bag-row').filter({ hasText: title }).getByTestId('bag-open').click();
  const panel = page.getByTestId('bag-details');
  await expect(panel.getByTestId('panel-verdict')).toBeVisible();
  return panel;
}

async function closeBag(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bag-details')).toBeHidden();
}

/**
 * No line of the panel vouches for the changed signed PDF's bytes: its hash is not the one the package
 * and the certificate show, and bytes were added after the last signature. (The forger wrote the bag's
 * manifest again, so that line rightly matches; the PDF signature still covers its signed byte ranges.)
 */
async function expectNoPassOnSignedPdf(page: Page) {
  const panel = page.getByTestId('bag-details');
  for (const id of ['signed.inPackage', 'signed.inCertificate', 'signed.nothingAdded']) {
    await expect(panel.locator(`[data-testid="check"][data-check="${id}"][data-status="passed"]`), id).toHaveCount(0);
  }
  await expect(panel.locator('[data-testid="check"][data-check="signed.nothingAdded"]')).toHaveAttribute('data-status', 'failed');
}

test('the Evidence page tells one truth per bag, in English and Spanish at 1024×640', async ({ page, home }) => {
  test.setTimeout(240_000);
  const made = await archiveWithCli({ seed: 31, titles: TITLES });
  expect(made.run.code, made.run.stderr).toBe(0);
  const forged = bagFolder(made.archive, 'NDA');
  appendFileSync(join(forged, 'data', 'signed.pdf'), '\n% appended after signing\n');
  await rewriteManifests(forged);
  const incomplete = bagFolder(made.archive, 'Supplier');
  rmSync(join(incomplete, 'data', 'package.zip'));
  await rewriteManifests(incomplete);

  const webHost = await startWebHost(home, ['--archive', made.archive]);
  try {
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url); // --archive: the review is the first screen
    const rows = page.getByTestId('bag-row');
    await expect(rows).toHaveCount(4, { timeout: 30_000 });

    for (const language of ['en', 'es'] as const) {
      if (language === 'es') {
        expect((await webHost.call('settings.update', { language: 'es' })).ok).toBe(true);
        await expect(page.getByRole('heading', { level: 1, name: 'Evidencias' })).toBeVisible();
      }
      const words =
        language === 'en'
          ? {
              untrusted: 'Intact, signer not vouched for',
              todo: 'add the certificate authority',
              failed: 'Failed',
              incomplete: 'Incomplete',
              none: 'Not timestamped',
            }
          : {
              untrusted: 'Íntegro, firmante sin respaldo',
              todo: 'añada la autoridad de certificación',
              failed: 'Fallido',
              incomplete: 'Incompleto',
              none: 'Sin sello de tiempo',
            };
      await page.screenshot({ path: screenshotPath(`evidence-page-${language}.png`) });
      await expectNoSeriousViolations(page, `the reviewed archive (${language})`);

      // Intact, but no trusted authority vouches for the signer: amber, with what to do.
      let panel = await openBag(page, 'Calle Mayor');
      await expect(panel.getByTestId('panel-verdict')).toHaveText(words.untrusted);
      await expect(panel.getByTestId('panel-verdict')).toHaveAttribute('data-tone', 'warning');
      await expect(panel.getByTestId('panel-verdict-text')).toContainText(words.todo);
      await expect(panel.getByTestId('panel-timestamp')).toContainText(words.none);
      await page.screenshot({ path: screenshotPath(`evidence-page-untrusted-${language}.png`) });
      await expectNoSeriousViolations(page, `an amber bag (${language})`);
      await closeBag(page);

      // Forged: every line agrees.
      panel = await openBag(page, 'NDA');
      await expect(panel.getByTestId('panel-verdict')).toHaveText(words.failed);
      await expect(panel.getByTestId('panel-counts')).not.toContainText(/(Failed|Fallidas) 0/);
      await expectNoPassOnSignedPdf(page);
      const counts = await panel.getByTestId('panel-counts').textContent();
      await page.screenshot({ path: screenshotPath(`evidence-page-tampered-${language}.png`) });
      await closeBag(page);
      await expect(rows.filter({ hasText: 'NDA' }).getByTestId('bag-counts')).toHaveText(counts ?? '');

      // Incomplete: its own look and words.
      panel = await openBag(page, 'Supplier');
      await expect(panel.getByTestId('panel-verdict')).toHaveText(words.incomplete);
      await expect(panel.getByTestId('panel-summary')).toHaveAttribute('data-look', 'incomplete');
      await page.screenshot({ path: screenshotPath(`evidence-page-incomplete-${language}.png`) });
      await closeBag(page);
    }

    // "Check again now" on the forged bag: still every line agrees, and the list says the same.
    let panel = await openBag(page, 'NDA');
    await panel.getByTestId('recheck').click();
    await expect(panel.getByTestId('panel-rechecked')).toBeVisible();
    await expect(panel.getByTestId('panel-verdict')).toHaveText('Fallido');
    await expectNoPassOnSignedPdf(page);
    await closeBag(page);

    // The sandbox CA names itself a test authority: warned, confirmed, then trusted after one re-check.
    expect((await webHost.call('settings.update', { language: 'en' })).ok).toBe(true);
    await page
      .getByTestId('anchor-file')
      .setInputFiles({ name: 'sandbox-ca.pem', mimeType: 'application/x-pem-file', buffer: Buffer.from(sandboxCaCertPem) });
    const confirm = page.getByTestId('anchor-confirm');
    await expect(confirm.getByTestId('anchor-warning')).toContainText('says it is for tests or not a trusted authority');
    await page.screenshot({ path: screenshotPath('evidence-page-test-ca-en.png') });
    await expectNoSeriousViolations(page, 'the trust confirmation');
    await confirm.getByTestId('anchor-trust').click();
    await expect(page.getByTestId('anchor-done')).toBeVisible({ timeout: 30_000 });
    panel = await openBag(page, 'Calle Mayor');
    await expect(panel.getByTestId('panel-verdict')).toHaveText('Verified');
    await expect(panel.getByTestId('signatures')).not.toContainText('issuer not trusted');
    await page.screenshot({ path: screenshotPath('evidence-page-trusted-en.png') });
    await closeBag(page);

    // The saved report is the same run the page then shows: its problems are the bags' problems listed here.
    await page.getByTestId('save-report').click();
    const saved = await page.getByTestId('report-saved').textContent();
    const reported = Number(/(\d+) problems? (is|are) listed/.exec(saved ?? '')?.[1] ?? 'NaN');
    let listed = 0;
    for (const title of ['NDA', 'Supplier']) {
      panel = await openBag(page, title);
      for (const count of await panel
        .getByTestId('bag-problems')
        .locator('li')
        .evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-count')))))
        listed += count;
      await closeBag(page);
    }
    expect(listed, saved ?? '').toBe(reported);

    // Removing the authority takes its trust back at once.
    await page
      .getByTestId('trust-anchors')
      .getByRole('button', { name: /^Remove / })
      .click();
    await expect(page.getByTestId('anchor-done')).toContainText('Removed', { timeout: 30_000 });
    panel = await openBag(page, 'Calle Mayor');
    await expect(panel.getByTestId('panel-verdict')).toHaveText('Intact, signer not vouched for');
    await closeBag(page);
  } finally {
    await webHost.stop();
    made.remove();
  }
});
