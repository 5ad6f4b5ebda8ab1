import { expect, screenshotPath, test } from './support/fixtures';
import { archiveWithCli } from './support/evidence-archive';
import { startWebHost } from './support/web-host';

// Issue 23: a timestamped bag on the Evidence page shows its time, in English and Spanish at 1024×640.
// The archive is made by a CLI run with the sandbox's time-stamping authority (SIGNDOCK_TSA_URL); the
// sandbox is gone when the web host reviews it (new data folder, no account, --archive): the token is
// checked offline, and with no TSA authority added here the time is said as not vouched for.
test('a timestamped bag shows its time on the Evidence page', async ({ page, home }) => {
  test.setTimeout(180_000);
  const made = await archiveWithCli({ seed: 37, titles: ['Lease – Plaza Nueva 3'], timestamps: true });
  expect(made.run.code, made.run.stderr).toBe(0);
  const webHost = await startWebHost(home, ['--archive', made.archive]);
  try {
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url); // --archive: the review is the first screen
    await expect(page.getByTestId('bag-row')).toHaveCount(1, { timeout: 30_000 });
    for (const language of ['en', 'es'] as const) {
      if (language === 'es') {
        expect((await webHost.call('settings.update', { language: 'es' })).ok).toBe(true);
        await expect(page.getByRole('heading', { level: 1, name: 'Evidencias' })).toBeVisible();
      }
      await page.getByTestId('bag-row').getByTestId('bag-open').click();
      const stamp = page.getByTestId('bag-details').getByTestId('panel-timestamp');
      await expect(stamp).toHaveAttribute('data-state', 'passed');
      await expect(stamp).toContainText(String(new Date().getUTCFullYear()));
      await expect(stamp).toContainText('SignDock Sandbox time-stamping authority');
      await page.screenshot({ path: screenshotPath(`evidence-page-timestamped-${language}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('bag-details')).toBeHidden();
    }
  } finally {
    await webHost.stop();
    made.remove();
  }
});
