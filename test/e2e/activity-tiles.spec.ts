import { accountsState, FakeInbox, noAttention, syncStatus, webhookState } from './support/activity-fakes';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';

// Issue 16, point 5: Activity's figures that look clickable open the Documents list with that filter —
// by mouse and by keyboard (Tab to the figure, Enter). The inbox's figures are plain numbers.

const dashboard = {
  counts: { byStatus: { PE: 2, CO: 3 }, total: 5 },
  chart: { bucket: 'day', starts: [], sent: [], completed: [], cancelled: [], undated: 0 },
  attention: noAttention,
  settings: { pendingDays: 14, unopenedDays: 3 },
};

test('a status figure on Activity opens Documents filtered by that status (click and Enter)', async ({ page, webHost }) => {
  const stub = await stubHost(page, {
    'accounts.list': () => accountsState(true),
    'sync.status': () => syncStatus({ counts: { PE: 2, CO: 3 }, total: 5, watching: 2 }),
    'inbox.list': (input) => new FakeInbox().list(input),
    'webhooks.state': () => webhookState(),
    'documents.query': () => ({
      documents: [],
      total: 0,
      counts: dashboard.counts,
      first: null,
      last: null,
      hasBefore: false,
      hasAfter: false,
    }),
    'documents.dashboard': () => dashboard,
    'batches.list': () => [],
  });
  const lastFilter = () => [...stub.calls].reverse().find((call) => call.op === 'documents.query')?.input.filter;
  await page.goto(webHost.url);
  await page.getByTestId('nav-activity').click();
  const counts = page.getByTestId('status-counts');

  // Mouse: "Pending 2" is a button; Documents opens showing pending documents only.
  const pending = counts.getByRole('button', { name: 'Pending 2' });
  await expect(pending).toBeVisible();
  await pending.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByTestId('status-tiles').getByRole('radio', { name: /^Pending/ })).toBeChecked();
  await expect.poll(lastFilter).toEqual({ statuses: ['PE'] });

  // Keyboard: Tab reaches "Completed 3", Enter opens Documents with that filter.
  await page.getByTestId('nav-activity').click();
  const completed = counts.getByRole('button', { name: 'Completed 3' });
  await expect(completed).toBeVisible();
  await page.getByTestId('sync-now').focus();
  for (let i = 0; i < 30 && !(await completed.evaluate((element) => element === document.activeElement)); i += 1)
    await page.keyboard.press('Tab');
  await expect(completed).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  await expect(page.getByTestId('status-tiles').getByRole('radio', { name: /^Completed/ })).toBeChecked();
  await expect.poll(lastFilter).toEqual({ statuses: ['CO'] });

  // The total opens every document, with no filter left from before.
  await page.getByTestId('nav-activity').click();
  await counts.getByRole('button', { name: 'All documents 5' }).click();
  await expect(page.getByTestId('status-tiles').getByRole('radio', { name: /^All/ })).toBeChecked();
  await expect.poll(lastFilter).toEqual({});
});
