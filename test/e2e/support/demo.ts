import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { sandboxControlToken, type RunningWebHost } from './web-host';

/**
 * Opens the app on this test's web host and takes "Try the sandbox": the local simulator with its
 * demo documents and the "Sandbox (demo)" account, selected. Skips the test when the build has no sandbox.
 */
export async function startDemo(page: Page, webHost: RunningWebHost): Promise<void> {
  const info = (await webHost.call('app.info')) as { value: { sandboxAvailable: boolean } };
  test.skip(!info.value.sandboxAvailable, 'This build has no local sandbox (app.info says sandboxAvailable: false).');
  await page.goto(webHost.url);
  await page.getByRole('button', { name: 'Try the sandbox' }).click();
  await expect(page.getByTestId('current-account-name')).toHaveText('Sandbox (demo)', { timeout: 30_000 });
}

/** The demo account's sandbox address (its control API is under /_sandbox), once startDemo has run. */
export async function sandboxUrl(webHost: RunningWebHost): Promise<string> {
  const listed = (await webHost.call('accounts.list')) as { value: { accounts: { baseUrl: string; demo: boolean }[] } };
  const demo = listed.value.accounts.find((account) => account.demo);
  if (!demo) throw new Error('No demo account after "Try the sandbox".');
  return demo.baseUrl;
}

/** One call to the sandbox's control API (plays the signers, seeds documents, sends notifications). */
export async function control(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}/_sandbox${path}`, {
    method,
    headers: {
      'x-sandbox-control-token': sandboxControlToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Sandbox control ${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/**
 * Documents waiting for their one signer (invited by e-mail), seeded in the sandbox with its signers'
 * auto-sign off, so that they stay pending: their ids, in order.
 */
export async function seedPending(sandbox: string, documents: readonly { title: string; email: string }[]): Promise<string[]> {
  await control(sandbox, 'PUT', '/auto-sign', { enabled: false });
  const ids: string[] = [];
  for (const { title, email } of documents) {
    const seeded = (await control(sandbox, 'POST', '/documents', {
      title,
      signatures: [{ validations: { EM: email }, invite_channel: ['EM'] }],
    })) as { id: string };
    ids.push(seeded.id);
  }
  return ids;
}
