import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, openSend } from './support/send-files';

// Issue 16, points 4 and 7: the Who signs dialog fits 1024×640 with three signers (its buttons always
// visible), no field is red before the clerk typed in it or left it, the phone box has a label, every
// signer's fields have their own accessible names; a signer can be given a name (kept locally), shown on
// the row and suggested again (picking it fills the e-mail).

test.describe('Who signs', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('three signers at 1024×640: buttons in view, no early red, labelled boxes with distinct names, names remembered', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await openSend(page, webHost);
    await dropFiles(page, [await contractPdf('NDA Acme 2026', 'Ana García'), await contractPdf('Lease renewal', 'Bruno Díaz')]);
    await expect(page.getByTestId('send-row')).toHaveCount(2);

    await page.getByTestId('who-signs').click();
    const dialog = page.getByTestId('signers-dialog');
    await dialog.getByTestId('add-signer').click();
    await dialog.getByTestId('add-signer').click();
    await expect(dialog.getByTestId('signer-card')).toHaveCount(3);
    // Nothing typed yet: nothing red.
    await expect(dialog.locator('.field-invalid, .field-error')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Apply to all (2)' })).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();

    // Distinct accessible names per signer.
    for (const n of [1, 2, 3]) {
      await expect(dialog.getByRole('textbox', { name: `E-mail, signer ${n}`, exact: true })).toHaveCount(1);
      await expect(dialog.getByRole('combobox', { name: `Name, signer ${n}`, exact: true })).toHaveCount(1);
      await expect(dialog.getByRole('combobox', { name: `Phone, signer ${n}`, exact: true })).toHaveCount(1);
      await expect(dialog.getByRole('radiogroup', { name: `Invitation, signer ${n}`, exact: true })).toHaveCount(1);
    }

    // "This number" opens a labelled box; empty is not an error until the box is left.
    await dialog.getByRole('combobox', { name: 'Phone, signer 2', exact: true }).selectOption('number');
    const phone = dialog.getByRole('textbox', { name: 'Phone number of signer 2' });
    await expect(phone).toBeFocused();
    await expect(dialog.locator('.field-invalid')).toHaveCount(0);
    await phone.press('Tab');
    await expect(dialog.locator('.field-invalid')).toHaveCount(1);
    await phone.fill('+5491123456789');
    await expect(dialog.locator('.field-invalid')).toHaveCount(0);

    await dialog.getByRole('combobox', { name: 'Name, signer 1', exact: true }).fill('Ana García');
    await dialog.getByRole('textbox', { name: 'E-mail, signer 1', exact: true }).fill('ana@example.com');
    await dialog.getByRole('textbox', { name: 'E-mail, signer 2', exact: true }).fill('bruno@example.com');
    await dialog.getByRole('button', { name: 'Remove signer 3' }).click();
    await dialog.getByRole('button', { name: 'Apply to all (2)' }).click();
    await expect(dialog).toBeHidden();
    const nda = page.locator('[data-file="NDA Acme 2026.pdf"]');
    await expect(nda.getByTestId('row-signers')).toContainText('Ana García');
    await expect(nda.getByTestId('row-status')).toHaveText('Ready');

    // The name is suggested next time; picking it fills the e-mail.
    await page.getByTestId('who-signs').click();
    await dialog.getByRole('combobox', { name: 'Name, signer 1', exact: true }).fill('Ana García');
    await expect(dialog.getByRole('textbox', { name: 'E-mail, signer 1', exact: true })).toHaveValue('ana@example.com');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // At 1280×800 with two signers the buttons are in view too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('who-signs').click();
    await dialog.getByTestId('add-signer').click();
    await expect(dialog.getByRole('button', { name: 'Apply to all (2)' })).toBeInViewport();
  });
});
