import { accountsState } from './support/activity-fakes';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';
import { fakeBatch, fakeItem } from './support/send-fakes';

// Issue 16, point 6 (and 7 in the results): a finished batch with rows not sent shows the bar in the
// colours of sent / not sent, the rows not sent first, and each Copy button named for its signer and
// document, with the name the clerk gave the signer.

test('results: sent and not sent in their own colours, problems first, each Copy link named', async ({ page, webHost }) => {
  const failed = { error: { kind: 'InvalidInput', code: 'service.invalidInput', message: 'The service did not accept some details.' } };
  const items = [
    fakeItem(1, 'sent', { title: 'NDA Acme 2026', signers: [{ validations: { EM: 'ana@example.com' }, invite: [], name: 'Ana García' }] }),
    fakeItem(2, 'sent', { title: 'Lease renewal' }),
    fakeItem(3, 'failed', failed),
    fakeItem(4, 'sent', { title: 'Order 118' }),
    fakeItem(5, 'failed', failed),
  ];
  items[0]!.signatures = [{ id: 'sig-1', url: 'https://sign.example.test/s/1', label: 'ana@example.com' }];
  await stubHost(page, { 'accounts.list': () => accountsState(true), 'batches.current': () => fakeBatch('done', items) });
  await page.goto(webHost.url);
  await expect(page.getByTestId('batch-state')).toHaveText('Finished');

  // The bar: 3 of 5 green, 2 of 5 red; never one accent fill.
  const bar = page.getByTestId('send-progress-bar');
  await expect(bar.getByTestId('bar-sent')).toHaveAttribute('style', /width: 60%/);
  await expect(bar.getByTestId('bar-failed')).toHaveAttribute('style', /width: 40%/);
  await expect(bar.locator('.progress-bar-fill')).toHaveCount(0);

  // Rows not sent on top, in their order; then the others.
  const rows = page.getByTestId('send-row');
  await expect(rows.nth(0)).toHaveAttribute('data-file', 'Contract 003.pdf');
  await expect(rows.nth(1)).toHaveAttribute('data-file', 'Contract 005.pdf');
  await expect(rows.nth(2)).toHaveAttribute('data-file', 'Contract 001.pdf');

  // Each Copy button has its own name: the signer (by the name given) and the document.
  await expect(page.getByRole('button', { name: 'Copy link for Ana García, “NDA Acme 2026”' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Copy link for signer2@example.com, “Lease renewal”' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Copy link', exact: true })).toHaveCount(0);
  await expect(rows.nth(2).getByTestId('signature')).toContainText('Ana García');
});
