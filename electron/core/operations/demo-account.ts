import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { Account } from '../../../shared/domain/accounts';
import type { AccountService } from '../accounts/account-service';
import type { SandboxLauncher } from '../sandbox-launcher';

export const DEMO_ACCOUNT_NAME = 'Sandbox (demo)';

/**
 * "Try the sandbox": starts the local sandbox with demo data and adds its account, or, when the demo
 * account exists from an earlier run, starts the sandbox again with the same key and state and points
 * the account at it.
 */
export async function startDemo(accounts: AccountService, launcher: SandboxLauncher | undefined, dataFolder: string): Promise<Account> {
  if (!launcher) {
    throw new AppError({
      kind: 'Unavailable',
      code: 'sandboxUnavailable',
      message: 'The local sandbox is not part of this installation.',
    });
  }
  const stateFile = join(dataFolder, 'sandbox', 'state.json');
  const existing = (await accounts.state()).accounts.find((account) => account.demo);
  if (existing) {
    const credentials = await accounts.credentialsFor(existing.id);
    const port = Number(new URL(existing.baseUrl).port) || undefined;
    const { url } = await launcher.start({ key: credentials.apiKey, stateFile, ...(port ? { port } : {}) });
    accounts.updateBaseUrl(existing.id, url);
    await accounts.select(existing.id);
    const state = await accounts.state();
    const account = state.accounts.find((a) => a.id === existing.id);
    if (!account) throw new AppError({ kind: 'NotFound', code: 'accountGone', message: 'That account no longer exists.' });
    return account;
  }
  const key = `sandbox_${randomBytes(24).toString('hex')}`;
  const { url } = await launcher.start({ key, stateFile });
  const account = await accounts.add({ name: DEMO_ACCOUNT_NAME, baseUrl: url, apiKey: key, demo: true });
  await accounts.select(account.id);
  return account;
}
