import { fileURLToPath } from 'node:url';
import { sandboxUrl, startDemo } from './support/demo';
import { expect, noKeyringReason, screenshotPath, test } from './support/fixtures';

// Issue 23, trusted timestamps: Settings holds the time-stamping authority (the demo sets the sandbox's
// own) and the CA certificates that vouch for TSAs; a bad address or a file that is no certificate is
// said in words; by keyboard, at 1024×640, in English and Spanish, stored by the host.

const sandboxCa = fileURLToPath(new URL('../sandbox/ca/ca-cert.pem', import.meta.url));
type Stored = { timestamps: { tsaUrl: string | null; tsaAnchors: { subject: string }[] } };

test.describe('Trusted timestamps in Settings', () => {
  test.skip(noKeyringReason() !== '', noKeyringReason());

  test('the demo TSA is set; an address typed by keyboard; a TSA CA added and removed; English and Spanish', async ({ page, webHost }) => {
    await page.setViewportSize({ width: 1024, height: 640 });
    await startDemo(page, webHost);
    const stored = async () => ((await webHost.call('settings.get')).value as Stored).timestamps;
    const demoTsa = `${await sandboxUrl(webHost)}/tsa`;
    expect((await stored()).tsaUrl).toBe(demoTsa);

    await page.getByTestId('nav-settings').click();
    const section = page.getByTestId('settings-timestamps');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('heading', { name: 'Trusted timestamps' })).toBeVisible();
    const address = section.getByRole('textbox', { name: 'Time-stamping authority (TSA) address' });
    await expect(address).toHaveValue(demoTsa);
    await expect(section).toContainText('None yet: timestamps are shown as "TSA not trusted".');

    await address.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('ftp://tsa.example.com');
    await expect(section.getByText('An address starting with http:// or https://.')).toBeVisible();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('https://tsa.example.com/rfc3161');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await stored()).tsaUrl).toBe('https://tsa.example.com/rfc3161');

    await section
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.pem', mimeType: 'text/plain', buffer: Buffer.from('not a certificate') });
    await expect(section).toContainText('TSA certificate authority 1 is not a certificate in PEM text.');
    await section.locator('input[type=file]').setInputFiles(sandboxCa);
    await expect(section.getByTestId('tsa-anchors')).toContainText('CN=SignDock Sandbox Root CA');
    await expect.poll(async () => (await stored()).tsaAnchors.length).toBe(1);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-timestamps.png') });

    await webHost.call('settings.update', { language: 'es' });
    await expect(section.getByRole('heading', { name: 'Sellos de tiempo de confianza' })).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath('settings-timestamps-es.png') });
    await section.getByRole('button', { name: /^Quitar .*SignDock Sandbox Root CA/ }).click();
    await expect.poll(async () => (await stored()).tsaAnchors.length).toBe(0);
    await expect(section).toContainText('Ninguna todavía');
  });
});
