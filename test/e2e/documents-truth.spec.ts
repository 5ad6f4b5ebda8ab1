import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import type { RunningWebHost } from './support/web-host';

// Issue 24, points 1–3, against the sandbox's demo with notifications turned off: a pending document a
// signer rejected is "Rejected — needs action" in the tile, the filter, the table, the panel, needs
// attention and the export, and its signer is replaced from the panel (the sandbox holds the old
// signature cancelled and the new signer invited); the synced document's timeline shows its signatures'
// own dates; the signer invited a minute ago is not in "not opened after 1 day"; the Activity feed lists
// signatures, completions and cancellations learned by sync alone, and a line opens its document.
// Screenshots at 1024×640 in English and Spanish under docs/screenshots/truth/.

type Listed = { id: string; title: string; createdAt: string; signatures: { id: string; status: string; createdAt: string | null }[] };
type Wire = {
  id: string;
  status: string;
  signatures: { id: string; status: string; created_date: string; validations: { EM?: { value: string } } }[];
};

const day = 86_400_000;

async function shot(page: Page, name: string) {
  const path = screenshotPath(`truth/${name}-1024x640.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.mouse.move(0, 0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path });
}

async function openPage(page: Page, nav: string, heading: string) {
  await expect(async () => {
    await page.getByTestId(nav).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

async function syncNow(page: Page, testId: string, idle: string) {
  const button = page.getByTestId(testId);
  await expect(button).toHaveText(idle, { timeout: 60_000 });
  await button.click();
  await expect(button).toHaveText(idle, { timeout: 60_000 });
}

async function wire(sandbox: string, id: string): Promise<Wire> {
  return ((await control(sandbox, 'GET', '/state')) as { documents: Wire[] }).documents.find((d) => d.id === id)!;
}

async function call<T>(webHost: RunningWebHost, op: string, input: unknown): Promise<T> {
  const answer = (await webHost.call(op, input)) as { ok: boolean; value: T; error?: unknown };
  if (!answer.ok) throw new Error(`${op}: ${JSON.stringify(answer.error)}`);
  return answer.value;
}

test.describe('Documents and Activity that tell the truth', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('rejected needs action everywhere, replaced from the panel; dates from the service; the feed from sync alone', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    const sandbox = await sandboxUrl(webHost);
    await control(sandbox, 'PUT', '/auto-sign', { enabled: false });
    // Notifications off: the sandbox calls nobody; everything below is learned by sync.
    await control(sandbox, 'PUT', '/webhook', { url: null });
    const delivered = ((await control(sandbox, 'GET', '/deliveries')) as unknown[]).length;
    const toSign = (await control(sandbox, 'POST', '/documents', {
      title: 'Tau sign',
      signatures: [{ validations: { EM: 'tau.signer@example.com' }, invite_channel: ['EM'] }],
    })) as Wire;
    const toCancel = (await control(sandbox, 'POST', '/documents', {
      title: 'Tau cancel',
      signatures: [{ validations: { EM: 'tau.other@example.com' }, invite_channel: ['EM'] }],
    })) as Wire;
    await call(webHost, 'documents.attention', { unopenedDays: 1 });

    await openPage(page, 'nav-documents', 'Documents');
    await syncNow(page, 'documents-sync-now', 'Sync now');

    // The demo's pending documents a signer rejected: the oldest, created more than a day ago.
    const rejected = (
      await call<{ documents: Listed[] }>(webHost, 'documents.query', {
        filter: { statuses: ['PE+DE'] },
        sort: { column: 'created', direction: 'asc' },
        limit: 10,
      })
    ).documents;
    expect(rejected.length, 'the demo holds pending documents a signer rejected').toBeGreaterThan(0);
    const target = rejected[0]!;
    expect(Date.now() - Date.parse(target.createdAt), `"${target.title}" was created more than a day ago`).toBeGreaterThan(day);
    const rejectedSignature = target.signatures.find((s) => s.status === 'DE')!;

    // The tile, then the filter it sets, then the table's rows.
    const tile = page.getByTestId('status-tiles').locator('[data-status="PE+DE"]');
    await expect(tile).toContainText('Rejected — needs action');
    await expect(tile).toContainText(String(rejected.length));
    await tile.locator('input').check();
    const rows = page.getByTestId('document-row');
    await expect(rows).toHaveCount(rejected.length, { timeout: 20_000 });
    for (const row of await rows.all()) await expect(row).toContainText('Rejected — needs action');
    await expect(page.getByTestId('attention-rejected').locator('.attention-count')).toHaveText(String(rejected.length));
    const csv = await call<{ text: string }>(webHost, 'documents.export', {
      selection: { kind: 'ids', ids: [target.id] },
      per: 'document',
    });
    expect(csv.text).toContain(',Rejected — needs action,PE,');
    await shot(page, 'documents-rejected-en');
    // Shift on a row's box selects the range from the row ticked before.
    await rows.nth(0).getByTestId('row-select').check();
    await rows
      .nth(2)
      .getByTestId('row-select')
      .click({ modifiers: ['Shift'] });
    for (const index of [0, 1, 2]) await expect(rows.nth(index).getByTestId('row-select')).toBeChecked();
    await page.getByTestId('selection-clear').click();

    // The panel: the state in words (the service's code only under details), the signer who rejected replaced.
    await rows.filter({ hasText: target.title }).getByTestId('document-open').click();
    const panel = page.getByTestId('document-panel');
    await expect(panel.getByTestId('panel-status')).toHaveText('Rejected — needs action');
    await expect(panel).not.toContainText('code PE');
    // The timeline has the signatures' own dates (their invitations), not only "Created".
    const invited = panel.getByTestId('timeline-entry').filter({ hasText: 'invited to sign' });
    await expect(invited.first()).toBeVisible();
    const dates = await invited.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    for (const signature of target.signatures) if (signature.createdAt) expect(dates).toContain(signature.createdAt);
    await expect(panel.getByTestId('timeline-entry').filter({ hasText: 'Rejected' }).first()).toContainText('seen at');
    await shot(page, 'documents-rejected-panel-en');
    await panel.getByTestId('timeline').scrollIntoViewIfNeeded();
    await shot(page, 'documents-rejected-timeline-en');

    await panel.getByTestId('document-replace-rejected').first().click();
    const dialog = page.getByTestId('invalidate-dialog');
    await expect(dialog.getByTestId('invalidate-explain')).toContainText('rejected this document');
    await dialog.getByTestId('invalidate-reason').fill('Rejected by mistake: someone else signs');
    await dialog.getByTestId('signer-card').getByLabel('E-mail', { exact: false }).first().fill('rho.replacement@example.com');
    await dialog.getByTestId('invalidate-confirm').click();
    await expect(dialog.getByTestId('job-state')).toHaveText('Finished', { timeout: 30_000 });
    await dialog.getByTestId('action-close').click();
    // Checked on the sandbox: the signature that rejected is cancelled, the new signer invited.
    const after = await wire(sandbox, target.id);
    expect(after.status).toBe('PE');
    expect(after.signatures.find((s) => s.id === rejectedSignature.id)?.status).toBe('CA');
    expect(after.signatures.find((s) => s.validations.EM?.value === 'rho.replacement@example.com')?.status).toBe('IN');
    await expect(panel.getByTestId('panel-status')).toHaveText('Pending', { timeout: 20_000 });
    // A reminder's plan names the signer it leaves out, not only the document.
    const plan = await call<{ skipped: { id: string; signer?: string; reason: string }[] }>(webHost, 'signatures.planRemind', {
      documentIds: [target.id],
    });
    expect(plan.skipped).toContainEqual(
      expect.objectContaining({ id: rejectedSignature.id, reason: 'replaced', signer: expect.stringContaining('@') }),
    );
    await page.keyboard.press('Escape');

    // Invited a minute ago: not "not opened after 1 day", although the document is older than that.
    const board = await call<{
      attention: { unopened: { items: { documentId: string }[]; count: number }; rejected: { items: { documentId: string }[] } };
    }>(webHost, 'documents.dashboard', {
      filter: {},
      period: { from: Date.now() - 30 * day, to: Date.now() + day, bucket: 'day', utcOffsetMinutes: 0 },
    });
    expect(board.attention.unopened.items.map((item) => item.documentId)).not.toContain(target.id);
    expect(board.attention.rejected.items.map((item) => item.documentId)).not.toContain(target.id);
    await expect(page.getByTestId('attention')).not.toContainText(target.title);

    // Activity from sync alone: a signature and a completion, a cancellation, then Sync now.
    await control(sandbox, 'POST', `/signatures/${toSign.signatures[0]!.id}/sign`, {});
    await call(webHost, 'documents.cancel', { documentIds: [toCancel.id], reason: 'Sent twice' });
    await openPage(page, 'nav-activity', 'Activity');
    await syncNow(page, 'sync-now', 'Sync now');
    const feed = page.getByTestId('feed-card');
    await expect(feed.getByTestId('feed-entry').filter({ hasText: 'signed ‘Tau sign’' })).toHaveCount(1, { timeout: 30_000 });
    await expect(feed.getByTestId('feed-entry').filter({ hasText: '‘Tau sign’ was completed' })).toHaveCount(1);
    await expect(feed.getByTestId('feed-entry').filter({ hasText: '‘Tau cancel’ was cancelled' })).toHaveCount(1, { timeout: 30_000 });
    await expect(feed.getByTestId('feed-entry').filter({ hasText: 'rho.replacement@example.com' }).first()).toBeVisible();
    expect((await control(sandbox, 'GET', '/deliveries')) as unknown[], 'no notification was delivered').toHaveLength(delivered);
    await shot(page, 'activity-feed-en');
    await feed.getByTestId('feed-entry').filter({ hasText: '‘Tau sign’ was completed' }).getByTestId('feed-open').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('panel-status')).toHaveText('Completed');
    await expect(panel.getByRole('heading', { name: 'Tau sign' }).first()).toBeVisible();
    await page.keyboard.press('Escape');

    // Spanish: the same screens.
    await call(webHost, 'settings.update', { language: 'es' });
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos' })).toBeVisible();
    const other = rejected[1];
    const esTile = page.getByTestId('status-tiles').locator('[data-status="PE+DE"]');
    await expect(esTile).toContainText('Rechazado — requiere acción');
    await esTile.locator('input').check();
    if (other) {
      await expect(rows.first()).toContainText('Rechazado — requiere acción', { timeout: 20_000 });
      await shot(page, 'documents-rejected-es');
      await rows.filter({ hasText: other.title }).getByTestId('document-open').click();
      await expect(panel.getByTestId('panel-status')).toHaveText('Rechazado — requiere acción');
      await shot(page, 'documents-rejected-panel-es');
      await panel.getByTestId('timeline').scrollIntoViewIfNeeded();
      await expect(panel.getByTestId('timeline-entry').filter({ hasText: 'invitado a firmar' }).first()).toBeVisible();
      await shot(page, 'documents-rejected-timeline-es');
      await page.keyboard.press('Escape');
    }
    await openPage(page, 'nav-activity', 'Actividad');
    await expect(feed.getByTestId('feed-entry').filter({ hasText: '«Tau sign» se completó' })).toHaveCount(1, { timeout: 30_000 });
    await shot(page, 'activity-feed-es');
  });
});
