import { expect, noKeyringReason, test } from './support/fixtures';

test.describe('Try the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('starts the local sandbox, adds the demo account and opens the app with it', async ({ page, webHost }) => {
    const info = (await webHost.call('app.info')) as { value: { sandboxAvailable: boolean } };
    test.skip(!info.value.sandboxAvailable, 'This build has no local sandbox (app.info says sandboxAvailable: false).');

    await page.goto(webHost.url);
    await page.getByRole('button', { name: 'Try the sandbox' }).click();

    await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)');
    // The switcher says where the service is in words, never a loopback address (issue 16).
    await expect(page.getByTestId('current-account-service')).toHaveText('Local sandbox');
    await expect(page.getByTestId('account-switcher')).not.toContainText('127.0.0.1');
    await page.getByTestId('nav-settings').click();
    const row = page.getByTestId('account-row').filter({ hasText: 'Sandbox (demo)' });
    await expect(row.getByTestId('demo-tag')).toHaveText('Demo');
    await expect(row.getByTestId('selected-tag')).toHaveText('In use');
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(row.getByTestId('key-check-result')).toHaveText('Connected. The service accepted this API key.');
  });
});
