import { create } from 'zustand';
import type { Account, AccountsState } from '../../../shared';

interface AccountsStore {
  accounts: Account[];
  selectedId: string | null;
  setAccounts(state: AccountsState): void;
}

/** The accounts and the selected one, as last told by the host (`accounts.list`, `accounts.changed`). */
export const useAccountsStore = create<AccountsStore>()((set) => ({
  accounts: [],
  selectedId: null,
  setAccounts: (state) => set({ accounts: state.accounts, selectedId: state.selectedId }),
}));

export function selectSelectedAccount(store: AccountsStore): Account | undefined {
  return store.accounts.find((account) => account.id === store.selectedId);
}

/** The id of the account in use, or null when none is (or the selected one is gone). */
export function useSelectedAccountId(): string | null {
  return useAccountsStore((store) => selectSelectedAccount(store)?.id ?? null);
}
