import { control, sandboxUrl, seedPending, startDemo } from './support/demo';
import { expect, screenshotPath, test } from './support/fixtures';

// Issue 24, point 6: Cancel with care. Against the sandbox (the demo needs no keychain): twelve pending
// documents selected; the dialog lists them by title (ten, then "Show all 12"), refuses to send without
// a reason (nothing reaches the service), sends the reason once written, and afterwards the selection bar
// no longer offers to cancel the rows that moved on.

test('Cancel lists its documents, asks for a reason, and leaves no stale selection', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  const sandbox = await sandboxUrl(webHost);
  const ids = await seedPending(
    sandbox,
    Array.from({ length: 12 }, (_, at) => ({ title: `Rho lease ${String(at + 1).padStart(2, '0')}`, email: `rho${at + 1}@example.com` })),
  );
  await expect(async () => {
    await page.getByTestId('nav-documents').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const syncNow = page.getByTestId('documents-sync-now');
  await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });
  await syncNow.click();
  await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });
  await page.getByLabel('Search documents').fill('Rho lease');
  const rows = page.getByTestId('document-row');
  await expect(rows).toHaveCount(12, { timeout: 20_000 });
  for (const box of await rows.getByTestId('row-select').all()) await box.check();

  await page.getByTestId('selection-cancel').click();
  const dialog = page.getByTestId('cancel-dialog');
  await expect(dialog.getByTestId('cancel-explain')).toContainText('12 documents will be cancelled');
  await expect(dialog.getByTestId('action-documents')).toContainText('The 12 documents:');
  await expect(dialog.getByTestId('action-document')).toHaveCount(10);
  await dialog.getByTestId('action-documents-all').click();
  await expect(dialog.getByTestId('action-document')).toHaveCount(12);
  await expect(dialog.getByTestId('action-document').last()).toHaveText('Rho lease 01');

  // No reason: said plainly, and nothing is sent.
  await dialog.getByTestId('cancel-confirm').click();
  await expect(dialog.getByTestId('cancel-reason-required')).toHaveText(
    'Write a reason: it is required, and the signers and the service see it.',
  );
  await expect(dialog.getByTestId('cancel-reason')).toBeFocused();
  const statuses = async () =>
    (
      (await control(sandbox, 'GET', '/state')) as { documents: { id: string; status: string; cancel_reason: string | null }[] }
    ).documents.filter((d) => ids.includes(d.id));
  expect((await statuses()).every((d) => d.status === 'PE')).toBe(true);
  await page.screenshot({ path: screenshotPath('action-cancel-reason.png') });

  await dialog.getByTestId('cancel-reason').fill('Wrong rent in the template');
  await dialog.getByTestId('cancel-confirm').click();
  await expect(dialog.getByTestId('job-state')).toHaveText('Finished', { timeout: 30_000 });
  await dialog.getByTestId('action-close').click();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
  await expect(page.getByTestId('selection-cancel')).toHaveCount(0);
  expect(await statuses()).toEqual(
    expect.arrayContaining(ids.map((id) => expect.objectContaining({ id, status: 'CA', cancel_reason: 'Wrong rent in the template' }))),
  );
});
