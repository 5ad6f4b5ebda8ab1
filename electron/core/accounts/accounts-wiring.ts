import type { DataSpine } from '../data-spine';
import { startDemo, type DemoSettings } from '../operations/demo-account';
import type { Subsystem } from '../ports';
import type { SandboxLauncher } from '../sandbox-launcher';
import type { AccountService } from './account-service';
import type { AccountsRepo } from './accounts-repo';

type AccountOperations =
  'accounts.list' | 'accounts.add' | 'accounts.test' | 'accounts.update' | 'accounts.remove' | 'accounts.select' | 'sandbox.start';

/** What the accounts' operations are given by the composition root. */
interface AccountsPorts {
  accounts: AccountService;
  repo: Pick<AccountsRepo, 'byId'>;
  /** The data spine follows the selected account (its webhook endpoint and sync). */
  spine: Pick<DataSpine, 'accountSelected' | 'accountRemoved' | 'localHookUrl'>;
  /** Whether the background work runs (then a newly selected account is synced and listened for at once). */
  background: () => boolean;
  sandbox?: SandboxLauncher;
  dataFolder: string;
  /** The settings the demo changes (its time-stamping authority), told to open windows. */
  demoSettings: DemoSettings;
}

/**
 * Accounts and the demo as the contract sees them. After an account change the background work follows
 * the selected account; the demo's local sandbox delivers its notifications to this core's listener.
 */
export function createAccounts(ports: AccountsPorts): Subsystem<AccountOperations> {
  const { accounts, spine, sandbox } = ports;
  /** The local sandbox of the demo account delivers its notifications to this listener. */
  const connectDemoWebhook = async (accountId: string) => {
    if (!sandbox || !ports.repo.byId(accountId)?.demo) return;
    const url = spine.localHookUrl(accountId);
    if (url) await sandbox.setWebhook(url);
  };
  const followSelection = async <T>(result: T): Promise<T> => {
    const selected = accounts.selectedId();
    if (ports.background() && selected) {
      await spine.accountSelected(selected);
      await connectDemoWebhook(selected);
    }
    return result;
  };
  return {
    start: async () => {
      const selected = accounts.selectedId();
      if (selected) await connectDemoWebhook(selected);
    },
    close: async () => {
      await sandbox?.stop();
    },
    handlers: {
      'accounts.list': () => accounts.state(),
      'accounts.add': async (input) => followSelection(await accounts.add(input)),
      'accounts.test': (input) => accounts.test(input),
      'accounts.update': (input) => accounts.update(input),
      'accounts.remove': async ({ accountId }) => {
        const state = await accounts.remove(accountId);
        await spine.accountRemoved(accountId);
        return followSelection(state);
      },
      'accounts.select': async ({ accountId }) => followSelection(await accounts.select(accountId)),
      'sandbox.start': async () => followSelection(await startDemo(accounts, sandbox, ports.dataFolder, ports.demoSettings)),
    },
  };
}
