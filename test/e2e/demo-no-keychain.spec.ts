import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { expect, test } from './support/fixtures';
import { sandboxControlToken, startWebHost } from './support/web-host';

// Issue 24, point 7: the demo needs no keychain. Every process here runs as on a machine with no
// Secret Service: no D-Bus session address and an empty runtime folder (so no $XDG_RUNTIME_DIR/bus).

const root = new URL('../../', import.meta.url).pathname;

function noKeychainEnv(): { env: NodeJS.ProcessEnv; remove(): void } {
  const runtime = mkdtempSync(join(tmpdir(), 'signdock-e2e-runtime-'));
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtime, SIGNDOCK_SANDBOX_CONTROL_TOKEN: sandboxControlToken };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  delete env.SIGNDOCK_DEMO;
  return { env, remove: () => rmSync(runtime, { recursive: true, force: true }) };
}

/** `npm run demo` in its own process group (npm → start → web host), read until it prints its address. */
async function npmRunDemo(home: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stop(): Promise<void> }> {
  // An empty ELECTRON_OVERRIDE_DIST_PATH: no Electron binary, so `npm start` serves through the web host.
  const noElectron = mkdtempSync(join(tmpdir(), 'signdock-e2e-no-electron-'));
  const child = spawn('npm', ['run', 'demo'], {
    cwd: root,
    detached: true,
    env: { ...env, SIGNDOCK_HOME: home, SIGNDOCK_WEB_PORT: '0', ELECTRON_OVERRIDE_DIST_PATH: noElectron },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run demo printed no address within 90 s.\n${stderr}`)), 90_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const found = /^\s+(http:\/\/127\.0\.0\.1:\d+\/#token=\S+)/.exec(line);
      if (!found) return;
      clearTimeout(timer);
      resolve(found[1]!);
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`npm run demo exited before printing its address.\n${stderr}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
      await exited;
      rmSync(noElectron, { recursive: true, force: true });
    },
  };
}

test('with no Secret Service, npm run demo serves the demo, and the web host starts again on its data folder', async ({ page, home }) => {
  test.setTimeout(180_000);
  const machine = noKeychainEnv();
  try {
    const demo = await npmRunDemo(home, machine.env);
    try {
      await page.goto(demo.url);
      await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)', { timeout: 30_000 });
      await page.getByTestId('nav-documents').click();
      await expect(page.getByTestId('view-documents')).toBeVisible();
    } finally {
      await demo.stop();
    }

    // The same data folder, a plain web host (no SIGNDOCK_DEMO): it starts, the demo account is there,
    // and the Evidence page (the offline review) opens.
    const again = await startWebHost(home, [], machine.env);
    try {
      const listed = (await again.call('accounts.list')) as { value: { accounts: { name: string; demo: boolean }[] } };
      expect(listed.value.accounts.filter((account) => account.demo).map((account) => account.name)).toEqual(['Sandbox (demo)']);
      await page.goto(again.url);
      await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)', { timeout: 30_000 });
      await page.getByTestId('nav-evidence').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
    } finally {
      await again.stop();
    }
  } finally {
    machine.remove();
  }
});

test('with no Secret Service, "Try the sandbox" works and the offline Evidence review opens on a fresh folder', async ({ page, home }) => {
  test.setTimeout(120_000);
  const machine = noKeychainEnv();
  const host = await startWebHost(home, [], machine.env);
  const reviewHome = mkdtempSync(join(tmpdir(), 'signdock-e2e-review-'));
  try {
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Try the sandbox' }).click();
    await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)', { timeout: 30_000 });

    const review = await startWebHost(reviewHome, [], machine.env);
    try {
      await page.goto(review.url);
      await page.getByTestId('onboarding-review-evidence').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Evidence' })).toBeVisible();
    } finally {
      await review.stop();
    }
  } finally {
    await host.stop();
    rmSync(reviewHome, { recursive: true, force: true });
    machine.remove();
  }
});
