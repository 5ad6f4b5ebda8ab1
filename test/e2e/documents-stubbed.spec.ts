import { accountsState, noAttention, syncStatus } from './support/activity-fakes';
import { expect, test } from './support/fixtures';
import { stubHost } from './support/host-stub';

// The Documents page in states a stubbed host makes up: an empty mirror, unknown codes, pages by
// cursor, a change pushed by the host, Sync now's progress.

/** A document as `documents.query` answers (shapes of shared/domain/documents.ts). */
function fakeDocument(n: number, status: string, signers: [string, string][]) {
  const id = `doc-${String(n).padStart(4, '0')}-1c9e4b7a`;
  const createdAt = new Date(Date.UTC(2025, 10, 21, 9, 0, 0) - n * 3_600_000).toISOString();
  return {
    id,
    title: `Service agreement ${n}`,
    status,
    createdAt,
    cancelReason: null,
    fileName: `service-agreement-${n}.pdf`,
    fileHash: null,
    changedAt: createdAt,
    origin: null,
    signatures: signers.map(([name, signatureStatus], index) => ({
      id: `${id}-sig-${index}`,
      status: signatureStatus,
      createdAt: null,
      url: `https://sign.example.test/s/${id}-${index}`,
      inviteChannel: ['EM'],
      validations: { EM: { value: name, validated: signatureStatus === 'CO' } },
      invalidationReason: null,
      signedDate: null,
      ip: null,
      device: null,
      documentId: id,
      displayName: name,
      raw: {},
    })),
  };
}
type Fake = ReturnType<typeof fakeDocument>;

const countsOf = (documents: Fake[]) => {
  const byStatus = documents.reduce<Record<string, number>>(
    (all, document) => ({ ...all, [document.status]: (all[document.status] ?? 0) + 1 }),
    {},
  );
  return { byStatus, total: documents.length };
};

const dashboard = (documents: Fake[]) => ({
  counts: countsOf(documents),
  chart: {
    bucket: 'day',
    starts: [Date.UTC(2025, 10, 20), Date.UTC(2025, 10, 21)],
    sent: [3, 5],
    completed: [1, 0],
    cancelled: [0, 2],
    undated: 0,
  },
  attention: noAttention,
  settings: { pendingDays: 14, unopenedDays: 3 },
});

/** `documents.query` over a list: the status filter, pages of `limit` after or before a cursor (the row's index). */
function query(documents: Fake[], input: Record<string, unknown>) {
  const filter = (input.filter ?? {}) as { statuses?: string[] };
  const matching = documents.filter((document) => !filter.statuses?.length || filter.statuses.includes(document.status));
  const limit = Number(input.limit ?? 50);
  const start =
    typeof input.after === 'string'
      ? Number(input.after) + 1
      : typeof input.before === 'string'
        ? Math.max(0, Number(input.before) - limit)
        : 0;
  const page = matching.slice(start, start + limit);
  return {
    documents: page,
    total: matching.length,
    counts: countsOf(documents),
    first: page.length ? String(start) : null,
    last: page.length ? String(start + page.length - 1) : null,
    hasBefore: start > 0,
    hasAfter: start + page.length < matching.length,
  };
}

