import { startDemo } from './support/demo';
import { expect, screenshotPath, test } from './support/fixtures';

// Issue 24, point 8: each kind of notification is a setting, in Settings, in English and Spanish.

test('Settings turns each kind of notification on or off, stored by the host', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  await page.getByTestId('nav-settings').click();
  const section = page.getByTestId('settings-notices');
  await expect(section.getByRole('heading', { name: 'Desktop notifications' })).toBeVisible();
  const rejected = section.getByLabel('When a signer rejects a document');
  await expect(rejected).toBeChecked();
  await expect(section.getByLabel('When a batch has been sent')).toBeChecked();
  await rejected.uncheck();
  await expect
    .poll(async () => ((await webHost.call('settings.get')) as { value: { notifications: unknown } }).value.notifications)
    .toEqual({ batchDone: true, completed: true, rejected: false });
  await page.reload();
  await expect(page.getByTestId('settings-notices').getByLabel('When a signer rejects a document')).not.toBeChecked({ timeout: 20_000 });

  await page.getByTestId('language-select').selectOption('es');
  await expect(page.getByTestId('settings-notices').getByRole('heading', { name: 'Notificaciones de escritorio' })).toBeVisible();
  await expect(page.getByTestId('settings-notices').getByLabel('Cuando un firmante rechaza un documento')).not.toBeChecked();
  await page.getByTestId('settings-notices').scrollIntoViewIfNeeded();
  await page.screenshot({ path: screenshotPath('settings-notifications-es.png') });
});
