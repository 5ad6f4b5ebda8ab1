import { accountsState, syncStatus } from './support/activity-fakes';
import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { stubHost } from './support/host-stub';

// The Documents page: for real against the sandbox's demo documents (list, search, side panel by
// keyboard, a new document appearing and changing live), then states made up by a stubbed host.

const numberIn = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

test.describe('Documents with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('the demo documents are listed; search narrows them; the side panel opens by keyboard; a new document shows and changes live', async ({ page, webHost }) => {
    test.setTimeout(150_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: webHost.origin });
    await startDemo(page, webHost);
    const sandbox = await sandboxUrl(webHost);
    await control(sandbox, 'PUT', '/auto-sign', { enabled: false });

    await expect(async () => {
      await page.getByTestId('nav-documents').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // The first sync of the new account fills the list; the chips count the mirror by status.
    const rows = page.getByTestId('document-row');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(40);
    await expect(page.getByTestId('documents-sync-now')).toHaveText('Sync now', { timeout: 60_000 });
    const total = numberIn(await page.getByTestId('documents-count').textContent());
    expect(total).toBeGreaterThan(40);
    const chips = page.getByTestId('status-chips');
    await expect(chips.getByRole('radio', { name: `All ${total}` })).toBeChecked();
    for (const status of ['Draft', 'Pending', 'Completed', 'Cancelled']) await expect(chips.getByRole('radio', { name: new RegExp(`^${status} \\d+$`) })).toBeVisible();
    await expect(rows.first().getByTestId('signer').first()).toContainText(/Not opened|Opened|Signed|Cancelled|Rejected/);

    // Sync now: runs, then the list is still there.
    await page.getByTestId('documents-sync-now').click();
    await expect(page.getByTestId('documents-sync-now')).toHaveText('Sync now', { timeout: 60_000 });
    await expect(rows).not.toHaveCount(0);

    // A status chip narrows the list to that status.
    const pendingChip = chips.getByRole('radio', { name: /^Pending \d+$/ });
    const pending = numberIn(await pendingChip.locator('xpath=..').textContent());
    expect(pending, 'the demo has pending documents').toBeGreaterThan(0);
    await pendingChip.check();
    await expect(page.getByTestId('documents-count')).toHaveText(`${pending} document${pending === 1 ? '' : 's'}`);
    await expect(rows).toHaveCount(Math.min(pending, 50));
    for (const status of await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))) expect(status).toBe('PE');
    await chips.getByRole('radio', { name: /^All / }).check();

    // Search by a signer's e-mail: fewer documents, each with that signer.
    const email = ((await rows.first().getByTestId('signer').first().locator('.signer-name').textContent()) ?? '').trim();
    expect(email).toMatch(/@/);
    await page.getByLabel('Search documents').fill(email);
    await expect(page.getByTestId('documents-count')).toContainText(`“${email}”`);
    const found = numberIn((await page.getByTestId('documents-count').textContent())?.split(' ')[0] ?? '');
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    await expect(rows).toHaveCount(found);
    for (const text of await rows.allTextContents()) expect(text).toContain(email);

    // Keyboard only: from the search box, Tab reaches the first title; Enter opens the side panel.
    await page.getByLabel('Search documents').focus();
    for (let i = 0; i < 8; i += 1) {
      if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'document-open') break;
      await page.keyboard.press('Tab');
    }
    const firstTitle = rows.first().getByTestId('document-open');
    await expect(firstTitle).toBeFocused();
    const title = (await firstTitle.textContent()) ?? '';
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('document-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(title);
    await expect(panel.getByTestId('signature').filter({ hasText: email }).first()).toBeVisible();
    const documentId = ((await panel.getByTestId('document-id').textContent()) ?? '').trim();
    expect(documentId.length).toBeGreaterThan(8);
    await panel.getByTestId('copy-document-id').click();
    await expect(panel.getByTestId('copy-document-id')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(documentId);
    const links = panel.getByTestId('signing-link');
    if ((await links.count()) > 0) {
      await panel.getByTestId('copy-signing-link').first().click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(((await links.first().textContent()) ?? '').trim());
    }
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();
    await expect(firstTitle, 'focus goes back to the row').toBeFocused();

    // Escape in the search box clears it: the whole list again.
    await page.getByLabel('Search documents').focus();
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Search documents')).toHaveValue('');
    await expect(page.getByTestId('documents-count')).toHaveText(`${total} documents`);
    await page.getByRole('heading', { level: 1 }).click(); // focus leaves the search box, long before the picture

    // Live: the sandbox notifies SignDock; a new document appears at once, then changes when signed.
    await webHost.call('webhooks.configure', { publicBaseUrl: 'https://hooks.example.test' });
    const hooks = (await webHost.call('webhooks.state')) as { value: { localUrl: string; hookUrl: string } };
    await control(sandbox, 'PUT', '/webhook', { url: `${hooks.value.localUrl}${new URL(hooks.value.hookUrl).pathname}`, secret: null });
    const seeded = (await control(sandbox, 'POST', '/documents', {
      title: 'Tenancy renewal – Calle Luna 7',
      signatures: [{ validations: { EM: 'irene.vidal@example.es' }, invite_channel: ['EM'] }],
    })) as { id: string; signatures: { id: string }[] };
    await control(sandbox, 'POST', '/notify', { notification_action: 'DC', document_id: seeded.id, new_status: 'PE' });
    const fresh = rows.filter({ hasText: 'Tenancy renewal – Calle Luna 7' });
    await expect(fresh).toHaveCount(1, { timeout: 20_000 });
    await expect(rows.first()).toContainText('Tenancy renewal – Calle Luna 7');
    await expect(fresh).toContainText('irene.vidal@example.es');
    await expect(page.getByTestId('documents-count')).toHaveText(`${total + 1} documents`);
    await control(sandbox, 'POST', `/signatures/${seeded.signatures[0]?.id}/sign`, {});
    await expect(fresh.getByRole('cell').nth(1)).toHaveText('Completed', { timeout: 20_000 });
    await expect(fresh.getByTestId('signer')).toContainText('Signed');

    await page.getByRole('heading', { level: 1 }).click(); // no focus ring in the picture
    await page.screenshot({ path: screenshotPath('documents.png') });

    // The panel, and the page in Spanish.
    await fresh.getByTestId('document-open').click();
    await expect(panel.getByTestId('panel-status')).toHaveText('Completed');
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-settings').click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Documentos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
    await expect(page.getByTestId('documents-count')).toHaveText(`${total + 1} documentos`);
    await expect(fresh.getByRole('cell').nth(1)).toHaveText('Completado');
    await expect(fresh.getByTestId('signer')).toContainText('Firmada');
    await expect(page.getByRole('button', { name: 'Sincronizar ahora' })).toBeVisible();
  });
});

