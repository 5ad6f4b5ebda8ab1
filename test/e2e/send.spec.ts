import { accountsState } from './support/activity-fakes';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { stubHost } from './support/host-stub';
import { fakeBatch, fakeItem, fakeSummary } from './support/send-fakes';
import { CHECK_MS, contractPdf, dropFiles, filesChecked, fixture, openSend, signerOnAll } from './support/send-files';

// The Send page for real: files dropped on the page in Chromium, uploaded to the web host, checked by
// the core, sent to the local sandbox (the demo account), and the results shown row by row.

test.describe('Send with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('drop three PDFs, set a signer on all, send, watch the progress, copy a link', async ({ page, webHost }) => {
    test.setTimeout(150_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webHost.origin });
    await openSend(page, webHost);

    const files = [
      await contractPdf('Service agreement 2025', 'Ana Gómez', 2),
      await contractPdf('Lease renewal', 'Bruno Díaz'),
      await contractPdf('Non-disclosure agreement', 'Carla Ruiz', 3),
    ];
    await dropFiles(page, files);

    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(3);
    await filesChecked(page);
    // Titles come from the file names; pages and sizes from the check; nobody signs yet.
    const lease = page.locator('[data-file="Lease renewal.pdf"]');
    await expect(lease.getByTestId('row-title')).toHaveValue('Lease renewal');
    await expect(page.locator('[data-file="Non-disclosure agreement.pdf"]')).toContainText('3 pages');
    await expect(lease.getByTestId('row-status')).toHaveText('Needs signers');
    await expect(lease.getByTestId('row-problems')).toHaveCount(0);
    await expect(page.getByTestId('send-button')).toBeDisabled();

    // Titles are edited in place.
    await lease.getByTestId('row-title').fill('Lease renewal — Bruno Díaz');
    await lease.getByTestId('row-title').press('Enter');
    await expect(lease.getByTestId('row-title')).toHaveValue('Lease renewal — Bruno Díaz');

    await signerOnAll(page, 'ana@example.com', 3);
    for (const row of await rows.all()) {
      await expect(row.getByTestId('row-status')).toHaveText('Ready');
      await expect(row.getByTestId('row-signers')).toHaveText('ana@example.comsigning link');
    }
    await expect(page.getByTestId('send-ready')).toHaveText('3 documents ready to send');
    await expect(page.getByTestId('send-button')).toHaveText('Send 3 documents');
    await expect(page.getByTestId('send-button')).toBeEnabled();
    for (const row of await rows.all()) await expect(row.getByTestId('row-thumbnail')).toHaveAttribute('data-loaded', 'true');

    await page.getByRole('heading', { level: 1 }).click(); // no focus ring in the picture
    await page.screenshot({ path: screenshotPath('send-before.png') });

    await page.getByTestId('send-button').click();

    await page.getByTestId('send-confirm-send').click(); // the summary before sending
    const progress = page.getByTestId('batch-progress');
    await expect(progress).toBeVisible();
    await expect(page.getByTestId('count-sent')).toHaveText('3', { timeout: 60_000 });
    await expect(page.getByTestId('batch-state')).toHaveText('Finished');
    await expect(page.getByTestId('count-failed')).toHaveText('0');
    await expect(page.getByTestId('count-left')).toHaveText('0');
    await expect(page.getByTestId('send-progress-bar')).toHaveAttribute('aria-valuenow', '3');
    await expect(page.getByTestId('progress-summary')).toHaveText('3 documents sent.');
    for (const row of await rows.all()) {
      await expect(row.getByTestId('row-status')).toHaveText('Sent');
      await expect(row.getByTestId('document-id')).not.toBeEmpty();
    }

    // Copy a signing link: the clipboard holds exactly the link shown.
    const first = rows.first();
    const url = (await first.getByTestId('signature-url').textContent()) ?? '';
    expect(url).toMatch(/^https?:\/\//);
    await first.getByTestId('copy-link').click();
    await expect(first.getByTestId('copy-link')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // The documents are in the mirror at once, with the titles given.
    const listed = (await webHost.call('documents.list', { search: 'Lease renewal' })) as {
      ok: boolean;
      value: { documents: { title: string }[] };
    };
    expect(listed.value.documents.map((d) => d.title)).toContain('Lease renewal — Bruno Díaz');

    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('main').evaluate((main) => main.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('send-after.png') });
  });

  test('a PNG renamed .pdf shows its problem on its row and is not sent; other files are listed as left out', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await openSend(page, webHost);

    await dropFiles(page, [
      await contractPdf('Purchase order 118', 'Dora Paz'),
      fixture('png-renamed.pdf'),
      { name: 'notes.txt', type: 'text/plain', base64: Buffer.from('not a document').toString('base64') },
    ]);
    const rows = page.getByTestId('send-row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('skipped-files')).toContainText('1 file was left out');
    await expect(page.getByTestId('skipped-file')).toHaveText('“notes.txt” was left out: only PDF files can be sent.');

    const png = page.locator('[data-file="png-renamed.pdf"]');
    await expect(png).toHaveAttribute('data-checked', 'true', { timeout: CHECK_MS });
    await expect(png.getByTestId('row-problems')).toContainText('“png-renamed.pdf” is not a PDF: it is a PNG file that was renamed.');
    await expect(png.getByTestId('row-status')).toHaveText('Can’t be sent');

    await signerOnAll(page, 'dora@example.com', 2);
    await expect(png.getByTestId('row-status')).toHaveText('Can’t be sent');
    await expect(page.getByTestId('send-button')).toHaveText('Send 1 document');
    await expect(page.getByTestId('send-bar')).toContainText('1 can’t be sent (replace the file)');

    await page.getByTestId('send-button').click();

    await page.getByTestId('send-confirm-send').click(); // the summary before sending
    await expect(page.getByTestId('count-sent')).toHaveText('1', { timeout: 60_000 });
    await expect(page.getByTestId('batch-state')).toHaveText('Finished');
    await expect(page.locator('[data-file="Purchase order 118.pdf"]').getByTestId('row-status')).toHaveText('Sent');
    await expect(png.getByTestId('row-status')).toHaveText('Not sent');
    await expect(png.getByTestId('row-error')).toContainText('is not a PDF');
    await expect(png.getByTestId('document-id')).toHaveCount(0);
    await expect(png.getByTestId('signature-url')).toHaveCount(0);
  });
});

