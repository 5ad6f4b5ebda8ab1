import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, test } from './support/fixtures';

// Archiving from the Evidence page against the sandbox, with its answers slowed so the job is still
// going when the clerk acts: the dialog says what will be archived, the job shows its progress, Pause
// stops it (paused) while the documents in flight finish and are kept (they used to be cut off and
// counted as failed), Resume goes on, and Stop pressed right after Pause is obeyed too. (Each control is
// its own action, so one on its way never makes the page ignore another; the local host answers Pause
// too quickly for this test to tell that apart from one shared action.)

test.describe('Archiving from the Evidence page', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('plan, start, pause, resume, then pause and stop at once: the job obeys each', async ({ page, webHost }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    await page.getByTestId('nav-documents').click();
    await expect(page.getByTestId('document-row').first()).toBeVisible({ timeout: 30_000 });
    const demo = await sandboxUrl(webHost);
    await control(demo, 'PUT', '/faults', { latency_ms: 400 });

    await page.getByTestId('nav-evidence').click();
    await page.getByTestId('archive-open').click();
    const dialog = page.getByTestId('archive-dialog');
    await dialog.getByTestId('archive-check').click();
    await expect(dialog.getByTestId('archive-plan')).toContainText(/\d+ documents to archive into /, { timeout: 30_000 });
    await dialog.getByTestId('archive-start').click();
    await expect(dialog).toBeHidden();

    const progress = page.getByTestId('archive-progress');
    await expect(progress).toHaveAttribute('data-state', /queued|running/);
    await expect(progress.getByTestId('archive-bar')).toBeVisible();
    await progress.getByTestId('archive-pause').click();
    await expect(progress).toHaveAttribute('data-state', 'paused', { timeout: 60_000 });
    await expect(progress.getByTestId('archive-status')).toContainText('Archiving is paused.');
    await expect(progress.getByTestId('archive-pause')).toHaveCount(0);

    await progress.getByTestId('archive-resume').click();
    await expect(progress).toHaveAttribute('data-state', /running|queued/);
    await progress.getByTestId('archive-pause').click();
    await progress.getByTestId('archive-cancel').click();
    await expect(progress).toHaveAttribute('data-state', 'cancelled', { timeout: 60_000 });
    const status = progress.getByTestId('archive-status');
    await expect(status).toContainText(/^Archiving finished: \d+ archived, \d+ skipped, \d+ not archived\.$/);
    // What was archived before Stop is kept, and listed.
    const archived = Number(/finished: (\d+) archived/.exec((await status.textContent()) ?? '')![1]);
    expect(archived, 'documents in flight at a Pause finish and are archived, not failed').toBeGreaterThan(0);
    await expect(page.getByTestId('evidence-count')).toHaveText(new RegExp(`^${archived} archived documents?$`));
    await progress.getByTestId('archive-dismiss').click();
    await expect(progress).toHaveCount(0);
  });
});
