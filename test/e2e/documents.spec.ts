import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';

// The Documents page for real, against the sandbox's demo documents: the overview, a search by a
// signer's e-mail, the keyboard, the side panel with its timeline as a signer signs, "rejected" as a
// filter, "select all N matching" across pages, the export of that selection; screenshots of the
// overview and the panel at 1024 × 640 in English and Spanish.

const numberIn = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const TITLE = 'Tenancy renewal – Calle Luna 7';

async function openDocuments(page: Page, heading: string) {
  await expect(async () => {
    await page.getByTestId('nav-documents').click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('Documents with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('search by e-mail, keyboard, the panel and its timeline, rejected, select all matching and export; in English and Spanish', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webHost.origin });
    await startDemo(page, webHost);
    const sandbox = await sandboxUrl(webHost);
    await control(sandbox, 'PUT', '/auto-sign', { enabled: false });
    // The sandbox notifies SignDock's listener, as the service would through a tunnel.
    await webHost.call('webhooks.configure', { publicBaseUrl: 'https://hooks.example.test' });
    const state = async () =>
      ((await webHost.call('webhooks.state')) as { value: { localUrl: string | null; hookUrl: string | null } }).value;
    await expect.poll(async () => Boolean((await state()).hookUrl && (await state()).localUrl), { timeout: 30_000 }).toBe(true);
    const hooks = await state();
    await control(sandbox, 'PUT', '/webhook', { url: `${hooks.localUrl}${new URL(hooks.hookUrl as string).pathname}`, secret: null });
    const seeded = (await control(sandbox, 'POST', '/documents', {
      title: TITLE,
      signatures: [
        { validations: { EM: 'irene.vidal@example.es' }, invite_channel: ['EM'] },
        { validations: { EM: 'pablo.ruiz@example.es' }, invite_channel: ['EM'] },
      ],
    })) as { id: string; signatures: { id: string }[] };

    await openDocuments(page, 'Documents');
    const syncNow = page.getByTestId('documents-sync-now');
    await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });
    await syncNow.click();
    await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });
    const tiles = page.getByTestId('status-tiles');
    const rows = page.getByTestId('document-row');
    await expect
      .poll(async () => numberIn(await tiles.locator('[data-status="all"]').textContent()), { timeout: 30_000 })
      .toBeGreaterThan(50);
    const total = numberIn(await tiles.locator('[data-status="all"]').textContent());
    await expect(page.getByTestId('documents-count')).toHaveText(`${total} documents`);
    await expect(page.getByTestId('activity-chart').locator('canvas')).toHaveCount(1);
    await expect(page.getByTestId('attention-rejected')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await page.screenshot({ path: screenshotPath('documents-dashboard.png') });

    // Search by a signer's e-mail: that document alone, and the tiles count what the search leaves.
    const search = page.getByLabel('Search documents');
    await search.fill('irene.vidal@example.es');
    await expect(page.getByTestId('documents-count')).toHaveText('1 document matches “irene.vidal@example.es”');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(TITLE);
    await expect(rows.first().getByTestId('progress')).toHaveText('0 of 2 signed');
    await expect(tiles.getByRole('radio', { name: 'All 1' })).toBeChecked();
    await expect(tiles.getByRole('radio', { name: 'Pending 1' })).toBeVisible();

    // Keyboard only: Tab from the search box reaches the table (one stop), Space selects, Enter opens.
    await search.focus();
    for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) !== 'document-row'; i += 1)
      await page.keyboard.press('Tab');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('document-panel');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(TITLE);
    const signatures = panel.getByTestId('signature');
    await expect(signatures).toHaveCount(2);
    await expect(signatures.first()).toContainText('Not opened');
    // Words in the main view; the service's code only under the signature's details (issue 24).
    await expect(signatures.first()).toContainText('Service status code: IN');

    // Irene signs: the notification arrives, the mirror is read again, the panel follows.
    await control(sandbox, 'POST', `/signatures/${seeded.signatures[0]?.id}/sign`, {});
    const timeline = panel.getByTestId('timeline');
    await expect(timeline.getByTestId('timeline-entry').filter({ hasText: 'Notification: a signer signed' })).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(timeline.getByTestId('timeline-entry').filter({ hasText: 'irene.vidal@example.es: Not opened → Signed' })).toHaveCount(1, {
      timeout: 20_000,
    });
    await expect(timeline.getByTestId('timeline-entry').filter({ hasText: 'Created' })).toHaveCount(1);
    await expect(signatures.first()).toContainText('Signed');
    await expect(signatures.first().getByTestId('signature-ip')).toHaveText(/\d+\.\d+\.\d+\.\d+/, { timeout: 20_000 });
    await expect(signatures.first().getByTestId('link-closed')).toHaveText('No link to hand over: this signer has signed.');
    await expect(signatures.first().getByTestId('signing-link')).toHaveCount(0);
    const link = signatures.nth(1).getByTestId('signing-link');
    await signatures.nth(1).getByTestId('copy-signing-link').click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(((await link.textContent()) ?? '').trim());
    await expect(signatures.nth(1).getByTestId('copy-signing-link'), 'the confirmation goes after a moment').toHaveText('Copy link', {
      timeout: 5_000,
    });
    await panel.getByTestId('raw-toggle').click();
    await expect(panel.getByTestId('raw-json')).toContainText(`"id": "${seeded.id}"`);
    await panel.getByTestId('raw-toggle').click();
    await panel.getByRole('heading', { level: 2 }).click();
    await page.screenshot({ path: screenshotPath('documents-panel.png') });
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();
    await expect(rows.first(), 'focus goes back to the row').toBeFocused();

    // Rejected is a filter: from the needs-attention list, then the signers' filter says so.
    await search.fill('');
    await expect(page.getByTestId('documents-count')).toHaveText(`${total} documents`);
    const rejected = numberIn(await page.getByTestId('attention-rejected').locator('.attention-count').textContent());
    await page.getByTestId('attention-rejected-show').click();
    // The list is the documents that need action: "Rejected — needs action" (issue 24), not cancelled ones a signer had rejected.
    await expect(page.getByTestId('status-tiles').locator('[data-status="PE+DE"] input')).toBeChecked();
    await expect(rows).toHaveCount(rejected);
    for (const text of await rows.getByTestId('progress').allTextContents()) expect(text).toContain('rejected');
    await page.getByTestId('filters-clear').click();

    // Click, shift-click, ctrl/cmd-click; then every matching document, across pages.
    await expect(rows).toHaveCount(50);
    await page.getByTestId('documents-card').evaluate((card) => card.scrollIntoView());
    await page.screenshot({ path: screenshotPath('documents.png') });
    await rows.nth(0).locator('td.cell-status').click();
    await rows
      .nth(3)
      .locator('td.cell-status')
      .click({ modifiers: ['Shift'] });
    await expect(page.getByTestId('selection-count')).toHaveText('4 selected');
    await rows
      .nth(1)
      .locator('td.cell-status')
      .click({ modifiers: ['ControlOrMeta'] });
    await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
    await page.getByTestId('select-all-matching').click();
    await expect(page.getByTestId('selection-count')).toHaveText(`All ${total} matching documents are selected.`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('documents-range')).toHaveText(`51–${total} of ${total}`);
    for (const box of await rows.getByTestId('row-select').all()) await expect(box).toBeChecked();
    await rows.first().getByTestId('row-select').uncheck();
    await expect(page.getByTestId('selection-count')).toHaveText(`${total - 1} selected`);

    // Export the selection: one line per document, with a BOM, the unticked row left out.
    await page.getByTestId('export-open').click();
    await expect(page.getByTestId('export-selection')).toBeChecked();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-save').click()]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.startsWith('\uFEFFdocument_id,title,status,status_code,')).toBe(true);
    expect(text.trimEnd().split('\r\n')).toHaveLength(total);
    await expect(page.getByTestId('export-dialog')).not.toBeVisible();

    // Spanish: the overview and the panel.
    await page.getByTestId('nav-settings').click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await openDocuments(page, 'Documentos');
    await expect(page.getByTestId('documents-count')).toHaveText(`${total} documentos`);
    await expect(tiles.getByRole('radio', { name: `Todos ${total}` })).toBeChecked();
    await page.getByRole('heading', { level: 1 }).click();
    await page.locator('.main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('documents-dashboard-es.png') });
    await page.getByLabel('Buscar documentos').fill('irene.vidal');
    await expect(rows).toHaveCount(1);
    await rows.first().getByTestId('document-open').click();
    await expect(panel.getByTestId('timeline')).toContainText('Notificación: un firmante firmó');
    await expect(panel.getByTestId('signature').first()).toContainText('Firmada');
    await panel.getByRole('heading', { level: 2 }).click();
    await page.screenshot({ path: screenshotPath('documents-panel-es.png') });

    // Dates typed as a Spanish clerk reads them (dd/mm/yyyy), not the browser picker's mm/dd/yyyy.
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();
    const from = page.getByTestId('filter-from');
    // The placeholder is the form of a day, not a day that reads like an active filter (issue 31, point 11).
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await from.fill('31/12/2099');
    await from.press('Enter');
    await expect(rows).toHaveCount(0);
    await expect(from).toHaveValue('31/12/2099');
    await from.fill('12/31/2099');
    await from.press('Enter');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await from.fill('01/01/2000');
    await from.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(from).not.toHaveAttribute('aria-invalid', 'true');
  });
});