test.describe('Send page (host answers stubbed)', () => {
  test('progress while sending: counts, bytes, time left, a rate-limit pause counting down, rows from events, pause, resume, cancel', async ({
    page,
    webHost,
  }) => {
    let items = [
      fakeItem(1, 'sent'),
      fakeItem(2, 'sending'),
      fakeItem(3, 'ready'),
      fakeItem(4, 'ready'),
      fakeItem(5, 'failed', {
        error: { kind: 'InvalidInput', code: 'service.invalidInput', message: 'The service did not accept some details.' },
      }),
    ];
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'batches.current': () => fakeBatch('sending', items, { secondsLeft: 95 }),
      'batches.pause': () => fakeSummary('paused', items),
      'batches.resume': () => fakeSummary('sending', items),
      'batches.cancel': () => {
        items = items.map((item) => (item.state === 'ready' ? { ...item, state: 'cancelled', updatedAt: new Date().toISOString() } : item));
        const summary = fakeSummary('cancelled', items);
        setTimeout(() => stub.emit('batches.changed', { batch: summary, items: items.filter((item) => item.state === 'cancelled') }), 50);
        return summary;
      },
    });
    await page.goto(webHost.url);
    await expect(page.getByTestId('batch-state')).toHaveText('Sending');
    await expect(page.getByTestId('count-sent')).toHaveText('1');
    await expect(page.getByTestId('count-failed')).toHaveText('1');
    await expect(page.getByTestId('count-uncertain')).toHaveText('0');
    await expect(page.getByTestId('count-left')).toHaveText('3');
    await expect(page.getByTestId('progress-detail')).toHaveText('177 KB of 894 KB sentAbout 2 min left');
    await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute('aria-valuetext', '2 of 5 documents done');
    const rows = page.getByTestId('send-row');
    const row = (n: number) => page.locator(`[data-file="Contract ${String(n).padStart(3, '0')}.pdf"]`);
    // The row not sent comes first (issue 16: problems first).
    await expect(rows.nth(0)).toHaveAttribute('data-file', 'Contract 005.pdf');
    await expect(row(2).getByTestId('row-status')).toHaveText('Sending…');
    await expect(row(5).getByTestId('row-status')).toHaveText('Not sent');
    await expect(row(5).getByTestId('row-error')).toContainText('The service did not accept some details.');

    // The service asks to slow down: the pause counts down live.
    stub.emit('batches.changed', {
      batch: fakeSummary('sending', items, { secondsLeft: 95, rateLimitedUntil: new Date(Date.now() + 12_000).toISOString() }),
      items: [],
    });
    const limited = page.getByTestId('rate-limited');
    await expect(limited).toContainText(/Paused: rate limited, resuming in 1[12] s/);
    await expect(limited).toContainText(/resuming in (9|10) s/, { timeout: 5_000 });

    // A row sent: only that row changes, with its link.
    items[1] = fakeItem(2, 'sent');
    stub.emit('batches.changed', { batch: fakeSummary('sending', items, { secondsLeft: 40 }), items: [items[1]] });
    await expect(row(2).getByTestId('row-status')).toHaveText('Sent');
    await expect(row(2).getByTestId('signature-url')).toHaveText('https://sign.example.test/s/2');
    await expect(page.getByTestId('count-sent')).toHaveText('2');
    await expect(limited).toHaveCount(0);

    await page.getByTestId('pause').click();
    await expect(page.getByTestId('batch-state')).toHaveText('Paused');
    await page.getByTestId('resume').click();
    await expect(page.getByTestId('batch-state')).toHaveText('Sending');

    await page.getByTestId('cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await expect(dialog.getByTestId('cancel-words')).toHaveText(
      'The 2 documents still waiting their turn will not be sent.Documents already sent stay sent.',
    );
    await dialog.getByTestId('confirm-cancel').click();
    await expect(page.getByTestId('batch-state')).toHaveText('Cancelled');
    await expect(row(3).getByTestId('row-status')).toHaveText('Cancelled');
    await expect(page.getByTestId('progress-summary')).toHaveText(
      'Sending was cancelled. Documents already sent stay sent. 1 was not sent.',
    );
    await expect(page.getByTestId('export-results')).toBeVisible();
    await expect(page.getByTestId('new-batch')).toBeVisible();
    expect(stub.count('batches.cancel')).toBe(1);
  });
});
