import { expect, test } from './support/fixtures';
import { accountsState, syncStatus, webhookState } from './support/activity-fakes';
import { expectNoSeriousViolations } from './support/axe';
import { stubHost } from './support/host-stub';
import { fingerprint, runningSsh, sshServer, tunnelSettings, tunnelStatus } from './support/tunnel-fakes';

// Settings → Notifications' tunnel against made-up host answers, for states the real tunnel reaches
// only with time or a hostile server (a countdown, a changed host key, a refused ngrok authtoken).
// tunnel-screens.spec.ts runs the same flow for real against a local sshd.

test.describe('Settings → Notifications: the tunnel (host answers stubbed)', () => {
  test('SSH: fields checked in words, Start shows progress, the host key is confirmed once, then the address with steps; reconnecting counts down; a changed key is refused in words', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    let settings = tunnelSettings();
    let status = tunnelStatus();
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => syncStatus(),
      'webhooks.state': () => webhookState(),
      'tunnel.settings': () => settings,
      'tunnel.status': () => status,
      'tunnel.saveSettings': (input) =>
        (settings = tunnelSettings({
          provider: input.provider,
          ssh: input.ssh ? { ...(input.ssh as object), pinnedFingerprint: null } : null,
        })),
      'tunnel.start': () => (status = tunnelStatus({ provider: 'ssh', state: 'starting' })),
      'tunnel.confirmHostKey': (input) => {
        expect(input).toEqual({ fingerprint });
        return (status = tunnelStatus({ provider: 'ssh', state: 'starting' }));
      },
      'tunnel.stop': () => (status = tunnelStatus({ provider: 'ssh' })),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-settings').click();
    const panel = page.getByTestId('tunnel-panel');
    await expect(panel.getByTestId('tunnel-state')).toHaveText('Off');

    // Keyboard: the provider is a radio group (arrow keys), Enter in a field presses Start.
    await panel.getByTestId('tunnel-provider-none').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByTestId('tunnel-provider-ssh')).toBeChecked();
    await panel.getByLabel('Server', { exact: true }).press('Enter');
    await expect(panel.getByTestId('host-error')).toHaveText('Enter the server’s name, such as ssh.example.com, or its IP address.');
    await expect(panel.getByLabel('Server', { exact: true })).toBeFocused();
    expect(stub.count('tunnel.start')).toBe(0);

    await panel.getByLabel('Server', { exact: true }).fill(sshServer.host);
    await panel.getByLabel('User name on the server').fill(sshServer.user);
    // In a browser the key is chosen and uploaded, never typed as a path; over 64 KB it is refused in words.
    await expect(panel.getByRole('textbox', { name: 'Private key file' })).toHaveAttribute('readonly', '');
    const keyInput = panel.getByTestId('key-file-input');
    await keyInput.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(64 * 1024 + 1) });
    await expect(
      panel.getByText('“photo.jpg” is larger than 64 KB, so it is not a private key file. Choose the key itself, such as id_ed25519.'),
    ).toBeVisible();
    await page.route('**/api/tunnel-file?for=sshKey', (route) =>
      route.fulfill({ json: { ok: true, value: { path: sshServer.identityFile } } }),
    );
    await keyInput.setInputFiles({ name: 'id_ed25519', mimeType: 'application/octet-stream', buffer: Buffer.from('a key') });
    await expect(panel.getByRole('textbox', { name: 'Private key file' })).toHaveValue(sshServer.identityFile);
    await panel.getByLabel('Port on the server').fill('8443');
    await panel.getByLabel('Public address of that port').fill(sshServer.publicBaseUrl);
    await panel.getByLabel('Public address of that port').press('Enter');
    await expect(panel.getByTestId('tunnel-state')).toHaveText('Starting');
    await expect(panel.getByTestId('tunnel-starting')).toHaveText('Opening the tunnel. This can take a few seconds…');
    expect(stub.calls.find((call) => call.op === 'tunnel.saveSettings')?.input).toEqual({
      provider: 'ssh',
      ngrok: { domain: null },
      ssh: sshServer,
    });

    stub.emit(
      'tunnel.changed',
      (status = tunnelStatus({
        provider: 'ssh',
        state: 'needsHostKeyConfirmation',
        hostKey: { host: sshServer.host, port: 22, keyType: 'ssh-ed25519', fingerprint },
      })),
    );
    const confirm = page.getByTestId('host-key-confirm');
    await expect(confirm.getByRole('heading', { name: 'Is this your organisation’s server?' })).toBeFocused();
    await expect(confirm.getByTestId('host-key-fingerprint')).toHaveText(fingerprint);
    await expectNoSeriousViolations(page, 'the host key question');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(confirm.getByTestId('host-key-trust')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => stub.count('tunnel.confirmHostKey')).toBe(1);

    stub.emit('tunnel.changed', (status = runningSsh()));
    await expect(panel.getByTestId('tunnel-state')).toHaveText('Running');
    await expect(panel.getByTestId('tunnel-hook-url')).toHaveText(runningSsh().hookUrl!);
    await expect(panel.getByTestId('tunnel-steps').getByRole('listitem')).toHaveCount(5);
    await expect(panel.getByTestId('tunnel-arrivals')).toHaveText(
      'None yet — SignDock checks for changes by itself at least every 15 minutes meanwhile.',
    );
    stub.emit(
      'tunnel.changed',
      (status = runningSsh({ notifications: { lastReceivedAt: new Date(Date.now() - 120_000).toISOString(), receivedThisRun: 3 } })),
    );
    await expect(panel.getByTestId('tunnel-arrivals')).toHaveText('Last notification 2 min. ago · received since SignDock started: 3.');
    await expect(panel.getByTestId('tunnel-stop')).toBeVisible();

    const lost = {
      code: 'webhooks.tunnel.sshConnectionLost',
      message: 'The connection to tunnel.example.org was lost.',
      params: { host: sshServer.host },
    };
    stub.emit(
      'tunnel.changed',
      (status = tunnelStatus({
        provider: 'ssh',
        state: 'reconnecting',
        error: lost,
        attempts: 2,
        nextRetryAt: new Date(Date.now() + 20_000).toISOString(),
      })),
    );
    await expect(panel.getByTestId('tunnel-countdown')).toContainText(/tries again by itself in (19|20) s \(attempt 2\)/);
    await expect(panel.getByTestId('tunnel-countdown')).toContainText(/tries again by itself in 1[0-8] s/, { timeout: 5_000 });
    await expect(panel.getByTestId('tunnel-problem')).toHaveText(
      /The connection to tunnel\.example\.org was lost\. SignDock tries again by itself\./,
    );

    const changed = {
      code: 'webhooks.tunnel.sshHostKeyChanged',
      message: 'changed',
      params: { host: sshServer.host, fingerprint: 'SHA256:AAAA' },
    };
    stub.emit('tunnel.changed', (status = tunnelStatus({ provider: 'ssh', state: 'failed', error: changed })));
    await expect(panel.getByTestId('tunnel-state')).toHaveText('Not working');
    await expect(panel.getByTestId('tunnel-problem')).toContainText(
      'presented a different key (SHA256:AAAA) than the one trusted. SignDock did not connect',
    );
    await expect(page.getByTestId('host-key-confirm')).toHaveCount(0);

    await page.getByTestId('language-select').selectOption('es');
    await expect(panel.getByTestId('tunnel-state')).toHaveText('No funciona');
    await expect(panel.getByTestId('tunnel-problem')).toContainText('presentó una clave distinta (SHA256:AAAA)');
  });

  test('ngrok: the authtoken is write-only (stored, then Forget), a refused one is said in words', async ({ page, webHost }) => {
    let settings = tunnelSettings();
    let status = tunnelStatus();
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'webhooks.state': () => webhookState(),
      'tunnel.settings': () => settings,
      'tunnel.status': () => status,
      'tunnel.storeAuthtoken': () =>
        (settings = tunnelSettings({ ngrok: { domain: null, authtokenStored: true, authtokenFromEnvironment: false } })),
      'tunnel.saveSettings': (input) => (settings = { ...settings, provider: input.provider as string }),
      'tunnel.start': () => (status = tunnelStatus({ provider: 'ngrok', state: 'starting' })),
      'tunnel.forgetAuthtoken': () => (settings = tunnelSettings({ provider: 'ngrok' })),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-settings').click();
    const panel = page.getByTestId('tunnel-panel');
    await panel.getByTestId('tunnel-provider-ngrok').check();
    await panel.getByTestId('tunnel-start').click();
    await expect(panel.getByTestId('authtoken-error')).toHaveText('Paste your ngrok authtoken first.');
    const token = panel.getByLabel('ngrok authtoken');
    await expect(token).toHaveAttribute('type', 'password');
    await token.fill('2abcDEFghiJKLmnoPQRstuVWXyz_0123456789');
    await panel.getByTestId('tunnel-start').click();
    await expect(panel.getByTestId('authtoken-state')).toHaveText('Stored in the keychain');
    await expect(token).toHaveValue('');
    expect(
      stub.calls.map((call) => call.op).filter((op) => op.startsWith('tunnel.') && op !== 'tunnel.settings' && op !== 'tunnel.status'),
    ).toEqual(['tunnel.storeAuthtoken', 'tunnel.saveSettings', 'tunnel.start']);

    const refused = { code: 'webhooks.tunnel.ngrokAuthtokenRefused', message: 'ngrok refused the authtoken.' };
    stub.emit('tunnel.changed', (status = tunnelStatus({ provider: 'ngrok', state: 'failed', error: refused })));
    await expect(panel.getByTestId('tunnel-problem')).toContainText('ngrok refused the authtoken. Copy it again from dashboard.ngrok.com');
    await panel.getByTestId('forget-authtoken').click();
    await expect(panel.getByTestId('authtoken-state')).toHaveText('Not stored yet');
    await expect(panel.getByText('The authtoken was removed from the keychain.')).toBeVisible();
  });
});
