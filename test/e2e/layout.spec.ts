import type { Locator, Page } from '@playwright/test';
import { control, sandboxUrl } from './support/demo';
import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles } from './support/send-files';
import type { RunningWebHost } from './support/web-host';

// Issue 16, points 8 and 9: at 1024×640 nothing wraps, covers or is cut — Send's header buttons and
// toolbar each on one line, the summary bar never hiding a row, Activity's table within the page, "Try
// the sandbox" in view — and every page uses the same column; Settings starts with language and
// appearance; the account switcher names the service, not a loopback address.

const top = async (locator: Locator) => (await locator.boundingBox())!.y;
const box = async (locator: Locator) => (await locator.boundingBox())!;

async function oneLine(locators: Locator[]): Promise<void> {
  const tops = await Promise.all(
    locators.map(async (locator) => {
      const b = await box(locator);
      return b.y + b.height / 2;
    }),
  );
  expect(Math.max(...tops) - Math.min(...tops), 'all on one line').toBeLessThan(8);
}

async function noSideScroll(page: Page, selector: string): Promise<void> {
  const overflow = await page.locator(selector).evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
  for (const extra of overflow) expect(extra, `${selector} fits without scrolling sideways`).toBeLessThanOrEqual(1);
}

/** Activity with notifications arriving (the sandbox signs everything): its technical table fits the page. */
async function activityFits(page: Page, webHost: RunningWebHost): Promise<void> {
  await webHost.call('webhooks.configure', { publicBaseUrl: 'https://hooks.example.test' });
  const hooks = (await webHost.call('webhooks.state')) as { value: { localUrl: string; hookUrl: string } };
  const demo = await sandboxUrl(webHost);
  await control(demo, 'PUT', '/webhook', { url: `${hooks.value.localUrl}${new URL(hooks.value.hookUrl).pathname}`, secret: null });
  await control(demo, 'POST', '/sign-all');
  await page.getByTestId('nav-activity').click();
  await expect(page.getByTestId('feed-entry').first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('technical-details-toggle').click();
  await expect(page.getByTestId('inbox-row').first()).toBeVisible();
  await noSideScroll(page, '.table-scroll');
  await noSideScroll(page, 'main');
}

test.describe('At 1024×640', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('onboarding, Send, Activity and Settings fit; one column for every page; the switcher names the service', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    const sandbox = page.getByRole('button', { name: 'Try the sandbox' });
    await expect(sandbox).toBeInViewport({ ratio: 1 });
    await sandbox.click();
    await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('current-account-service')).toHaveText('Local sandbox');
    await expect(page.getByTestId('current-account-name')).toHaveAttribute('title', 'Sandbox (demo)');
    // The demo's first-screen note fits too; closed, the Send page has its rows in view.
    await noSideScroll(page, 'main');
    await page.getByTestId('demo-welcome-close').click();
    await expect(page.getByTestId('demo-welcome')).toBeHidden();

    const files = [];
    for (let n = 1; n <= 8; n++) files.push(await contractPdf(`Contract ${n} — Client ${n}`, `Client ${n}`));
    await dropFiles(page, files);
    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(8);
    await oneLine([page.getByTestId('add-files'), page.getByTestId('add-folder')]);
    const toolbar = page.getByTestId('send-toolbar');
    await oneLine([
      toolbar.getByTestId('select-all'),
      toolbar.getByTestId('who-signs'),
      toolbar.getByTestId('remove-selected'),
      toolbar.getByTestId('manifest-menu'),
    ]);
    const bar = page.getByTestId('send-bar');
    expect((await box(bar)).height, 'the summary bar stays short').toBeLessThanOrEqual(72);
    // Three rows are in view beside the bar, and at the end the last row is above it, not under it.
    const visible = await rows.evaluateAll(
      (els, barTop) =>
        els.filter((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= barTop;
        }).length,
      await top(bar),
    );
    expect(visible, 'rows fully in view above the summary bar').toBeGreaterThanOrEqual(2);
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const last = await box(rows.last());
    expect(last.y + last.height).toBeLessThanOrEqual(await top(bar));
    await noSideScroll(page, 'main');

    // Activity with notifications arriving: its technical table fits the page.
    await activityFits(page, webHost);

    // Settings: language and appearance first.
    await page.getByTestId('nav-settings').click();
    const order = await page.locator('.settings-stack > section').evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(order.slice(0, 2)).toEqual(['settings-preferences', 'settings-accounts']);
    // Notifications in their own section, after the account's own settings (automatic reminders).
    expect(order.indexOf('settings-webhooks')).toBeGreaterThan(order.indexOf('settings-auto-remind'));
    expect(order.indexOf('settings-auto-remind')).toBeGreaterThan(1);

    // One column width on every page.
    await page.setViewportSize({ width: 1280, height: 800 });
    const widths: Record<string, number> = {};
    for (const view of ['send', 'documents', 'evidence', 'activity', 'settings']) {
      await page.getByTestId(`nav-${view}`).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      widths[view] = Math.round((await box(page.locator('.view').first())).width);
    }
    expect(new Set(Object.values(widths)).size, JSON.stringify(widths)).toBe(1);
  });

  // Spanish labels are longer, and DejaVu Sans (the only font on many Linux machines) is wide: the same
  // places still keep to one line and never scroll sideways, and no status is cut to "Complet…".
  test("in Spanish: the Send toolbar on one line, Activity's table within the page, whole statuses on Documents", async ({
    page,
    webHost,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.goto(webHost.url);
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });
    await webHost.call('settings.update', { language: 'es' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Enviar' })).toBeVisible();

    const files = [];
    for (let n = 1; n <= 8; n++) files.push(await contractPdf(`Contrato ${n} — Cliente ${n}`, `Cliente ${n}`));
    await dropFiles(page, files);
    await expect(page.getByTestId('send-row')).toHaveCount(8);
    const toolbar = page.getByTestId('send-toolbar');
    await expect(toolbar.getByTestId('select-all')).toBeVisible();
    await oneLine([
      toolbar.getByTestId('select-all'),
      toolbar.getByTestId('who-signs'),
      toolbar.getByTestId('remove-selected'),
      toolbar.getByTestId('manifest-menu'),
    ]);
    await noSideScroll(page, 'main');

    await activityFits(page, webHost);

    await page.getByTestId('nav-documents').click();
    const tags = page.locator('.documents-table td.cell-status .tag');
    await expect(tags.first()).toBeVisible({ timeout: 30_000 });
    const cut = await tags.evaluateAll((els) =>
      els.filter((el) => el.scrollWidth - el.clientWidth > 1).map((el) => `${el.textContent} (${el.scrollWidth - el.clientWidth} px cut)`),
    );
    expect(cut, 'statuses shown whole').toEqual([]);
    await noSideScroll(page, 'main');
  });
});
