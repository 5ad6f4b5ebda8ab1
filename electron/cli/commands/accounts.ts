import { terminalSafe } from '../terminal-safe';
import type { AccountsState } from '../../../shared/domain/accounts';
import { call, emit, findAccount, UsageError, type CliContext } from '../io';

/** `accounts list` (which is selected) and `accounts use NAME` (select one for the app and later runs). */
export async function accountsCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'use') {
    if (rest.length !== 1) throw new UsageError('Usage: accounts use NAME');
    const account = findAccount(ctx, rest[0]!, (await call<AccountsState>(ctx, 'accounts.list', {})).accounts);
    const state = await call<AccountsState>(ctx, 'accounts.select', { accountId: account.id });
    emit(ctx, state, () => `Selected the account "${terminalSafe(account.name)}" (${terminalSafe(account.baseUrl)}).`);
    return 0;
  }
  if (sub !== 'list' || rest.length > 0) throw new UsageError('Usage: accounts list | accounts use NAME');
  const state = await call<AccountsState>(ctx, 'accounts.list', {});
  emit(ctx, state, () => {
    if (state.accounts.length === 0) return 'No accounts yet. Add one with: npm run -s cli -- auth login --account NAME';
    return state.accounts
      .map(
        (a) =>
          `${a.id === state.selectedId ? '*' : ' '} ${terminalSafe(a.name)}  ${terminalSafe(a.baseUrl)}${a.demo ? '  (demo)' : ''}${a.hasKey ? '' : '  (no key in the keychain)'}`,
      )
      .join('\n');
  });
  return 0;
}
