import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { AppError } from '../../../shared/contract/errors';
import type { Account } from '../../../shared/domain/accounts';
import type { AccountService } from '../accounts/account-service';
import type { SandboxLauncher } from '../sandbox-launcher';
import type { SettingsRepo } from '../settings/settings-repo';

/** The settings the demo may change (the host's wrapper tells open windows of the change). */
export type DemoSettings = Pick<SettingsRepo, 'get' | 'update'>;

export const DEMO_ACCOUNT_NAME = 'Sandbox (demo)';

export function sandboxStateFile(dataFolder: string): string {
  return join(dataFolder, 'sandbox', 'state.json');
}

/**
 * "Try the sandbox": starts the local sandbox with demo data and adds its account. When the demo account
 * exists from an earlier run, its credentials are looked up, which starts the sandbox again with the same
 * key and saved state (see `ensureDemoService`), and it becomes the selected account.
 */
export async function startDemo(
  accounts: AccountService,
  launcher: SandboxLauncher | undefined,
  dataFolder: string,
  settings?: DemoSettings,
): Promise<Account> {
  if (!launcher) {
    throw new AppError({ kind: 'Unavailable', code: 'sandboxUnavailable', message: 'The local sandbox is not part of this installation.' });
  }
  const existing = (await accounts.state()).accounts.find((account) => account.demo);
  if (existing) {
    await accounts.credentialsFor(existing.id);
    const state = await accounts.select(existing.id);
    const account = state.accounts.find((a) => a.id === existing.id);
    if (!account) throw new AppError({ kind: 'NotFound', code: 'accountGone', message: 'That account no longer exists.' });
    return account;
  }
  const key = `sandbox_${randomBytes(24).toString('hex')}`;
  const { url, tsaUrl } = await launcher.start({ key, stateFile: sandboxStateFile(dataFolder) });
  if (settings && tsaUrl) useDemoTsa(settings, undefined, tsaUrl);
  const account = await accounts.add({ name: DEMO_ACCOUNT_NAME, baseUrl: url, apiKey: key, demo: true });
  await accounts.select(account.id);
  return account;
}

/** What the account service calls to bring a demo account's sandbox up, keeping its last port if free. */
export function demoServiceStarter(
  launcher: SandboxLauncher,
  dataFolder: string,
  lastUrl: () => string | undefined,
  settings?: DemoSettings,
) {
  return async (apiKey: string): Promise<string> => {
    const last = lastUrl();
    const port = Number(new URL(last ?? 'http://127.0.0.1:0').port) || undefined;
    const { url, tsaUrl } = await launcher.start({ key: apiKey, stateFile: sandboxStateFile(dataFolder), ...(port ? { port } : {}) });
    if (settings && tsaUrl) useDemoTsa(settings, last ? `${last.replace(/\/+$/, '')}/tsa` : undefined, tsaUrl);
    return url;
  };
}

/**
 * The demo timestamps its bags with the sandbox's own time-stamping authority: set when no TSA is set,
 * and followed when the sandbox moves to another port. A TSA the user chose is never replaced; the
 * sandbox's CA is not trusted for it until the user adds it (it says "Test only").
 */
function useDemoTsa(settings: DemoSettings, previous: string | undefined, tsaUrl: string): void {
  const current = settings.get().timestamps;
  if (current.tsaUrl === tsaUrl || (current.tsaUrl !== null && current.tsaUrl !== previous)) return;
  settings.update({ timestamps: { ...current, tsaUrl } });
}
