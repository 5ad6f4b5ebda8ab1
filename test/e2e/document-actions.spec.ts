import type { Page } from '@playwright/test';
import { control, sandboxUrl, startDemo } from './support/demo';
import type { RunningWebHost } from './support/web-host';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { settled } from './support/screens';

// Issue 13's actions for real, against the sandbox: select two pending documents and a completed one and
// cancel (two cancelled, one left out with why, said before anything is sent); a 255-character reason
// cannot be typed, and the host refuses it when called directly; an invalidation with a replacement
// shows the new signer's link; a bulk replace across three documents; a reminder, then a second one
// refused with the 2-hour explanation. Screenshots of the dialogs in English and Spanish.

type Seeded = { id: string; signatures: { id: string }[] };

async function seed(sandbox: string, title: string, email: string): Promise<Seeded> {
  return (await control(sandbox, 'POST', '/documents', {
    title,
    signatures: [{ validations: { EM: email }, invite_channel: ['EM'] }],
  })) as Seeded;
}

/** Searches and waits for the rows of this search (each title given in a row), not the previous one's. */
async function find(page: Page, words: string, count: number, titles: string[] = [], label = 'Search documents') {
  const search = page.getByLabel(label);
  await search.fill(words);
  await expect(page.getByTestId('document-row')).toHaveCount(count, { timeout: 20_000 });
  for (const title of titles) await expect(page.getByTestId('document-row').filter({ hasText: title })).toHaveCount(1);
}

const row = (page: Page, title: string) => page.getByTestId('document-row').filter({ hasText: title });

type Wire = { id: string; status: string; cancel_reason: string | null; signatures: { id: string; status: string }[] };
type Mirrored = { id: string; status: string; cancelReason: string | null; signatures: { id: string; status: string }[] };

/** After an action: the mirror holds what the sandbox holds for the documents touched (statuses, signatures, reason). */
async function expectMirrorMatches(webHost: RunningWebHost, sandbox: string, ids: string[]) {
  const state = (await control(sandbox, 'GET', '/state')) as { documents: Wire[] };
  const shape = (status: string, reason: string | null, signatures: { id: string; status: string }[]) => ({
    status,
    reason: reason || null,
    signatures: signatures.map((sig) => `${sig.id}:${sig.status}`).sort(),
  });
  for (const id of ids) {
    const wire = state.documents.find((d) => d.id === id)!;
    await expect
      .poll(async () => {
        const got = (await webHost.call('documents.get', { documentId: id })) as { value?: Mirrored };
        return got.value ? shape(got.value.status, got.value.cancelReason, got.value.signatures) : null;
      })
      .toEqual(shape(wire.status, wire.cancel_reason, wire.signatures));
  }
}

/** A picture once nothing moves any more (transitions such as a progress bar's finished, then two frames). */
async function shot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: screenshotPath(name) });
}

async function waitFinished(page: Page) {
  await expect(page.getByTestId('job-state')).toHaveText('Finished', { timeout: 30_000 });
  await expect(page.getByTestId('job-results')).toBeVisible();
}

