import type { Page } from '@playwright/test';
import { control, sandboxUrl, startDemo } from './support/demo';
import { expect, screenshotPath, test } from './support/fixtures';
import type { RunningWebHost } from './support/web-host';

// Issue 31, point 10: Activity's headline tells one truth about notifications. In the demo the sandbox
// runs on this computer and calls the listener directly: the line says they arrive (no "Not arriving: no
// tunnel is running" above a card that says "Receiving"), and nothing on the page advises a tunnel the
// demo does not need. Screenshots of the line at 1024×640 in English and Spanish.

async function call(webHost: RunningWebHost, op: string, input: unknown): Promise<void> {
  const answer = (await webHost.call(op, input)) as { ok: boolean; error?: unknown };
  if (!answer.ok) throw new Error(`${op}: ${JSON.stringify(answer.error)}`);
}

/** Activity from its top, as a clerk opens it. */
async function openActivity(page: Page, heading: string): Promise<void> {
  await expect(async () => {
    await page.getByTestId('nav-activity').click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('main').evaluate((main) => main.scrollTo(0, 0));
}

test('the demo: notifications arrive straight from the sandbox, said in one line, with no advice to set up a tunnel', async ({
  page,
  webHost,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await startDemo(page, webHost);
  await openActivity(page, 'Activity');
  const line = page.getByTestId('tunnel-line');
  const webhook = page.getByTestId('webhook-card');

  // Whether or not the first notification came yet: the demo needs no tunnel, and the line says no other.
  await expect(line).toContainText('local sandbox');
  await expect(line).not.toContainText('Not arriving');
  await expect(page.getByRole('main')).not.toContainText('Start a tunnel');
  await expect(webhook.getByTestId('no-public-address')).toHaveCount(0);

  // The sandbox's signers sign: its notifications reach the listener with no tunnel at all.
  await control(await sandboxUrl(webHost), 'POST', '/sign-all');
  await expect(webhook.getByTestId('listener-state')).toHaveText('Receiving', { timeout: 30_000 });
  await expect(line).toHaveText(/Arriving straight from the local sandbox \(no tunnel needed\): the last one (now|\d+ min ago)\./, {
    timeout: 30_000,
  });
  await expect(line).not.toContainText('Not arriving');
  await expect(line.getByTestId('tunnel-line-settings')).toHaveText('Settings');
  await expect(page.getByRole('main')).not.toContainText('Set up in Settings');
  await expect(page.getByRole('main')).not.toContainText('Start a tunnel');
  await expect(line).toBeInViewport({ ratio: 1 });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: screenshotPath('activity-notifications-line-en-1024x640.png') });

  await call(webHost, 'settings.update', { language: 'es' });
  await openActivity(page, 'Actividad');
  await expect(line).toHaveText(/Llegan directamente del sandbox local \(sin túnel\): la última (ahora|hace \d+ min)\./);
  await expect(line.getByTestId('tunnel-line-settings')).toHaveText('Configuración');
  await expect(page.getByRole('main')).not.toContainText('Inicie un túnel');
  await expect(line).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: screenshotPath('activity-notifications-line-es-1024x640.png') });
});
