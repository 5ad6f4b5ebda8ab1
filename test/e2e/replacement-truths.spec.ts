import type { Page } from '@playwright/test';
import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, test } from './support/fixtures';
import type { RunningWebHost } from './support/web-host';

// Issue 31, point 11, against the sandbox's demo (notifications off: learnt by sync): a signer who
// rejected shows when SignDock learnt of it, labelled so; the "Replace …" dialog's button says Replace;
// the name typed for the replacement is kept in the table, the reminders, the CSV and Activity; and
// the signer replaced is "replaced" in the table, in Remind and in Activity alike.

async function call<T>(webHost: RunningWebHost, op: string, input: unknown): Promise<T> {
  const answer = (await webHost.call(op, input)) as { ok: boolean; value: T; error?: unknown };
  if (!answer.ok) throw new Error(`${op}: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

async function openPage(page: Page, nav: string, heading: string): Promise<void> {
  await expect(async () => {
    await page.getByTestId(nav).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function syncNow(page: Page, testId: string): Promise<void> {
  const button = page.getByTestId(testId);
  await expect(button).toHaveText('Sync now', { timeout: 60_000 });
  await button.click();
  await expect(button).toHaveText('Sync now', { timeout: 60_000 });
}

test('a rejection dated as learnt, the replacement named as typed and "replaced" everywhere', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  const sandbox = await sandboxUrl(webHost);
  await control(sandbox, 'PUT', '/auto-sign', { enabled: false });
  await control(sandbox, 'PUT', '/webhook', { url: null });
  const seeded = (await control(sandbox, 'POST', '/documents', {
    title: 'Upsilon lease',
    signatures: [
      { validations: { EM: 'upsilon.old@example.com' }, invite_channel: ['EM'] },
      { validations: { EM: 'upsilon.stays@example.com' }, invite_channel: ['EM'] },
    ],
  })) as { id: string; signatures: { id: string }[] };
  await control(sandbox, 'POST', `/signatures/${seeded.signatures[0]!.id}/reject`, {});

  await openPage(page, 'nav-documents', 'Documents');
  await syncNow(page, 'documents-sync-now');
  await page.getByLabel('Search documents').fill('Upsilon lease');
  const row = page.getByTestId('document-row').filter({ hasText: 'Upsilon lease' });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await row.getByTestId('document-open').click();
  const panel = page.getByTestId('document-panel');

  // The rejection: no date from the service, so when SignDock learnt of it, labelled so.
  const rejected = panel.getByTestId('signature').filter({ hasText: 'upsilon.old@example.com' });
  await expect(rejected).toContainText('Rejection learnt by SignDock on');
  await expect(rejected.getByTestId('rejection-seen-at')).toHaveText(/\d/);

  // Replace: the dialog's button says what it does; the name typed is kept.
  await panel.getByTestId('document-replace-rejected').first().click();
  const dialog = page.getByTestId('invalidate-dialog');
  await expect(dialog.getByRole('heading', { name: /^Replace upsilon\.old@example\.com/ })).toBeVisible();
  await expect(dialog.getByTestId('invalidate-confirm')).toHaveText('Replace');
  await dialog.getByTestId('invalidate-reason').fill('Rejected by mistake: her colleague signs');
  const card = dialog.getByTestId('signer-card');
  await card.getByRole('combobox', { name: /^Name/ }).fill('Úrsula Vega');
  await card.getByLabel('E-mail', { exact: false }).first().fill('upsilon.new@example.com');
  await dialog.getByTestId('invalidate-confirm').click();
  await expect(dialog.getByTestId('job-state')).toHaveText('Finished', { timeout: 30_000 });
  await dialog.getByTestId('action-close').click();
  await page.keyboard.press('Escape');

  // The table: the old one "replaced"; the new signer found by the typed name, and named so in the panel.
  await expect(row).toContainText('1 replaced', { timeout: 20_000 });
  await page.getByLabel('Search documents').fill('Úrsula Vega');
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await row.getByTestId('document-open').click();
  await expect(panel.getByTestId('signature').filter({ hasText: 'upsilon.new@example.com' })).toContainText('Úrsula Vega');
  await page.keyboard.press('Escape');
  // The CSV, one line per signature.
  const csv = await call<{ text: string }>(webHost, 'documents.export', { selection: { kind: 'ids', ids: [seeded.id] }, per: 'signature' });
  expect(csv.text).toContain('Úrsula Vega');
  // Remind: the new signer by name, the old one left out as "replaced", not "cancelled".
  await row.getByTestId('row-select').check();
  await page.getByTestId('selection-remind').click();
  const remind = page.getByTestId('remind-dialog');
  await expect(remind.locator('.job-results')).toContainText('Úrsula Vega — “Upsilon lease”');
  const left = remind.getByTestId('skipped-item').filter({ hasText: 'upsilon.old@example.com' });
  await expect(left).toHaveText('upsilon.old@example.com · “Upsilon lease” — replaced by another signer');
  await page.keyboard.press('Escape');

  // Activity, from sync alone: the same replacement in the same word, the new signer by name.
  await openPage(page, 'nav-activity', 'Activity');
  await syncNow(page, 'sync-now');
  const feed = page.getByTestId('feed-card');
  await expect(
    feed.getByTestId('feed-entry').filter({ hasText: 'upsilon.old@example.com was replaced by another signer on ‘Upsilon lease’' }),
  ).toHaveCount(1, { timeout: 30_000 });
  await expect(feed.getByTestId('feed-entry').filter({ hasText: 'Úrsula Vega' }).first()).toBeVisible();
  await expect(feed).not.toContainText('The signature of upsilon.old@example.com on ‘Upsilon lease’ was cancelled');
});
