import { freePort } from '../helpers/ssh-server';
import { startDemo } from './support/demo';
import { expect, noKeyringReason, test } from './support/fixtures';
import { startWebHost } from './support/web-host';

// Issue 27, ngrok without reaching ngrok: the web host's ngrok is pointed at a port where nothing
// listens (SIGNDOCK_NGROK_SERVER_ADDR), which is what no network looks like to it. The authtoken goes
// to the keychain only — never back to the page — and the problem is said in words while polling goes on.

test.describe('Settings → Notifications with ngrok, offline', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('the authtoken is stored in the keychain and shown only as stored; no network is said in words; Forget deletes it', async ({
    page,
    home,
  }) => {
    test.setTimeout(120_000);
    const host = await startWebHost(home, [], {
      ...process.env,
      SIGNDOCK_NGROK_SERVER_ADDR: `127.0.0.1:${await freePort()}`,
      SIGNDOCK_NGROK_AUTHTOKEN: '',
    });
    try {
      await page.setViewportSize({ width: 1024, height: 640 });
      await startDemo(page, host);
      await page.getByTestId('nav-settings').click();
      const panel = page.getByTestId('tunnel-panel');
      await panel.getByTestId('tunnel-provider-ngrok').check();
      await expect(panel.getByTestId('authtoken-state')).toHaveText('Not stored yet');
      const authtoken = `2e2eTestToken_${Date.now()}_abcdefghijklmnop`;
      const field = panel.getByLabel('ngrok authtoken');
      await expect(field).toHaveAttribute('type', 'password');
      await field.fill(authtoken);
      await field.press('Enter');

      await expect(panel.getByTestId('authtoken-state')).toHaveText('Stored in the keychain');
      await expect(field).toHaveValue('');
      await expect(panel.getByTestId('tunnel-problem')).toContainText('this computer seems to be offline. It tries again by itself', {
        timeout: 60_000,
      });
      await expect(panel.getByTestId('tunnel-state')).toHaveText(/Reconnecting|Not working/);
      // Nothing the page can read holds the authtoken.
      const answers = JSON.stringify([
        await host.call('tunnel.settings'),
        await host.call('tunnel.status'),
        await host.call('webhooks.state'),
      ]);
      expect(answers).not.toContain(authtoken);
      expect(await page.content()).not.toContain(authtoken);

      await page.getByTestId('nav-activity').click();
      await expect(page.getByTestId('tunnel-line')).toContainText(/keeps trying to connect|not working/);

      await page.getByTestId('tunnel-line-settings').click();
      await expect(panel.getByTestId('tunnel-provider-ngrok')).toBeFocused();
      await panel.getByTestId('tunnel-stop').click();
      await expect(panel.getByTestId('tunnel-state')).toHaveText('Off');
      await panel.getByTestId('forget-authtoken').click();
      await expect(panel.getByTestId('authtoken-state')).toHaveText('Not stored yet');
      await expect(panel.getByText('The authtoken was removed from the keychain.')).toBeVisible();
      expect(((await host.call('tunnel.settings')) as { value: { ngrok: { authtokenStored: boolean } } }).value.ngrok.authtokenStored).toBe(
        false,
      );
    } finally {
      await host.stop();
    }
  });
});
