import { startDemo } from './support/demo';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';
import { fakeItem, fakeSummary } from './support/send-fakes';
import { contractPdf, dropFiles, openSend } from './support/send-files';

// Issue 31, point 11, in Chromium against the demo: the Send page's Manifest menu closes once a
// manifest is imported, on a click outside it and on Escape; the Documents filters' date fields show
// the form of a day, not a day (which reads like a filter already set); two batches made the same
// minute with as many documents never share one label in the batch filter.

test('the Manifest menu closes after an import, on a click outside and on Escape', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await openSend(page, webHost);
  await dropFiles(page, [await contractPdf('Phi lease', 'Client'), await contractPdf('Phi annex', 'Client')]);
  await expect(page.getByTestId('send-row')).toHaveCount(2);
  const menu = page.getByTestId('manifest-menu');
  const opener = menu.locator('summary');

  await opener.click();
  await expect(menu.getByTestId('import-manifest')).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Send' }).click();
  await expect(menu).not.toHaveAttribute('open', '');

  await opener.click();
  await expect(menu.getByTestId('import-manifest')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).not.toHaveAttribute('open', '');
  await expect(opener).toBeFocused();

  await opener.click();
  const csv = 'file,title,signer1_email\r\nPhi lease.pdf,Phi lease,ana@example.com\r\n';
  await menu.getByTestId('manifest-input').setInputFiles({ name: 'signers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('manifest-problems').getByTestId('manifest-applied')).toContainText('Applied 1 of 1');
  await expect(menu).not.toHaveAttribute('open', '');
});

test('Documents: the date fields show the form of a day; two alike batches have labels of their own', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  // Two batches sent the same minute with two documents each; a third, older, with one.
  const same = '2026-11-21T09:00:10.000Z';
  const two = [fakeItem(1, 'sent'), fakeItem(2, 'sent')];
  const batches = [
    { ...fakeSummary('done', two), id: 'batch-b', createdAt: '2026-11-21T09:00:40.000Z' },
    { ...fakeSummary('done', two), id: 'batch-a', createdAt: same },
    { ...fakeSummary('done', [fakeItem(3, 'sent')]), id: 'batch-0', createdAt: '2026-11-20T16:30:00.000Z' },
  ];
  await stubHost(page, { 'batches.list': () => batches });
  await page.getByTestId('nav-documents').click();
  const from = page.getByTestId('filter-from');
  await expect(from).toHaveAttribute('placeholder', /^(mm\/dd\/yyyy|dd\/mm\/yyyy)$/, { timeout: 30_000 });
  await expect(page.getByTestId('filter-to')).toHaveAttribute('placeholder', /yyyy$/);
  await expect(from).toHaveValue('');

  const options = page.getByTestId('filter-batch').locator('option');
  await expect(options).toHaveCount(4);
  const labels = await options.allTextContents();
  expect(new Set(labels).size, labels.join(' | ')).toBe(4);
  expect(labels[1]).toMatch(/· 2 documents \(2\)$/);
  expect(labels[2]).toMatch(/· 2 documents$/);
  expect(labels[3]).toMatch(/· 1 document$/);

  // In Spanish, the form of a day in Spanish.
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('language-select').selectOption('es');
  await page.getByTestId('nav-documents').click();
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/aaaa');
});
