import { expect, GOOD_KEY, noKeyringReason, screenshotPath, test } from './support/fixtures';

test.describe('First run', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('a refused key stores nothing; the right key is saved and selected; Spanish sticks after a reload', async ({
    page,
    webHost,
    service,
  }) => {
    await page.goto(webHost.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to SignDock' })).toBeVisible();
    expect(page.url(), 'the session token leaves the address bar').not.toContain('token=');

    await page.getByLabel('Account name').fill('Office');
    await page.getByLabel('Service address').fill(service.url);
    await page.getByLabel('API key').fill('wrong-key');

    // Test connection: the refusal in plain words.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('key-check-result')).toHaveText('The service did not accept this API key (401).');

    // Save with the same key: refused again, shown next to the API key, and nothing is stored.
    await page.getByRole('button', { name: 'Save account' }).click();
    await expect(page.getByTestId('apiKey-error')).toHaveText('The service did not accept this API key (401).');
    await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('API key'), 'focus moves to the field that needs fixing').toBeFocused();
    await expect(page.getByTestId('onboarding')).toBeVisible();
    expect(await webHost.call('accounts.list')).toEqual({ ok: true, value: { accounts: [], selectedId: null } });
    expect(service.requests.map((r) => r.authorization)).toEqual(['Bearer wrong-key', 'Bearer wrong-key']);

    // The right key: the test passes, then Save lands in the app with the account selected.
    await page.getByLabel('API key').fill(GOOD_KEY);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('key-check-result')).toHaveText('Connected. The service accepted this API key.');
    await page.getByRole('heading', { level: 1 }).click(); // no focus ring in the picture
    await page.screenshot({ path: screenshotPath('onboarding.png') });

    await page.getByRole('button', { name: 'Save account' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    await expect(page.getByTestId('current-account-name')).toHaveText('Office');
    await expect(nav.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
    const listed = (await webHost.call('accounts.list')) as {
      value: { accounts: { id: string; name: string; baseUrl: string }[]; selectedId: string };
    };
    expect(listed.value.accounts).toHaveLength(1);
    expect(listed.value.accounts[0]).toMatchObject({ name: 'Office', baseUrl: service.url, hasKey: true, demo: false });
    expect(listed.value.selectedId).toBe(listed.value.accounts[0]?.id);

    // Settings: the account is listed as in use; switching the language to Español.
    await nav.getByRole('button', { name: 'Settings' }).click();
    await expect(nav.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const row = page.getByTestId('account-row').filter({ hasText: 'Office' });
    await expect(row.getByTestId('selected-tag')).toHaveText('In use');
    await row.getByRole('button', { name: 'Test' }).click();
    await expect(row.getByTestId('key-check-result')).toHaveText('Connected. The service accepted this API key.');

    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Documentos' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(row.getByTestId('selected-tag')).toHaveText('En uso');
    expect(await webHost.call('settings.get')).toMatchObject({ ok: true, value: { language: 'es' } });
    await page.screenshot({ path: screenshotPath('settings-es.png') });

    // After a reload (the token is kept for this tab), still Spanish, still signed in, on the same page.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page.getByTestId('current-account-name')).toHaveText('Office');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});
