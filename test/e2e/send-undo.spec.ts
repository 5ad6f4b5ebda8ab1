import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, filesChecked, openSend } from './support/send-files';

// Issue 16, point 1: nothing prepared is lost by one click. Removing several rows asks first; every
// removal and exclusion can be undone (the toast's Undo, Ctrl+Z) until the batch is sent, with the
// rows' titles and signers as they were. Uploaded copies of removed rows are kept for that.

test.describe('Undo on the Send page', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('remove all asks first; Ctrl+Z puts every row back as it was; a row excluded comes back with Undo', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);
    await dropFiles(page, [
      await contractPdf('Lease renewal', 'Bruno Díaz'),
      await contractPdf('NDA Acme 2026', 'Ana García'),
      await contractPdf('Order 118', 'Dora Paz'),
    ]);
    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(3);
    await filesChecked(page);
    const lease = page.locator('[data-file="Lease renewal.pdf"]');
    await lease.getByTestId('row-title').fill('Lease renewal — Bruno');
    await lease.getByTestId('row-title').press('Enter');
    await expect(lease.getByTestId('row-title')).toHaveValue('Lease renewal — Bruno');

    // Select all → Remove: a confirmation, safe choice focused; Keep leaves everything.
    await page.getByTestId('select-all').check();
    await page.getByTestId('remove-selected').click();
    const confirm = page.getByTestId('remove-dialog');
    await expect(confirm.getByRole('heading', { name: 'Remove 3 documents?' })).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Keep them' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Keep them' }).click();
    await expect(rows).toHaveCount(3);

    await page.getByTestId('remove-selected').click();
    await confirm.getByRole('button', { name: 'Remove 3 documents' }).click();
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('undo-toast')).toContainText('3 documents removed from the batch.');

    // Ctrl+Z: the three files are back, checked again (their uploaded copies were kept), titles as they were.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+z');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('undo-toast')).toContainText('3 documents are back in the batch.');
    await expect(page.locator('[data-file="Lease renewal.pdf"]').getByTestId('row-title')).toHaveValue('Lease renewal — Bruno');
    for (const row of await rows.all()) {
      await expect(row).toHaveAttribute('data-checked', 'true');
      await expect(row.getByTestId('row-status')).toHaveText('Needs signers');
    }

    // One row removed by its own button: no question, Undo in the toast.
    await page.locator('[data-file="Order 118.pdf"]').getByTestId('row-remove').click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('undo-toast')).toContainText('“Order 118” removed from the batch.');
    await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(3);

    // Exclude, then Undo: the row will be sent again.
    const nda = page.locator('[data-file="NDA Acme 2026.pdf"]');
    await nda.getByTestId('row-exclude').click();
    await expect(nda.getByTestId('row-status')).toHaveText('Excluded');
    await expect(page.getByTestId('undo-toast')).toContainText('“NDA Acme 2026” excluded: it will not be sent.');
    await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
    await expect(nda.getByTestId('row-status')).not.toHaveText('Excluded');
    await expect(page.getByTestId('undo-toast')).toContainText('“NDA Acme 2026” will be sent again.');
  });
});
