import { startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';

// Issue 13, build 6: automatic reminders are set per account in Settings — off by default, every N days,
// at most M times, the 2-hour rule said in words — by keyboard, in English and Spanish, stored by the host.
// (That turning them on makes the host send the reminders as a job is proven against the sandbox in
// test/integration/actions.auto-remind.test.ts, where time can be moved.)

test.describe('Automatic reminders in Settings', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('turned on by keyboard for the account in use, numbers checked, English and Spanish', async ({ page, webHost }) => {
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    const stored = async () => {
      const settings = (await webHost.call('settings.get')).value as { autoRemind: Record<string, unknown> };
      const accounts = (await webHost.call('accounts.list')).value as { selectedId: string };
      return settings.autoRemind[accounts.selectedId] ?? null;
    };

    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('settings-auto-remind');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'Automatic reminders' })).toBeVisible();
    await expect(section).toContainText('For the account “Sandbox (demo)”; each account has its own. Off unless you turn them on.');
    await expect(section.getByTestId('auto-remind-rule')).toContainText('one reminder per signer every 2 hours');
    const enabled = section.getByRole('checkbox', { name: 'Remind signers who have not signed yet, automatically' });
    const every = section.getByRole('spinbutton', { name: 'Every how many days' });
    const most = section.getByRole('spinbutton', { name: 'At most how many reminders per signer' });
    await expect(enabled).not.toBeChecked();
    await expect(every).toBeDisabled();
    expect(await stored()).toBeNull();

    // Keyboard only: Space turns it on; the numbers take typing and arrows.
    await enabled.focus();
    await page.keyboard.press('Space');
    await expect(enabled).toBeChecked();
    await expect.poll(stored).toEqual({ enabled: true, everyDays: 3, maxTimes: 3 });
    await page.keyboard.press('Tab');
    await expect(every).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0');
    await expect(section.getByText('A whole number from 1 to 60.')).toBeVisible();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await expect(section.getByText('A whole number from 1 to 60.')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(most).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect.poll(stored).toEqual({ enabled: true, everyDays: 5, maxTimes: 4 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-auto-remind.png') });

    await webHost.call('settings.update', { language: 'es' });
    await expect(section.getByRole('heading', { name: 'Recordatorios automáticos' })).toBeVisible();
    await expect(section.getByTestId('auto-remind-rule')).toContainText('un recordatorio por firmante cada 2 horas');
    await expect(section.getByRole('spinbutton', { name: 'Cada cuántos días' })).toHaveValue('5');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-auto-remind-es.png') });

    // Off again: stored off, the numbers kept for next time.
    await section.getByRole('checkbox').press('Space');
    await expect.poll(stored).toEqual({ enabled: false, everyDays: 5, maxTimes: 4 });
  });
});