test.describe('Document actions with the sandbox', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('cancel a selection, invalidate with a replacement, replace a signer in three documents, remind twice', async ({
    page,
    webHost,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    const sandbox = await sandboxUrl(webHost);
    await control(sandbox, 'PUT', '/auto-sign', { enabled: false });
    const pendingA = await seed(sandbox, 'Zeta cancel one', 'ana.zeta@example.com');
    const pendingB = await seed(sandbox, 'Zeta cancel two', 'bo.zeta@example.com');
    const completed = await seed(sandbox, 'Zeta cancel three', 'cy.zeta@example.com');
    await control(sandbox, 'POST', `/signatures/${completed.signatures[0]!.id}/sign`, {});
    const inval = await seed(sandbox, 'Omega invalidate', 'old.signer@example.com');
    const kappa: string[] = [];
    for (const n of [1, 2, 3]) kappa.push((await seed(sandbox, `Kappa replace ${n}`, 'leaving@example.com')).id);
    const sigma = await seed(sandbox, 'Sigma remind', 'slow.reader@example.com');

    await expect(async () => {
      await page.getByTestId('nav-documents').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const syncNow = page.getByTestId('documents-sync-now');
    await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });
    await syncNow.click();
    await expect(syncNow).toHaveText('Sync now', { timeout: 60_000 });

    // Search by a signer's e-mail: that document alone.
    await find(page, 'bo.zeta@example.com', 1, ['Zeta cancel two']);

    // Cancel two pending and one completed: the completed one is left out, said before anything is sent.
    await find(page, 'Zeta cancel', 3, ['Zeta cancel one', 'Zeta cancel two', 'Zeta cancel three']);
    await expect(row(page, 'Zeta cancel one')).toContainText('Pending');
    await expect(row(page, 'Zeta cancel two')).toContainText('Pending');
    await expect(row(page, 'Zeta cancel three')).toContainText('Completed');
    for (const box of await page.getByTestId('document-row').getByTestId('row-select').all()) await box.check();
    await page.getByTestId('selection-cancel').click();
    const dialog = page.getByTestId('cancel-dialog');
    await expect(dialog.getByTestId('cancel-explain')).toContainText(
      '2 documents will be cancelled. Signers who have not signed yet will no longer be able to sign. This cannot be undone.',
    );
    await expect(dialog.getByTestId('skipped-item')).toHaveText(['“Zeta cancel three” — already completed (everyone signed)']);
    const reason = dialog.getByTestId('cancel-reason');
    await reason.fill('x'.repeat(300));
    await expect(reason).toHaveValue('x'.repeat(254));
    await expect(dialog.getByTestId('cancel-reason-count')).toHaveText('254 of 254 characters');
    await reason.fill('Sent to the wrong tenant');
    await expect(dialog.getByTestId('cancel-reason-count')).toHaveText('24 of 254 characters');
    await shot(page, 'action-cancel.png');
    await dialog.getByTestId('cancel-confirm').click();
    await waitFinished(page);
    await expect(dialog.getByTestId('job-result').filter({ hasText: 'Done:' })).toHaveCount(2);
    await expect(dialog.getByTestId('job-result').filter({ hasText: 'Left out:' })).toHaveCount(1);
    await dialog.getByTestId('action-close').click();
    // After: the table says so, and the mirror equals the sandbox for the three documents.
    await expect(row(page, 'Zeta cancel one')).toContainText('Cancelled');
    await expect(row(page, 'Zeta cancel two')).toContainText('Cancelled');
    await expect(row(page, 'Zeta cancel three')).toContainText('Completed');
    await expectMirrorMatches(webHost, sandbox, [pendingA.id, pendingB.id, completed.id]);
    const state = async (id: string) =>
      (
        (await control(sandbox, 'GET', '/state')) as { documents: { id: string; status: string; cancel_reason: string | null }[] }
      ).documents.find((d) => d.id === id)!;
    expect(await state(pendingA.id)).toMatchObject({ status: 'CA', cancel_reason: 'Sent to the wrong tenant' });
    expect((await state(completed.id)).status).toBe('CO');
    // The host refuses a reason over 254 characters even when the dialog is bypassed.
    const direct = (await webHost.call('documents.cancel', { documentIds: [inval.id], reason: 'y'.repeat(255) })) as {
      ok: boolean;
      error?: { kind: string };
    };
    expect(direct).toMatchObject({ ok: false, error: { kind: 'InvalidInput' } });
    expect((await state(inval.id)).status).toBe('PE');

    // Invalidate with a replacement: the new signer and their link are shown.
    await find(page, 'Omega invalidate', 1, ['Omega invalidate']);
    await page.getByTestId('document-row').first().getByTestId('document-open').click();
    const panel = page.getByTestId('document-panel');
    await panel.getByTestId('document-invalidate').first().click();
    const invalidate = page.getByTestId('invalidate-dialog');
    await invalidate.getByTestId('invalidate-confirm').click();
    await expect(invalidate.getByText('Say why the signature is invalidated.')).toBeVisible();
    await invalidate.getByTestId('invalidate-reason').fill('Left the company');
    await invalidate.getByTestId('replacement-newSigner').check();
    await invalidate.getByTestId('invalidate-new-signer').fill('new.signer@example.com');
    await shot(page, 'action-invalidate.png');
    await invalidate.getByTestId('invalidate-confirm').click();
    await waitFinished(page);
    await expect(invalidate.getByTestId('new-signature-link')).toHaveText(/^https?:\/\//);
    await shot(page, 'action-invalidate-done.png');
    await invalidate.getByTestId('action-close').click();
    // The panel, read again, shows the new signer with their link, and the timeline the invalidation.
    const newSigner = panel.getByTestId('signature').filter({ hasText: 'new.signer@example.com' });
    await expect(newSigner).toBeVisible({ timeout: 20_000 });
    await expect(newSigner.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(panel.getByTestId('timeline-entry').filter({ hasText: 'Signature invalidated by SignDock' }).first()).toBeVisible();
    await expectMirrorMatches(webHost, sandbox, [inval.id]);

    // Invalidate again, replaced by a new signature described with the Send page's signer editor.
    await panel.getByTestId('document-invalidate').last().click();
    await invalidate.getByTestId('invalidate-reason').fill('Wrong person');
    await invalidate.getByTestId('replacement-custom').check();
    const card = invalidate.getByTestId('signer-card');
    await expect(card).toHaveCount(1);
    await card.getByLabel('E-mail', { exact: false }).first().fill('custom.signer@example.com');
    await invalidate.getByTestId('invalidate-confirm').click();
    await waitFinished(page);
    await invalidate.getByTestId('action-close').click();
    await expect(panel.getByTestId('signature').filter({ hasText: 'custom.signer@example.com' })).toBeVisible({ timeout: 20_000 });
    const after = (await control(sandbox, 'GET', '/state')) as { documents: { id: string; signatures: unknown[] }[] };
    const custom = after.documents.find((d) => d.id === inval.id)!.signatures.at(-1);
    expect(custom).toMatchObject({ status: 'IN', validations: { EM: { value: 'custom.signer@example.com' } }, invite_channel: ['EM'] });
    await expectMirrorMatches(webHost, sandbox, [inval.id]);
    await panel.getByTestId('timeline').scrollIntoViewIfNeeded();
    await shot(page, 'action-panel-timeline.png');
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();

    // Replace a signer in three documents, previewed first.
    await find(page, 'Kappa replace', 3, ['Kappa replace 1', 'Kappa replace 2', 'Kappa replace 3']);
    for (const box of await page.getByTestId('document-row').getByTestId('row-select').all()) await box.check();
    await page.getByTestId('selection-replace').click();
    const replace = page.getByTestId('replace-dialog');
    await replace.getByTestId('replace-from').fill('leaving@example.com');
    await replace.getByTestId('replace-look').click();
    await expect(replace.getByTestId('replace-preview')).toContainText('leaving@example.com still has to sign 3 documents');
    await replace.getByTestId('replace-to').fill('staying@example.com');
    await replace.getByTestId('replace-reason').fill('Moved to another office');
    await shot(page, 'action-replace-signer.png');
    await replace.getByTestId('replace-confirm').click();
    await waitFinished(page);
    await expect(replace.getByTestId('job-result').filter({ hasText: 'Done:' })).toHaveCount(3);
    await replace.getByTestId('action-close').click();
    // The job ran: the selection is gone, not "3 selected" over rows that moved on.
    await expect(page.getByTestId('selection-count')).toHaveCount(0);
    await expect(page.getByTestId('selection-replace')).toHaveCount(0);
    const all = (await control(sandbox, 'GET', '/state')) as {
      documents: { title: string; signatures: { status: string; validations: { EM?: { value: string } } }[] }[];
    };
    for (const document of all.documents.filter((d) => d.title.startsWith('Kappa replace'))) {
      expect(document.signatures.map((s) => `${s.validations.EM?.value}:${s.status}`).sort()).toEqual([
        'leaving@example.com:CA',
        'staying@example.com:IN',
      ]);
    }
    await expectMirrorMatches(webHost, sandbox, kappa);

    // A reminder, then a second one at once: refused, with when the next is possible.
    await find(page, 'Sigma remind', 1, ['Sigma remind']);
    await page.getByTestId('document-row').first().getByTestId('document-open').click();
    await panel.getByTestId('document-remind').click();
    const remind = page.getByTestId('remind-dialog');
    await expect(remind.getByTestId('remind-explain')).toContainText('1 signer will get a reminder');
    await shot(page, 'action-remind.png');
    await remind.getByTestId('remind-confirm').click();
    await waitFinished(page);
    await expect(remind.getByTestId('job-result').filter({ hasText: 'Done:' })).toHaveCount(1);
    await remind.getByTestId('action-close').click();
    await panel.getByTestId('document-remind').click();
    await remind.getByTestId('remind-confirm').click();
    await waitFinished(page);
    await expect(remind.getByTestId('job-result')).toContainText('less than 2 hours ago');
    await expect(remind.getByTestId('job-result')).toContainText(/The next one is possible after \w+ \d+, \d{4}/);
    await shot(page, 'action-remind-refused.png');
    await remind.getByTestId('action-close').click();
    await expectMirrorMatches(webHost, sandbox, [sigma.id]);
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();

    // Spanish: each dialog again (nothing sent but a reminder, refused in Spanish), and the panel's timeline.
    await webHost.call('settings.update', { language: 'es' });
    await find(page, 'Omega', 1, ['Omega invalidate'], 'Buscar documentos');
    await page.getByTestId('document-row').first().getByTestId('document-open').click();
    await expect(panel.getByTestId('timeline-entry').filter({ hasText: 'Firma invalidada por SignDock' }).first()).toBeVisible();
    await panel.getByTestId('timeline').scrollIntoViewIfNeeded();
    await shot(page, 'action-panel-timeline-es.png');
    await panel.getByTestId('document-cancel').click();
    await expect(page.getByTestId('cancel-dialog').getByTestId('cancel-explain')).toContainText('El documento se cancelará');
    await page.getByTestId('cancel-dialog').getByTestId('cancel-reason').fill('Enviado al inquilino equivocado');
    await shot(page, 'action-cancel-es.png');
    // Escape closes the dialog only: the panel under it stays.
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cancel-dialog')).not.toBeVisible();
    await expect(panel).toBeVisible();
    await panel.getByTestId('document-invalidate').first().click();
    await invalidate.getByTestId('invalidate-reason').fill('Ya no trabaja en la empresa');
    await invalidate.getByTestId('replacement-newSigner').check();
    await invalidate.getByTestId('invalidate-new-signer').fill('otra.persona@example.com');
    await shot(page, 'action-invalidate-es.png');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();

    await find(page, 'Sigma remind', 1, ['Sigma remind'], 'Buscar documentos');
    await page.getByTestId('document-row').first().getByTestId('document-open').click();
    await panel.getByTestId('document-remind').click();
    await shot(page, 'action-remind-es.png');
    await remind.getByTestId('remind-confirm').click();
    await expect(remind.getByTestId('job-state')).toHaveText('Terminado', { timeout: 30_000 });
    await expect(remind.getByTestId('job-result')).toContainText('menos de 2 horas');
    await shot(page, 'action-remind-refused-es.png');
    await remind.getByTestId('action-close').click();
    await page.keyboard.press('Escape');
    await expect(panel).not.toBeVisible();

    await find(page, 'Kappa replace', 3, ['Kappa replace 1'], 'Buscar documentos');
    for (const box of await page.getByTestId('document-row').getByTestId('row-select').all()) await box.check();
    await page.getByTestId('selection-replace').click();
    await replace.getByTestId('replace-from').fill('staying@example.com');
    await replace.getByTestId('replace-look').click();
    await expect(replace.getByTestId('replace-preview')).toContainText('staying@example.com');
    await replace.getByTestId('replace-to').fill('nueva@example.com');
    await replace.getByTestId('replace-reason').fill('Cambió de oficina');
    await shot(page, 'action-replace-signer-es.png');
    await page.keyboard.press('Escape');
  });
});
