import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/axe';
import { expect, noKeyringReason, test } from './support/fixtures';
import { sizes, type Variant } from './support/screens';
import { contractPdf, dropFiles, filesChecked, fixture } from './support/send-files';

// Issue 16: an automated accessibility audit (axe) of every page and dialog, in English and Spanish,
// light and dark, at 1024×640 and 1280×800: no serious or critical violation (text contrast ≥ 4.5:1
// among them). The page's CSP carries frame-ancestors in the header only (never a console warning).

const variants: Variant[] = [
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
  { language: 'es', theme: 'light' },
  { language: 'es', theme: 'dark' },
];

/** Known violations excluded by the narrowest selector until fixed (none now). */
const knownElsewhere: Record<string, string[]> = {};

/** axe at both sizes, on whatever is on screen now. */
async function audit(page: Page, where: string): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await expectNoSeriousViolations(page, `${where} at ${size.width}×${size.height}`, knownElsewhere[where] ?? []);
  }
}

// Each variant has its own host and data folder: they may run on different workers at once.
test.describe.configure({ mode: 'parallel' });

for (const variant of variants) {
  test.describe(`Accessibility (${variant.language}, ${variant.theme})`, () => {
    test.skip(noKeyringReason() !== '', noKeyringReason());

    test('every page and dialog passes axe with no serious or critical violation', async ({ page, webHost }) => {
      test.setTimeout(240_000);
      const consoleNotes: string[] = [];
      page.on('console', (message) => consoleNotes.push(message.text()));
      await webHost.call('settings.update', { language: variant.language, theme: variant.theme });
      const response = await page.goto(webHost.url);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.getByTestId('onboarding')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', variant.theme);
      await audit(page, 'onboarding');

      await page.getByTestId('sandbox-start').click();
      await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });
      await audit(page, 'Send (empty)');

      await dropFiles(page, [
        await contractPdf('NDA Acme 2026', 'Ana García'),
        await contractPdf('Lease renewal', 'Bruno Díaz'),
        fixture('encrypted.pdf'),
      ]);
      await expect(page.getByTestId('send-row')).toHaveCount(3);
      await filesChecked(page);
      await audit(page, 'Send (rows)');

      await page.getByTestId('who-signs').click();
      await page.getByTestId('add-signer').click();
      await audit(page, 'Who signs');
      await page.keyboard.press('Escape');

      await page.getByTestId('select-all').check();
      await page.getByTestId('remove-selected').click();
      await expect(page.getByTestId('remove-dialog')).toBeVisible();
      await audit(page, 'Remove rows?');
      await page.keyboard.press('Escape');
      await page.getByTestId('select-all').uncheck();

      await page.locator('[data-file="encrypted.pdf"]').getByTestId('row-exclude').click();
      await expect(page.getByTestId('undo-toast')).toBeVisible();
      await page.getByTestId('manifest-menu').locator('summary').click();
      await audit(page, 'Send (toast, manifest menu)');

      for (const view of ['documents', 'evidence', 'activity', 'settings'] as const) {
        await page.getByTestId(`nav-${view}`).click();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (view === 'activity') await page.getByTestId('technical-details-toggle').click();
        await audit(page, view);
      }
      await page
        .getByTestId('settings-accounts')
        .getByRole('button', { name: variant.language === 'en' ? 'Remove' : 'Eliminar', exact: true })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await audit(page, 'Remove account?');
      await page.keyboard.press('Escape');
      expect(
        consoleNotes.filter((text) => /frame-ancestors/.test(text)),
        'no CSP warning in the console',
      ).toEqual([]);
    });
  });
}
