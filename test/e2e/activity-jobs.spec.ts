import type { Locator, Page } from '@playwright/test';
import { control, sandboxUrl, seedPending, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';
import { settled } from './support/screens';

// Issue 32, "One job queue", on one computer (no team): the Activity page's Bulk actions card. Empty in
// words first; then a bulk cancel of six documents started through the host (the sandbox answering
// each cancel slowly) is listed there by itself, paused from the card, resumed from the card by
// keyboard, and its counts settle to done, the finished job folded to one line that opens by keyboard
// to each document's outcome.
// Screenshots at 1024×640 in English and Spanish (docs/screenshots/activity-jobs-*.png).

const COUNT = 6;

/** A picture once nothing moves (a progress bar's transition finished, then two frames), the card at the top. */
async function shot(page: Page, card: Locator, name: string) {
  await card.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.mouse.move(0, 0);
  await settled(page);
  const extra = await page.locator('main').evaluate((main) => main.scrollWidth - main.clientWidth);
  expect(extra, 'the page fits without scrolling sideways').toBeLessThanOrEqual(1);
  await page.screenshot({ path: screenshotPath(name) });
}

async function language(page: Page, code: 'en' | 'es', activity: string) {
  await page.getByTestId('nav-settings').click();
  await page.getByTestId('language-select').selectOption(code);
  await page.getByTestId('nav-activity').click();
  await expect(page.getByRole('heading', { level: 1, name: activity })).toBeVisible();
}

test.describe('Bulk actions on the Activity page', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('a bulk cancel is listed, paused and resumed from the card, and settles to done; in Spanish', async ({ page, webHost }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    const sandbox = await sandboxUrl(webHost);
    const ids = await seedPending(
      sandbox,
      Array.from({ length: COUNT }, (_, at) => ({ title: `Jobs card ${at + 1}`, email: `signer${at + 1}.jobs@example.com` })),
    );
    // The mirror must hold them (a document it does not know is left out of a cancel).
    await expect(async () => {
      const status = (await webHost.call('sync.status')).value as { state: string };
      if (status.state !== 'syncing') await webHost.call('sync.now');
      for (const documentId of ids) expect((await webHost.call('documents.get', { documentId })).ok).toBe(true);
    }).toPass({ timeout: 60_000 });

    await expect(async () => {
      await page.getByTestId('nav-activity').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const card = page.getByTestId('jobs-card');
    await expect(card.getByRole('heading', { name: 'Bulk actions' })).toBeVisible();
    await expect(card.getByTestId('jobs-empty')).toHaveText(
      'No bulk actions yet. When you send, cancel, remind or archive several documents at once, they appear here.',
    );

    // Each cancel takes 6 s at the service: four at a time, so Pause comes while the first four are on their way.
    await control(sandbox, 'PUT', '/faults', { latency_ms: 6_000, operations: ['cancel'] });
    const started = (await webHost.call('documents.cancel', { documentIds: ids, reason: 'Sent twice' })) as {
      ok: boolean;
      value: { id: string };
    };
    expect(started.ok).toBe(true);
    const line = card.locator(`[data-job-id="${started.value.id}"]`);
    await expect(line.getByTestId('job-kind')).toHaveText('Cancelling documents');
    await expect(line.getByTestId('job-started')).toHaveText(' · started now');
    await expect(card.getByTestId('jobs-empty')).toHaveCount(0);
    await line.getByTestId('job-pause').click();
    await expect(line).toHaveAttribute('data-state', 'paused', { timeout: 30_000 });
    await expect(line.getByTestId('job-state')).toHaveText('Paused');
    await expect(line.getByTestId('job-counts')).toHaveText(/^[0-4] done, 0 left out, 0 not done, of 6$/);
    await expect(line.getByTestId('job-resume')).toBeVisible();
    await shot(page, card, 'activity-jobs-paused-en.png');

    await language(page, 'es', 'Actividad');
    await expect(card.getByRole('heading', { name: 'Acciones en bloque' })).toBeVisible();
    await expect(line.getByTestId('job-kind')).toHaveText('Cancelación de documentos');
    await expect(line.getByTestId('job-state')).toHaveText('En pausa');
    await expect(line.getByTestId('job-resume')).toHaveText('Reanudar');
    await shot(page, card, 'activity-jobs-paused-es.png');

    // Resumed by keyboard; the service answers at once now: the counts settle to six done.
    await control(sandbox, 'PUT', '/faults', { latency_ms: 0 });
    await line.getByTestId('job-resume').focus();
    await page.keyboard.press('Enter');
    await expect(line).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
    const summary = line.getByTestId('job-summary');
    await expect(summary).toContainText('Cancelación de documentos · iniciada');
    await expect(summary).toContainText('Terminado · 6 hechos, 0 dejados fuera, 0 sin hacer, de 6');
    await expect(line.getByTestId('job-progress')).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(line.getByTestId('job-progress')).toBeVisible();
    await expect(line.getByTestId('job-counts')).toHaveText('6 hechos, 0 dejados fuera, 0 sin hacer, de 6');
    await expect(line.getByTestId('job-result').filter({ hasText: /^Hecho: Jobs card [1-6]$/ })).toHaveCount(COUNT);
    await shot(page, card, 'activity-jobs-finished-es.png');

    await language(page, 'en', 'Activity');
    await expect(summary).toContainText('Cancelling documents · started');
    await expect(summary).toContainText('Finished · 6 done, 0 left out, 0 not done, of 6');
    await shot(page, card, 'activity-jobs-finished-en.png');
    // What the card says is what the host holds: the six documents cancelled at the service.
    const state = (await control(sandbox, 'GET', '/state')) as { documents: { id: string; status: string }[] };
    expect(state.documents.filter((document) => ids.includes(document.id)).map((document) => document.status)).toEqual(
      Array(COUNT).fill('CA'),
    );
  });
});
