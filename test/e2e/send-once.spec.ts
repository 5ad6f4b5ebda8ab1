import type { Page } from '@playwright/test';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { contractPdf, dropFiles, filesChecked, openSend, signerOnAll } from './support/send-files';
import { startWebHost, type RunningWebHost } from './support/web-host';

// Issue 24, points 4 and 5, in Chromium against the sandbox: a file sent in an earlier batch (after a
// restart of the host) is "Already sent …" and left out until Send again; in a batch the copy, not the
// original, is the duplicate; Send asks first with a summary; "Not sent" counts the row left out,
// which the next batch keeps; Open in Documents lists the batch's documents.

/** How many documents of the account carry this title (the mirror, after sending). */
async function documentsTitled(host: RunningWebHost, title: string): Promise<number> {
  const answer = (await host.call('documents.query', { filter: { search: title }, limit: 50 })) as {
    ok: boolean;
    value?: { documents: { title: string }[] };
    error?: unknown;
  };
  expect(answer.ok, JSON.stringify(answer.error)).toBe(true);
  return answer.value!.documents.filter((row) => row.title === title).length;
}

/** Send → the summary → Send; waits for the batch to finish. */
async function sendConfirmed(page: Page): Promise<void> {
  await page.getByTestId('send-button').click();
  await page.getByTestId('send-confirm-send').click();
  await expect(page.getByTestId('batch-state')).toHaveText('Finished', { timeout: 60_000 });
}

/** The same screen in Spanish (the page follows the setting as it changes), then English again. */
async function inSpanish(host: RunningWebHost, page: Page, shot: () => Promise<void>): Promise<void> {
  await host.call('settings.update', { language: 'es' });
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar' })).toBeVisible();
  await shot();
  await host.call('settings.update', { language: 'en' });
  await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
}

