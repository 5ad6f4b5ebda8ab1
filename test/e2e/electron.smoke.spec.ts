import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
// @ts-expect-error: plain .mjs helper shared with scripts/start.mjs
import { findElectronBinary } from '../../scripts/electron-binary.mjs';

const binary = findElectronBinary() as { path: string } | { missing: string };
const reason = 'missing' in binary ? `Electron smoke test skipped: ${binary.missing}.` : '';
if (reason) console.log(reason);

// The desktop shell, for real: where Electron's binary exists, build, launch, and see the app's first page
// through the sandboxed preload bridge. Elsewhere it reports itself skipped with the reason.
test.describe('Electron shell', () => {
  test.skip('missing' in binary, reason);

  test('opens one secure window that reaches the host through the preload bridge', async () => {
    execFileSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
    const home = mkdtempSync(join(tmpdir(), 'signdock-electron-'));
    const app = await electron.launch({
      executablePath: (binary as { path: string }).path,
      args: ['.', '--no-sandbox'],
      env: { ...process.env, SIGNDOCK_HOME: home },
    });
    try {
      const page = await app.firstWindow();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      // No Node in the page (nodeIntegration off, context isolated): only the bridge's two functions.
      expect(
        await page.evaluate(() => [
          typeof (globalThis as { require?: unknown }).require,
          typeof (globalThis as { process?: unknown }).process,
        ]),
      ).toEqual(['undefined', 'undefined']);
      expect(await page.evaluate(() => Object.keys((globalThis as unknown as { signdock: object }).signdock).sort())).toEqual([
        'call',
        'subscribe',
      ]);
      // New windows are refused.
      await page.evaluate(() => globalThis.open('https://example.com'));
      expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
      const info = await page.evaluate(() =>
        (globalThis as unknown as { signdock: { call(n: string, i: unknown): Promise<unknown> } }).signdock.call('app.info', {}),
      );
      expect(info).toMatchObject({ ok: true, value: { hostKind: 'electron', dataFolder: home } });
    } finally {
      await app.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