/** A document as `documents.list` answers (shapes of shared/domain/documents.ts). */
function fakeDocument(n: number, status: string, signers: [string, string][]) {
  const id = `doc-${String(n).padStart(4, '0')}-1c9e4b7a`;
  return {
    id,
    title: `Service agreement ${n}`,
    status,
    createdAt: new Date(Date.UTC(2025, 10, 21, 9, 0, 0) - n * 3_600_000).toISOString(),
    cancelReason: null,
    fileName: `service-agreement-${n}.pdf`,
    fileHash: null,
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

test.describe('Documents (host answers stubbed)', () => {
  test('an empty mirror: the empty state leads to Send', async ({ page, webHost }) => {
    await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => syncStatus({ lastFullSync: { startedAt: '2025-11-21T09:00:00.000Z', finishedAt: '2025-11-21T09:00:01.000Z', documents: 0, error: null } }),
      'documents.list': () => ({ total: 0, documents: [] }),
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-documents').click();
    const empty = page.getByTestId('documents-empty');
    await expect(empty).toContainText('No documents yet');
    await expect(page.getByTestId('documents-card')).toHaveCount(0);
    await empty.getByRole('button', { name: 'Go to Send' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
  });

  test('pages of 50, unknown codes shown as the code, a refresh on documents.changed, Sync now progress', async ({ page, webHost }) => {
    let documents = Array.from({ length: 120 }, (_, i) =>
      fakeDocument(i + 1, i === 4 ? 'ZZ' : ['PE', 'CO', 'CA', 'DR'][i % 4]!, [['ana@example.com', i === 4 ? 'XQ' : 'CO'], ['luis@example.com', 'IN'], ['eva@example.com', 'PE'], ['tom@example.com', 'DE']]),
    );
    const counts = () => documents.reduce<Record<string, number>>((all, document) => ({ ...all, [document.status]: (all[document.status] ?? 0) + 1 }), {});
    let status = syncStatus({ counts: counts(), total: documents.length });
    const stub = await stubHost(page, {
      'accounts.list': () => accountsState(true),
      'sync.status': () => status,
      'sync.now': () => (status = { ...status, state: 'syncing', progress: { pages: 1, documents: 50, total: 120 } }),
      'documents.list': (input) => {
        const matching = documents.filter((document) => input.status === undefined || document.status === input.status);
        const offset = Number(input.offset ?? 0);
        return { total: matching.length, documents: matching.slice(offset, offset + Number(input.limit ?? 50)) };
      },
    });
    await page.goto(webHost.url);
    await page.getByTestId('nav-documents').click();
    const rows = page.getByTestId('document-row');
    await expect(rows).toHaveCount(50);
    await expect(page.getByTestId('documents-count')).toHaveText('120 documents');
    await expect(page.getByTestId('documents-range')).toHaveText('1–50 of 120');
    await expect(page.getByTestId('status-chips').getByRole('radio')).toHaveCount(6);
    await expect(page.getByTestId('status-chips').getByRole('radio', { name: 'ZZ 1' })).toBeVisible();
    await expect(rows.nth(4).getByRole('cell').nth(1)).toHaveText('ZZ');
    await expect(rows.nth(4).getByTestId('signer').first()).toContainText('XQ');
    await expect(rows.nth(0).getByTestId('signer')).toHaveText(['ana@example.com Signed', 'luis@example.com Not opened', 'eva@example.com Opened']);
    await expect(rows.nth(0)).toContainText('+1 more');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByTestId('documents-range')).toHaveText('51–100 of 120');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(rows).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();

    // A document the host says changed is shown as it now is, without a reload.
    documents = documents.map((document, i) => (i === 0 ? { ...document, status: 'CA', title: 'Service agreement 1 (cancelled)' } : document));
    status = syncStatus({ counts: counts(), total: documents.length });
    stub.emit('documents.changed', { accountId: 'acct-office', documentIds: [documents[0]!.id] });
    // As the host does (data-spine.ts): every change to the mirror is followed by sync.changed with the counts.
    stub.emit('sync.changed', status);
    await expect(rows.first().getByRole('cell').nth(1)).toHaveText('Cancelled');
    await expect(page.getByTestId('status-chips').getByRole('radio', { name: /^Cancelled / })).toHaveAccessibleName('Cancelled 31');

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