test.describe('Sent once', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('a file sent in an earlier batch, after a restart, is "Already sent" and sent again only when chosen', async ({ page, home }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    let host = await startWebHost(home);
    try {
      await openSend(page, host);
      const nda = await contractPdf('NDA_Globex_2026', 'Globex');
      await dropFiles(page, [nda]);
      await expect(page.getByTestId('send-row')).toHaveCount(1);
      await signerOnAll(page, 'ana@example.com', 1);
      await sendConfirmed(page);
      await expect(page.getByTestId('count-sent')).toHaveText('1');

      // The host restarts; the same bytes are dropped again with a new file.
      await host.stop();
      host = await startWebHost(home);
      await page.goto(host.url);
      await expect(page.getByTestId('batch-state')).toHaveText('Finished', { timeout: 30_000 });
      await dropFiles(page, [nda, await contractPdf('Order 2026-118', 'Dora Paz')]);
      const rows = page.getByTestId('send-row');
      await expect(rows).toHaveCount(2);
      await signerOnAll(page, 'ana@example.com', 2);
      const again = page.locator('[data-file="NDA_Globex_2026.pdf"]');
      await expect(again.getByTestId('row-status')).toHaveText('Already sent');
      await expect(again.getByTestId('row-problems')).toContainText(
        /Already sent on .+ as “NDA Globex 2026” \(Pending\)\. It is left out unless you choose Send again\./,
      );
      await expect(page.getByTestId('send-ready')).toHaveText('1 document ready to send');
      await expect(page.getByTestId('send-counts')).toHaveText('1 already sent (left out)');
      await page.getByRole('heading', { level: 1 }).click();
      await page.screenshot({ path: screenshotPath('send-already-sent-en-1024x640.png') });
      await inSpanish(host, page, async () => {
        await expect(again.getByTestId('row-status')).toHaveText('Ya enviado');
        await expect(again.getByTestId('row-problems')).toContainText('Ya se envió el');
        await page.screenshot({ path: screenshotPath('send-already-sent-es-1024x640.png') });
      });

      // Sent without it: "Not sent 1", and only one document with that title.
      await page.getByTestId('send-button').click();
      await expect(page.getByTestId('summary-documents')).toContainText('1');
      await expect(page.getByTestId('summary-notSent')).toContainText('1');
      await page.getByTestId('send-confirm-send').click();
      await expect(page.getByTestId('batch-state')).toHaveText('Finished', { timeout: 60_000 });
      await expect(page.getByTestId('count-sent')).toHaveText('1');
      await expect(page.getByTestId('count-failed')).toHaveText('1');
      await expect(again.getByTestId('row-status')).toHaveText('Not sent');
      expect(await documentsTitled(host, 'NDA Globex 2026')).toBe(1);

      // New batch keeps the row left out; Send again (undone once, then chosen) sends it.
      await page.getByTestId('new-batch').click();
      await expect(rows).toHaveCount(1);
      await expect(again.getByTestId('row-status')).toHaveText('Already sent');
      await again.getByTestId('send-again').click();
      await expect(again.getByTestId('row-send-again')).toContainText('it will be sent again');
      await expect(again.getByTestId('row-status')).toHaveText('Ready');
      await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click();
      await expect(again.getByTestId('row-status')).toHaveText('Already sent');
      await again.getByTestId('send-again').click();
      await sendConfirmed(page);
      await expect(again.getByTestId('row-status')).toHaveText('Sent');
      expect(await documentsTitled(host, 'NDA Globex 2026')).toBe(2);
    } finally {
      await host.stop();
    }
  });

  test('in a batch the copy, not the original, is the duplicate, and Remove takes it out', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);
    const original = await contractPdf('NDA_Acme_2026', 'Acme');
    // A folder's name order puts the copy first.
    await dropFiles(page, [{ ...original, name: 'NDA_Acme_2026 (copia).pdf' }, original]);
    await expect(page.getByTestId('send-row')).toHaveCount(2);
    await filesChecked(page);
    const copy = page.locator('[data-file="NDA_Acme_2026 (copia).pdf"]');
    const first = page.locator('[data-file="NDA_Acme_2026.pdf"]');
    await expect(copy.getByTestId('row-status')).toHaveText('Duplicate');
    await expect(copy.getByTestId('row-problems')).toContainText(
      'Duplicate of “NDA Acme 2026” (“NDA_Acme_2026.pdf”, the same file). Remove this row.',
    );
    await expect(first.getByTestId('row-status')).toHaveText('Needs signers');
    await expect(first.getByTestId('row-problems')).toHaveCount(0);
    await copy.getByTestId('remove-duplicate').click();
    await expect(page.getByTestId('send-row')).toHaveCount(1);
    await expect(page.getByTestId('undo-toast')).toContainText('“NDA Acme 2026 (copia)” removed from the batch.');
  });
});