test.describe('Documents (host answers stubbed)', () => {
  test('an empty mirror: the empty state leads to Send', async ({ page, webHost }) => {
    await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () =>
        syncStatus({
          lastFullSync: { startedAt: '2025-11-21T09:00:00.000Z', finishedAt: '2025-11-21T09:00:01.000Z', documents: 0, error: null },
        }),
      'documents.query': (input) => query([], input),
      'documents.dashboard': () => dashboard([]),
      'batches.list': () => [],
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-documents').click();
    const empty = page.getByTestId('documents-empty');
    await expect(empty).toContainText('No documents yet');
    await expect(page.getByTestId('documents-card')).toHaveCount(0);
    await empty.getByRole('button', { name: 'Go to Send' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
  });

  test('pages by cursor, unknown codes shown as the code, a refresh on documents.changed, Sync now progress', async ({ page, webHost }) => {
    let documents = Array.from({ length: 120 }, (_, i) =>
      fakeDocument(i + 1, i === 4 ? 'ZZ' : ['PE', 'CO', 'CA', 'DR'][i % 4]!, [
        ['ana@example.com', i === 4 ? 'XQ' : 'CO'],
        ['luis@example.com', 'IN'],
        ['eva@example.com', 'DE'],
      ]),
    );
    let status = syncStatus({ counts: countsOf(documents).byStatus, total: documents.length });
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => status,
      'sync.now': () => (status = { ...status, state: 'syncing', progress: { pages: 1, documents: 50, total: 120 } }),
      'documents.query': (input) => query(documents, input),
      'documents.dashboard': () => dashboard(documents),
      'documents.detail': (input) => {
        const document = documents.find((d) => d.id === input.documentId)!;
        return {
          document: { ...document, raw: { id: document.id }, readAt: '2025-11-21T10:00:00.000Z' },
          timeline: [{ kind: 'created', at: document.createdAt }],
        };
      },
      'documents.signature': (input) => ({
        ...documents.flatMap((d) => d.signatures).find((s) => s.id === input.signatureId)!,
        ip: '203.0.113.7',
        device: 'Firefox on Linux',
      }),
      'batches.list': () => [],
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-documents').click();
    const rows = page.getByTestId('document-row');
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId('documents-count')).toHaveText('120 documents');
    await expect(page.getByTestId('documents-range')).toHaveText('1–50 of 120');
    const tiles = page.getByTestId('status-tiles');
    await expect(tiles.getByRole('radio')).toHaveCount(6);
    await expect(tiles.getByRole('radio', { name: 'ZZ 1' })).toBeVisible();
    await expect(rows.nth(4).getByRole('gridcell').nth(2)).toHaveText('ZZ');
    await expect(rows.nth(0).getByTestId('progress')).toHaveText('1 of 3 signed, 1 rejected');
    await expect(rows.nth(0).getByTestId('signers')).toHaveText('ana@example.com +2 more');

    // An unknown signature code is shown as itself in the panel, with its code.
    await rows.nth(4).getByTestId('document-open').click();
    const panel = page.getByTestId('document-panel');
    await expect(panel.getByTestId('signature').first()).toContainText('XQ');
    await expect(panel.getByTestId('signature').first()).toContainText('Service status code: XQ');
    await expect(panel.getByTestId('panel-status')).toHaveText('ZZ');
    // A signed one: the IP address and device are read from the service.
    await expect(panel.getByTestId('signature').nth(2)).toContainText('Rejected');
    await expect(panel.getByTestId('signature').nth(2).getByTestId('signature-ip')).toHaveText('203.0.113.7');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('documents-range')).toHaveText('51–100 of 120');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByTestId('documents-range')).toHaveText('51–100 of 120');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByTestId('documents-range')).toHaveText('1–50 of 120');

    // A status tile filters the table.
    await tiles.getByRole('radio', { name: 'Cancelled 30' }).check();
    await expect(rows).toHaveCount(30);
    for (const value of await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))) expect(value).toBe('CA');
    await tiles.getByRole('radio', { name: /^All / }).check();

    // A document the host says changed is shown as it now is, without a reload.
    documents = documents.map((document, i) =>
      i === 0 ? { ...document, status: 'CA', title: 'Service agreement 1 (cancelled)' } : document,
    );
    status = syncStatus({ counts: countsOf(documents).byStatus, total: documents.length });
    stub.emit('documents.changed', { accountId: 'acct-office', documentIds: [documents[0]!.id] });
    stub.emit('sync.changed', status);
    await expect(rows.first().getByRole('gridcell').nth(2)).toHaveText('Cancelled');
    await expect(tiles.getByRole('radio', { name: /^Cancelled / })).toHaveAccessibleName('Cancelled 31');

    // Sync now: the button says so and a progress bar shows how far it got.
    await page.getByTestId('documents-sync-now').click();
    await expect(page.getByTestId('documents-sync-now')).toHaveText('Syncing…');
    await expect(page.getByTestId('documents-sync-now')).toBeDisabled();
    await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toHaveAttribute('aria-valuenow', '50');
    status = { ...status, state: 'idle', progress: null };
    stub.emit('sync.changed', status);
    await expect(page.getByTestId('documents-sync-now')).toHaveText('Sync now');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});
