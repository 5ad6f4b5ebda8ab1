import { expect, GOOD_KEY, noKeyringReason, test } from './support/fixtures';

test.describe('Keyboard only', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('onboarding can be completed, and the app used, without a mouse', async ({ page, webHost, service }) => {
    await page.goto(webHost.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to SignDock' })).toBeVisible();

    // The first Tab reaches the first field; Enter with it empty explains the problem there.
    await page.keyboard.press('Tab');
    const name = page.getByLabel('Account name');
    await expect(name).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('name-error')).toHaveText('Give the account a name.');
    await expect(name).toBeFocused();

    await page.keyboard.type('Office');
    await expect(page.getByTestId('name-error')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Service address')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(service.url);
    await page.keyboard.press('Tab');
    const apiKey = page.getByLabel('API key');
    await expect(apiKey).toBeFocused();
    await page.keyboard.type(GOOD_KEY);

    // Show the key with the keyboard, then hide it again.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(apiKey).toHaveAttribute('type', 'text');
    await expect(apiKey).toHaveValue(GOOD_KEY);
    await page.keyboard.press('Enter');
    await expect(apiKey).toHaveAttribute('type', 'password');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Test connection' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('key-check-result')).toHaveText('Connected. The service accepted this API key.');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('current-account-name')).toHaveText('Office');

    // In the app: the skip link comes first and moves focus to the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // Navigation by keyboard, with aria-current on the active view.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Documents' }).focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('button', { name: 'Documents' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // The remove dialog: Cancel has focus, Tab stays inside, Escape closes and returns focus.
    const remove = page.getByTestId('account-row').getByRole('button', { name: 'Remove' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove “Office”?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    expect(await webHost.call('accounts.list')).toMatchObject({ ok: true, value: { accounts: [{ name: 'Office' }] } });
  });
});