test.describe('Send confirms before it acts', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('Who signs applies to the selection; the summary before sending; Not sent counts the excluded row; Open in Documents', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await openSend(page, webHost);
    const titles = ['Lease 301', 'Lease 302', 'Lease 303', 'Lease 304'];
    await dropFiles(page, await Promise.all(titles.map((title) => contractPdf(title, 'Tenant'))));
    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(4);

    // Two rows selected: the primary button applies to them.
    await page.getByRole('checkbox', { name: 'Select “Lease 301”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Lease 302”' }).check();
    await page.getByTestId('who-signs').click();
    const dialog = page.getByTestId('signers-dialog');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ana@example.com');
    await dialog.getByRole('radio', { name: 'E-mail', exact: true }).check();
    const primary = dialog.locator('.btn-primary');
    await expect(primary).toHaveText('Apply to selected (2)');
    await expect(dialog.getByTestId('apply-all')).toHaveText('Apply to all (4)');
    await primary.click();
    await expect(dialog).toBeHidden();
    await expect(rows.filter({ hasText: 'ana@example.com' })).toHaveCount(2);

    // None selected: the primary button is "Apply to all".
    await page.getByTestId('select-all').check();
    await page.getByTestId('select-all').uncheck();
    await page.getByTestId('who-signs').click();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('bruno@example.com');
    await dialog.getByRole('radio', { name: 'No message (signing link)' }).check();
    await expect(dialog.getByTestId('apply-selected')).toHaveCount(0);
    await expect(primary).toHaveText('Apply to all (4)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const lease303 = page.locator('[data-file="Lease 303.pdf"]');
    await lease303.getByTestId('edit-signers').click();
    await lease303.getByRole('textbox', { name: 'E-mail' }).fill('bruno@example.com');
    await lease303.getByRole('radio', { name: 'No message (signing link)' }).check();
    await lease303.getByRole('button', { name: 'Save signers' }).click();
    await expect(lease303.getByTestId('row-status')).toHaveText('Ready');
    await page.locator('[data-file="Lease 304.pdf"]').getByTestId('row-exclude').click();

    // The summary: 3 documents, 3 signers, 2 e-mails, 1 link, 1 not sent; Back sends nothing.
    await page.getByTestId('send-button').click();
    const summary = page.getByTestId('send-confirm');
    await expect(summary.getByRole('heading', { name: 'Send 3 documents?' })).toBeVisible();
    await expect(summary.getByTestId('summary-documents')).toHaveText('Documents3');
    await expect(summary.getByTestId('summary-signers')).toHaveText('Signers3');
    await expect(summary.getByTestId('summary-emails')).toHaveText('E-mail invitations2');
    await expect(summary.getByTestId('summary-sms')).toHaveText('SMS invitations0');
    await expect(summary.getByTestId('summary-links')).toHaveText('Links to hand over (no message)1');
    await expect(summary.getByTestId('summary-notSent')).toContainText('1');
    await expect(summary).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: screenshotPath('send-summary-en-1024x640.png') });
    await summary.getByTestId('send-confirm-back').click();
    await expect(summary).toBeHidden();
    await expect(page.getByTestId('send-bar')).toBeVisible();
    expect(((await webHost.call('batches.current')) as { value: { state: string } }).value.state).toBe('draft');

    await page.getByTestId('send-button').press('Enter');
    await expect(summary).toBeVisible();
    await expect(summary.getByTestId('send-confirm-send')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('batch-state')).toHaveText('Finished', { timeout: 60_000 });
    await expect(page.getByTestId('count-sent')).toHaveText('3');
    await expect(page.getByTestId('count-failed')).toHaveText('1');
    await expect(page.getByTestId('progress-summary')).toHaveText('3 documents sent. 1 was not sent.');

    await page.getByTestId('open-in-documents').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByTestId('filter-batch')).not.toHaveValue('');
    await expect(page.getByTestId('document-row')).toHaveCount(3);
  });

  test('the summary in Spanish at 1024×640', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await webHost.call('settings.update', { language: 'es' });
    await page.setViewportSize({ width: 1024, height: 640 });
    const info = (await webHost.call('app.info')) as { value: { sandboxAvailable: boolean } };
    test.skip(!info.value.sandboxAvailable, 'no sandbox in this build');
    await page.goto(webHost.url);
    await page.getByRole('button', { name: 'Probar el entorno de prueba' }).click();
    await expect(page.getByTestId('drop-card')).toBeVisible({ timeout: 30_000 });
    await dropFiles(page, [await contractPdf('Contrato 7', 'Ana'), await contractPdf('Contrato 8', 'Bruno')]);
    await expect(page.getByTestId('send-row')).toHaveCount(2);
    await page.getByTestId('who-signs').click();
    const dialog = page.getByTestId('signers-dialog');
    await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('ana@example.com');
    await dialog.locator('.btn-primary').click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('send-button').click();
    const summary = page.getByTestId('send-confirm');
    await expect(summary.getByRole('heading', { name: '¿Enviar 2 documentos?' })).toBeVisible();
    await expect(summary).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: screenshotPath('send-summary-es-1024x640.png') });
    await summary.getByTestId('send-confirm-back').click();
  });
});
