import type { ContractClient } from '../../../../shared';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useAccountsStore } from '../../stores/accounts-store';

/** Re-reads the accounts from the host into the store (after an add, or when events may have been missed). */
export async function refreshAccounts(client: ContractClient): Promise<void> {
  useAccountsStore.getState().setAccounts(await client.call('accounts.list', {}));
}

export function useSelectAccount() {
  const client = useClient();
  return useAction(async (accountId: string) => {
    const state = await client.call('accounts.select', { accountId });
    useAccountsStore.getState().setAccounts(state);
    return state;
  });
}

export function useRemoveAccount() {
  const client = useClient();
  return useAction(async (accountId: string) => {
    const state = await client.call('accounts.remove', { accountId });
    useAccountsStore.getState().setAccounts(state);
    return state;
  });
}

export function useTestAccount() {
  const client = useClient();
  return useAction((accountId: string) => client.call('accounts.test', { accountId }));
}
