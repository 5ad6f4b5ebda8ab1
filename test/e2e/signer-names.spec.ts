import type { Page } from '@playwright/test';
import { expect, noKeyringReason, test } from './support/fixtures';
import { contractPdf, dropFiles, openSend } from './support/send-files';

// Issue 16, point 7: a name given to a signer on the Send page (kept by SignDock, never sent) is shown
// on the Documents page — the table, the side panel — and a search by that name finds the document;
// a name given later through the address book is found at once too, and replaces the old one.

const TITLE = 'NDA Acme 2026';

async function openDocuments(page: Page) {
  await expect(async () => {
    await page.getByTestId('nav-documents').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('Signer names with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('named in Send, sent, found on Documents by that name and shown in the table and the panel', async ({ page, webHost }) => {
    test.setTimeout(180_000);
    await openSend(page, webHost);
    await dropFiles(page, [await contractPdf(TITLE, 'Acme')]);
    await expect(page.getByTestId('send-row')).toHaveCount(1);

    await page.getByTestId('who-signs').click();
    const dialog = page.getByTestId('signers-dialog');
    await dialog.getByRole('combobox', { name: /^Name/ }).first().fill('Marta Quiroga');
    await dialog
      .getByRole('textbox', { name: /^E-mail/ })
      .first()
      .fill('mq.4471@example.com');
    await dialog.getByRole('radio', { name: 'No message (signing link)' }).check();
    await dialog.getByRole('button', { name: 'Apply to all (1)' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('send-button').click();
    await page.getByTestId('send-confirm-send').click(); // the summary before sending
    await expect(page.getByTestId('count-sent')).toHaveText('1', { timeout: 60_000 });

    await openDocuments(page);
    const search = page.getByLabel('Search documents');
    const rows = page.getByTestId('document-row');
    // Neither the title nor the e-mail holds "quiroga": only the name does.
    await search.fill('quiroga');
    await expect(page.getByTestId('documents-count')).toHaveText('1 document matches “quiroga”', { timeout: 30_000 });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(TITLE);
    await expect(rows.first().getByTestId('signers')).toHaveText('Marta Quiroga');

    await rows.first().getByTestId('document-open').click();
    const panel = page.getByTestId('document-panel');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(TITLE);
    const signature = panel.getByTestId('signature').first();
    await expect(signature.getByRole('heading', { level: 4 })).toHaveText('Marta Quiroga');
    await expect(signature).toContainText('mq.4471@example.com');

    // A new name for the same address, from the address book: found at once, shown, the old one gone.
    const remembered = await webHost.call('contacts.remember', { contacts: [{ name: 'Marta Ibarra', email: 'MQ.4471@example.com' }] });
    expect(remembered).toEqual({ ok: true, value: { remembered: 1, documents: 1 } });
    await expect(signature.getByRole('heading', { level: 4 })).toHaveText('Marta Ibarra', { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await search.fill('ibarra');
    await expect(page.getByTestId('documents-count')).toHaveText('1 document matches “ibarra”');
    await expect(rows.first().getByTestId('signers')).toHaveText('Marta Ibarra');
    await search.fill('quiroga');
    await expect(rows).toHaveCount(0);
    await expect(page.getByText('No document matches “quiroga”', { exact: false })).toBeVisible();

    // The address book suggests the name on the Send page.
    const contacts = await webHost.call('contacts.list');
    expect(contacts).toEqual({ ok: true, value: [{ name: 'Marta Ibarra', email: 'MQ.4471@example.com' }] });
  });
});
