import { accountsState } from './support/activity-fakes';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';
import { fakeBatch, fakeItem } from './support/send-fakes';

// Issue 31, point 11, the smaller truths that need a state the real host reaches only by chance or
// time, against made-up host answers: "Cancel sending" counts the rows in flight; the export for counsel
// says before Export that a failed bag will be left out.

test('Cancel sending: rows being sent are counted as finishing, not as "0 not sent yet"', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  const items = [fakeItem(1, 'sent'), fakeItem(2, 'sent'), fakeItem(3, 'sent'), fakeItem(4, 'sending'), fakeItem(5, 'sending')];
  await stubHost(page, { 'accounts.list': () => accountsState(true), 'batches.current': () => fakeBatch('sending', items) });
  await page.goto(webHost.url);
  await expect(page.getByTestId('count-left')).toHaveText('2');
  await page.getByTestId('cancel').click();
  const words = page.getByTestId('cancel-dialog').getByTestId('cancel-words');
  await expect(words).toHaveText('The 2 documents being sent right now finish: they may still be sent.Documents already sent stay sent.');
  await expect(words).not.toContainText('will not be sent');
  await page.keyboard.press('Escape');

  // In Spanish, one still queued and one in flight.
  items[3] = fakeItem(4, 'ready');
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('language-select').selectOption('es');
  await page.getByTestId('nav-send').click();
  await page.reload();
  await page.getByTestId('cancel').click();
  await expect(words).toHaveText(
    'El documento que aún espera su turno no se enviará.El documento que se está enviando ahora termina: puede que se envíe.Los documentos ya enviados siguen enviados.',
  );
});

/** One archived bag as `evidence.list` gives it. */
function bag(n: number, verdict: 'passed' | 'failed' | 'incomplete') {
  return {
    bagPath: `/archive/2026/bag-${n}`,
    documentId: `doc-${n}`,
    title: `Lease ${n}`,
    documentDate: '2026-11-20',
    accountName: 'Office',
    archivedAt: '2026-11-21T09:00:00.000Z',
    verifiedAt: '2026-11-21T09:00:00.000Z',
    verdict,
    trust: 'none',
    counts: { passed: 5, failed: verdict === 'failed' ? 1 : 0, incomplete: verdict === 'incomplete' ? 1 : 0, notApplicable: 0 },
    bytes: 120_000,
    problems: verdict === 'failed' ? [{ kind: 'modified', path: 'data/document.pdf', detail: 'changed' }] : [],
  };
}

test('Export for counsel says before Export that a bag that failed its check will be left out', async ({ page, webHost }) => {
  const bags = [bag(1, 'passed'), bag(2, 'failed'), bag(3, 'passed')];
  await stubHost(page, {
    'accounts.list': () => accountsState(true),
    'evidence.list': (input) => {
      const shown = input.verdict ? bags.filter((b) => b.verdict === input.verdict) : bags;
      return { total: shown.length, bags: shown };
    },
  });
  await page.goto(webHost.url);
  await page.getByTestId('nav-evidence').click();
  const rows = page.getByTestId('bag-row');
  await expect(rows).toHaveCount(3);
  await rows.nth(0).getByRole('checkbox').check();
  await page.getByTestId('export-open').click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByTestId('export-start')).toBeVisible();
  await expect(dialog.getByTestId('export-left-out')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByTestId('export-open').click();
  await expect(dialog.getByTestId('export-left-out')).toHaveText(
    '1 of them failed its last check or is incomplete: it will be left out of the export, and the summary will say why. Each is checked again when you press Export.',
  );
  await expect(dialog.getByTestId('export-start')).toBeVisible();
});
