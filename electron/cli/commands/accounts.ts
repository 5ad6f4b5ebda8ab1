import type { AccountsState } from '../../../shared/domain/accounts';
import { call, emit, UsageError, type CliContext } from '../io';

export async function accountsCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub !== 'list' || rest.length > 0) throw new UsageError('Usage: accounts list');
  const state = await call<AccountsState>(ctx, 'accounts.list', {});
  emit(ctx, state, () => {
    if (state.accounts.length === 0) return 'No accounts yet. Add one with: npm run -s cli -- auth login --account NAME < key.txt';
    return state.accounts
      .map((a) => `${a.id === state.selectedId ? '*' : ' '} ${a.name}  ${a.baseUrl}${a.demo ? '  (demo)' : ''}${a.hasKey ? '' : '  (no key in the keychain)'}`)
      .join('\n');
  });
  return 0;
}
