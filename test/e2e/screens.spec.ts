import { control, sandboxUrl } from './support/demo';
import { expect, noKeyringReason, test } from './support/fixtures';
import { shoot, type Variant } from './support/screens';
import { contractPdf, dropFiles, fixture } from './support/send-files';

// Issue 16, "Must show": the clerk's day at 1024×640 and 1280×800, in English and Spanish, light and
// dark — onboarding, Send with 40 rows (before, with problems, after), the Who signs dialog with three
// signers, Activity (its feed, its figures) and Settings, and signer names on Documents — saved under
// docs/screenshots/clerk/ and looked at before resolving.

const variants: Variant[] = [
  { language: 'en', theme: 'light' },
  { language: 'es', theme: 'dark' },
  { language: 'en', theme: 'dark' },
  { language: 'es', theme: 'light' },
];

const words = {
  en: {
    send: 'Send',
    sandbox: 'Try the sandbox',
    whoSigns: 'Who signs',
    applyAll: 'Apply to all (40)',
    activity: 'Activity',
    documents: 'Documents',
    settings: 'Settings',
  },
  es: {
    send: 'Enviar',
    sandbox: 'Probar el entorno de prueba',
    whoSigns: 'Quién firma',
    applyAll: 'Aplicar a todos (40)',
    activity: 'Actividad',
    documents: 'Documentos',
    settings: 'Configuración',
  },
};

// Each variant has its own host and data folder: they may run on different workers at once.
test.describe.configure({ mode: 'parallel' });

for (const variant of variants) {
  test.describe(`The clerk's day (${variant.language}, ${variant.theme})`, () => {
    test.skip(noKeyringReason() !== '', noKeyringReason());

    test('onboarding, Send with 40 rows, Who signs, Activity, Settings at 1024×640 and 1280×800', async ({ page, webHost }) => {
      test.setTimeout(240_000);
      const w = words[variant.language];
      await webHost.call('settings.update', { language: variant.language, theme: variant.theme });
      await page.setViewportSize({ width: 1024, height: 640 });
      await page.goto(webHost.url);
      const sandboxButton = page.getByRole('button', { name: w.sandbox });
      await expect(sandboxButton).toBeInViewport();
      await shoot(page, 'onboarding', variant);

      await page.setViewportSize({ width: 1024, height: 640 });
      await sandboxButton.click();
      await expect(page.getByTestId('current-account-name')).not.toBeEmpty({ timeout: 30_000 });
      await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });

      // 40 files: 37 contracts, a password-protected one, a truncated one, a picture renamed .pdf.
      const files = [];
      for (let n = 1; n <= 37; n++) files.push(await contractPdf(`Contract ${String(n).padStart(2, '0')} — Client ${n}`, `Client ${n}`));
      files.push(fixture('encrypted.pdf'), fixture('truncated.pdf'), fixture('png-renamed.pdf'));
      await dropFiles(page, files);
      const rows = page.getByTestId('send-row');
      await expect(rows).toHaveCount(40, { timeout: 60_000 });
      await expect(page.getByTestId('checking-files')).toHaveCount(0, { timeout: 60_000 });
      await page.getByRole('heading', { level: 1 }).click();
      await shoot(page, 'send-before', variant);

      // Who signs, three signers.
      await page.getByTestId('who-signs').click();
      const dialog = page.getByTestId('signers-dialog');
      await dialog.getByTestId('add-signer').click();
      await dialog.getByTestId('add-signer').click();
      const people = [
        ['Ana García', 'ana@example.com'],
        ['Bruno Díaz', 'bruno@example.com'],
        ['Carla Ruiz', 'carla@example.com'],
      ];
      for (const [index, [name, email]] of people.entries()) {
        const card = dialog.getByTestId('signer-card').nth(index);
        await card.getByRole('combobox').first().fill(name!);
        await card.getByRole('textbox').first().fill(email!);
      }
      await dialog.getByRole('heading', { name: w.whoSigns }).click();
      await shoot(page, 'who-signs', variant);
      await dialog.getByRole('button', { name: w.applyAll }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('heading', { level: 1 }).click();
      // The rows that can't be sent, above the summary bar.
      await shoot(page, 'send-problems', variant, () => page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight)));

      await page.getByTestId('send-button').click();
      await page.getByTestId('send-confirm-send').click(); // the summary before sending
      await expect(page.getByTestId('progress-summary')).toBeVisible({ timeout: 120_000 });
      await page.getByRole('heading', { level: 1 }).click();
      await shoot(page, 'send-after', variant, () => page.getByRole('main').evaluate((main) => main.scrollTo(0, 0)));

      // Notifications flow: the sandbox calls the listener as the service would through a tunnel; the signers sign.
      await webHost.call('webhooks.configure', { publicBaseUrl: 'https://hooks.example.test' });
      const hooks = (await webHost.call('webhooks.state')) as { value: { localUrl: string; hookUrl: string } };
      const sandbox = await sandboxUrl(webHost);
      await control(sandbox, 'PUT', '/webhook', { url: `${hooks.value.localUrl}${new URL(hooks.value.hookUrl).pathname}`, secret: null });
      await control(sandbox, 'POST', '/sign-all');
      await page.getByRole('navigation').getByRole('button', { name: w.activity }).click();
      await expect(page.getByTestId('feed-entry').first()).toBeVisible({ timeout: 30_000 });
      await page.getByRole('heading', { level: 1 }).click();
      await shoot(page, 'activity', variant);
      // The documents' figures: buttons that open the Documents list filtered.
      await shoot(page, 'activity-figures', variant, () => page.getByTestId('sync-card').evaluate((card) => card.scrollIntoView()));
      await page.getByTestId('technical-details-toggle').click();
      await shoot(page, 'activity-technical', variant, () =>
        page.getByTestId('technical-details').evaluate((details) => details.scrollIntoView()),
      );

      // Signer names on the Documents page: found by search, shown in the table and the panel.
      await page.getByRole('navigation').getByRole('button', { name: w.documents }).click();
      await page.getByTestId('documents-search').fill('Bruno Díaz');
      await expect(page.getByTestId('document-row').first().getByTestId('signers')).toContainText('Ana García', { timeout: 30_000 });
      await page.getByRole('heading', { level: 1 }).click();
      await shoot(page, 'documents-names', variant, () => page.getByTestId('documents-card').evaluate((card) => card.scrollIntoView()));
      await page.getByTestId('document-row').first().getByTestId('document-open').click();
      await expect(page.getByTestId('document-panel').getByTestId('signature').nth(1).getByRole('heading', { level: 4 })).toHaveText(
        'Bruno Díaz',
      );
      await page.getByTestId('document-panel').getByRole('heading', { level: 2 }).click();
      await shoot(page, 'documents-names-panel', variant);
      await page.keyboard.press('Escape');

      await page.getByRole('navigation').getByRole('button', { name: w.settings }).click();
      await page.getByRole('heading', { level: 1 }).click();
      await shoot(page, 'settings', variant);
    });
  });
}
