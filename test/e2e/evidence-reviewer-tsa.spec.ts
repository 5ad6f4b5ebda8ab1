import { X509Certificate } from 'node:crypto';
import { archiveWithCli } from './support/evidence-archive';
import { expect, screenshotPath, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 31 point 7: a reviewer trusts a timestamp where they are. The archive is made by a CLI run with
// the sandbox's TSA address only; the web host then reviews it (new data folder, no account, --archive,
// read-only). The timestamp is "not vouched for", with the way to add the authority under it; the
// reviewer uploads the TSA's CA file, sees its name and SHA-256 fingerprint (and the warning that it
// names itself a sandbox) before trusting it, and the timestamp is then vouched for. Kept in this
// computer's settings, not in the archive. English and Spanish at 1024×640.
test('a reviewer adds the time-stamping authority in review mode and the timestamp becomes trusted', async ({ page, home }) => {
  test.setTimeout(180_000);
  const made = await archiveWithCli({ seed: 31, titles: ['Lease – Calle Alcalá 40'], timestamps: true });
  expect(made.run.code, made.run.stderr).toBe(0);
  const ca = new X509Certificate(made.tsaCaPem);
  const webHost = await startWebHost(home, ['--archive', made.archive]);
  try {
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    // Started with --archive: the review is the first screen.
    await expect(page.getByTestId('offline-review')).toBeVisible();
    await expect(page.getByTestId('bag-row')).toHaveCount(1, { timeout: 30_000 });
    const words = {
      en: {
        untrusted: 'No authority you trust vouches for this time-stamping authority',
        trusted: 'A time-stamping authority you trust vouches for it.',
      },
      es: {
        untrusted: 'Ninguna autoridad de su confianza respalda',
        trusted: 'Lo respalda una autoridad de sellado de su confianza.',
      },
    };
    for (const language of ['en', 'es'] as const) {
      if (language === 'es') {
        expect((await webHost.call('settings.update', { language: 'es' })).ok).toBe(true);
        await expect(page.getByRole('heading', { level: 1, name: 'Evidencias' })).toBeVisible();
      }
      await page.getByTestId('bag-row').getByTestId('bag-open').click();
      const panel = page.getByTestId('bag-details');
      const stamp = panel.getByTestId('panel-timestamp');
      await expect(stamp).toHaveAttribute('data-state', 'passed');
      await expect(stamp).toContainText(words[language].untrusted);
      const add = panel.getByTestId('tsa-anchor-add');
      await expect(add).toBeVisible();
      await add.scrollIntoViewIfNeeded();
      await page.screenshot({ path: screenshotPath(`evidence-reviewer-tsa-untrusted-${language}.png`) });

      // The CA file uploaded: shown with its name, fingerprint and warning before it is trusted.
      await panel.getByTestId('tsa-anchor-file').setInputFiles({
        name: 'tsa-ca.pem',
        mimeType: 'application/x-pem-file',
        buffer: Buffer.from(made.tsaCaPem),
      });
      const confirm = panel.getByTestId('tsa-anchor-confirm');
      await expect(confirm.getByTestId('anchor-fingerprint')).toHaveText(ca.fingerprint256);
      await expect(confirm.getByTestId('anchor-warning')).toBeVisible();
      if (language === 'en') await page.screenshot({ path: screenshotPath('evidence-reviewer-tsa-confirm-en.png') });
      await confirm.getByTestId('anchor-trust').click();
      // Trusted, then the archive checked again (the dialog waits for it), then the panel reads again.
      await expect(stamp).toContainText(words[language].trusted, { timeout: 60_000 });
      await expect(confirm).toBeHidden();
      await expect(panel.getByTestId('tsa-anchor-add')).toBeHidden();
      await page.screenshot({ path: screenshotPath(`evidence-reviewer-tsa-trusted-${language}.png`) });

      // Kept in this computer's settings (not the archive), listed on the page, and removable there.
      const settings = (await webHost.call('settings.get')).value as { timestamps: { tsaAnchors: { fingerprint: string }[] } };
      expect(settings.timestamps.tsaAnchors.map((a) => a.fingerprint)).toEqual([ca.fingerprint256]);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      const list = page.getByTestId('tsa-trust-anchors');
      await expect(list).toContainText('SignDock Sandbox');
      await list.getByRole('button').click();
      await expect(page.getByTestId('tsa-trust')).toContainText(language === 'en' ? 'None yet' : 'Ninguna todavía');
    }
  } finally {
    await webHost.stop();
    made.remove();
  }
});
