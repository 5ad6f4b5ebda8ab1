import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';

// The Activity page for real: the web host, the local sandbox with its demo documents, the webhook
// listener, and the sandbox calling it as the e-signature service would through a tunnel.

const PUBLIC_ADDRESS = 'https://hooks.example.test';

test.describe('Activity with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('Sync now reads the demo documents; the notification address; notifications arrive live; in Spanish', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webHost.origin });
    await startDemo(page, webHost);

    // The shell appears as soon as the host announces the account, while "Try the sandbox" may still be finishing.
    await expect(async () => {
      await page.getByTestId('nav-activity').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const state = page.getByTestId('sync-state');
    await expect(state).toBeVisible();
    // A first sync may already run for a new account: Sync now waits for it.
    await expect(state).not.toHaveAttribute('data-state', 'syncing', { timeout: 60_000 });
    await page.getByTestId('sync-now').click();
    await expect(state).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });
    await expect(page.getByTestId('sync-now')).toBeEnabled();

    const total = page.getByTestId('count-total');
    await expect.poll(async () => Number((await total.textContent())?.replace(/\D/g, '') ?? 0), { timeout: 30_000 }).toBeGreaterThan(40);
    const counted = await page.getByTestId('status-counts').locator('[data-status] .stat-value').allTextContents();
    expect(counted.reduce((sum, text) => sum + Number(text.replace(/\D/g, '')), 0)).toBe(
      Number((await total.textContent())?.replace(/\D/g, '')),
    );
    await expect(page.getByTestId('last-sync')).toContainText('read');

    // The listener: no public address, and the demo's sandbox (on this computer) needs none: no tunnel advised.
    const webhook = page.getByTestId('webhook-card');
    await expect(webhook.getByTestId('listener-state')).toHaveText('Waiting for the first');
    const localUrl = (await webhook.getByTestId('local-url').textContent()) ?? '';
    expect(localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(webhook.getByTestId('waiting-first')).toContainText('no tunnel is needed');
    await expect(webhook.getByTestId('no-public-address')).toHaveCount(0);
    await page.getByTestId('tunnel-line-settings').click();
    const settings = page.getByTestId('settings-webhooks');
    await settings.getByLabel('Public address').fill(PUBLIC_ADDRESS);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByTestId('webhook-saved')).toHaveText('Saved.');
    await expect(settings.getByTestId('settings-hook-url')).toHaveText(new RegExp(`^${PUBLIC_ADDRESS}/hooks/[A-Za-z0-9_-]+$`));
    await page.getByRole('heading', { level: 1 }).click();
    await settings.screenshot({ path: screenshotPath('settings-webhooks.png') });

    // Back on Activity: the address to paste, copied as is.
    await page.getByTestId('nav-activity').click();
    const hookUrl = (await webhook.getByTestId('hook-url').textContent()) ?? '';
    expect(hookUrl).toMatch(new RegExp(`^${PUBLIC_ADDRESS}/hooks/[A-Za-z0-9_-]+$`));
    await expect(webhook.getByTestId('no-public-address')).toHaveCount(0);
    await webhook.getByTestId('copy-hook-url').click();
    await expect(webhook.getByTestId('copy-hook-url')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hookUrl);
    await expect(webhook.getByTestId('copy-hook-url'), 'the confirmation goes after a moment').toHaveText('Copy', { timeout: 5_000 });

    // The sandbox calls the listener (as the service would through the tunnel): everyone signs.
    const sandbox = await sandboxUrl(webHost);
    await control(sandbox, 'PUT', '/webhook', { url: `${localUrl}${new URL(hookUrl).pathname}`, secret: null });
    await control(sandbox, 'POST', '/sign-all');
    await control(sandbox, 'POST', '/notify', { notification_action: 'TU', document_id: 'demo-unknown-kind' });
    // What happened, in words: each signature with its signer and the document's title, newest first.
    await expect(
      page
        .getByTestId('feed-entry')
        .filter({ hasText: /signed ‘.+’/ })
        .first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('feed-entry').first()).not.toContainText('demo-');
    await expect(webhook.getByTestId('listener-state')).toHaveText('Receiving');
    await expect(webhook.getByTestId('no-public-address')).toHaveCount(0);
    await page.getByTestId('technical-details-toggle').click();
    const inbox = page.getByTestId('inbox-card');
    await expect
      .poll(async () => Number((await inbox.getByTestId('inbox-received').textContent())?.replace(/\D/g, '') ?? 0), { timeout: 30_000 })
      .toBeGreaterThan(5);
    await expect(inbox.getByTestId('inbox-ignored')).not.toHaveText('0');
    await expect(inbox.getByTestId('inbox-row').filter({ hasText: 'Signature completed' }).first()).toBeVisible();
    await expect(inbox.getByTestId('inbox-row').filter({ hasText: 'TU' }).first()).toContainText('ignored');
    await expect
      .poll(async () => Number((await inbox.getByTestId('inbox-pending').textContent())?.replace(/\D/g, '') ?? 1), { timeout: 30_000 })
      .toBe(0);
    const firstRow = inbox.getByTestId('inbox-row').first();
    await firstRow.getByTestId('inbox-row-toggle').click();
    await expect(inbox.getByTestId('inbox-raw')).toContainText('notification_action');

    await page.getByRole('heading', { level: 1 }).click(); // no focus ring in the picture
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, 0));
    await page.setViewportSize({ width: 1280, height: 1500 }); // the three cards in one picture
    await page.screenshot({ path: screenshotPath('activity.png') });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Spanish: the same page in Spanish.
    await page.getByTestId('nav-settings').click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Actividad' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Actividad' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sincronización con el servicio' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sincronizar ahora' })).toBeVisible();
    await expect(page.getByTestId('sync-state')).toHaveText('En espera');
    await expect(page.getByTestId('status-counts')).toContainText('Completado');
    await expect(webhook.getByTestId('listener-state')).toHaveText('Recibiendo');
    await page.getByTestId('technical-details-toggle').click();
    await expect(
      page
        .getByTestId('feed-entry')
        .filter({ hasText: /firmó «.+»/ })
        .first(),
    ).toBeVisible();
    await expect(inbox.getByTestId('inbox-row').filter({ hasText: 'Firma completada' }).first()).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await page.screenshot({ path: screenshotPath('activity-es.png') });
  });
});
