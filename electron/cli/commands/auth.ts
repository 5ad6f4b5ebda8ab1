import { parseArgs } from 'node:util';
import { DEFAULT_BASE_URL, type Account, type AccountsState, type KeyCheck } from '../../../shared/domain/accounts';
import { call, emit, pickAccount, promptHidden, readAll, UsageError, type CliContext } from '../io';

export const DEFAULT_ACCOUNT_NAME = 'default';

interface AuthOptions {
  baseUrl: string | undefined;
}

export async function authCommand(ctx: CliContext, args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { 'base-url': { type: 'string' } } });
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)}\nUsage: auth login [--base-url URL] | auth status | auth logout`,
    );
  }
  const [sub, ...rest] = parsed.positionals;
  if (rest.length > 0) throw new UsageError(`Unexpected words after "auth ${sub}": ${rest.join(' ')}`);
  if (parsed.values['base-url'] !== undefined && sub !== 'login') throw new UsageError('--base-url goes with "auth login".');
  const options: AuthOptions = { baseUrl: parsed.values['base-url'] };
  switch (sub) {
    case 'login':
      return login(ctx, options);
    case 'status':
      return status(ctx);
    case 'logout':
      return logout(ctx);
    default:
      throw new UsageError('Usage: auth login|status|logout');
  }
}

/**
 * Stores a key in the keychain after checking it with the service: the key in SIGNDOCK_API_KEY when set,
 * else asked for (without echo) in a terminal, else read from standard input.
 */
async function login(ctx: CliContext, options: AuthOptions): Promise<number> {
  const fromEnv = ctx.env.SIGNDOCK_API_KEY?.trim();
  const stdin = ctx.stdin as NodeJS.ReadStream;
  const apiKey = fromEnv || (stdin.isTTY ? await promptHidden(ctx, 'API key (typing is not shown): ') : (await readAll(ctx.stdin)).trim());
  if (!apiKey) {
    throw new UsageError(
      'No API key was given. Type it when asked, pipe it on standard input (npm run -s cli -- auth login < key.txt), or set SIGNDOCK_API_KEY.',
    );
  }
  const name = ctx.account ?? DEFAULT_ACCOUNT_NAME;
  const baseUrl = options.baseUrl ?? ctx.env.SIGNDOCK_BASE_URL;
  const state = await call<AccountsState>(ctx, 'accounts.list', {});
  const existing = state.accounts.find((a) => a.name.toLowerCase() === name.toLowerCase());
  ctx.err(`Checking the key with the service…\n`);
  const account = existing
    ? await call<Account>(ctx, 'accounts.update', { accountId: existing.id, apiKey, ...(baseUrl ? { baseUrl } : {}) })
    : await call<Account>(ctx, 'accounts.add', { name, baseUrl: baseUrl ?? DEFAULT_BASE_URL, apiKey });
  emit(ctx, account, () => `Signed in: the account "${account.name}" (${account.baseUrl}) is stored, its key in the system keychain.`);
  return 0;
}

async function status(ctx: CliContext): Promise<number> {
  const envKey = ctx.env.SIGNDOCK_API_KEY?.trim();
  let label: string;
  let check: KeyCheck;
  if (envKey) {
    ctx.core.redactor.add(envKey);
    const state = await call<AccountsState>(ctx, 'accounts.list', {});
    const selected = state.accounts.find((a) => a.id === state.selectedId);
    const baseUrl = ctx.env.SIGNDOCK_BASE_URL ?? selected?.baseUrl ?? DEFAULT_BASE_URL;
    label = `the key in SIGNDOCK_API_KEY at ${baseUrl}`;
    check = await call<KeyCheck>(ctx, 'accounts.test', { baseUrl, apiKey: envKey });
    emit(ctx, { source: 'environment', baseUrl, check }, () => describe(label, check));
  } else {
    const state = await call<AccountsState>(ctx, 'accounts.list', {});
    const account = pickAccount(ctx, state);
    label = `the account "${account.name}" (${account.baseUrl})`;
    check = await call<KeyCheck>(ctx, 'accounts.test', { accountId: account.id });
    emit(ctx, { source: 'keychain', account, check }, () => describe(label, check));
  }
  return check.ok ? 0 : 1;
}

async function logout(ctx: CliContext): Promise<number> {
  const state = await call<AccountsState>(ctx, 'accounts.list', {});
  const account = pickAccount(ctx, state);
  const next = await call<AccountsState>(ctx, 'accounts.remove', { accountId: account.id });
  emit(ctx, next, () => `Signed out: the account "${account.name}" and its key in the keychain were removed.`);
  return 0;
}

function describe(label: string, check: KeyCheck): string {
  return check.ok ? `OK: the service accepts ${label}.` : `Not signed in: ${check.message} (${label})`;
}
