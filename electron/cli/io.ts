import { AppError, type AppErrorShape } from '../../shared/contract/errors';
import type { Account, AccountsState } from '../../shared/domain/accounts';
import type { Core } from '../core/host';

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** Thrown for a usage or input problem: exit code 2. */
export class UsageError extends Error {}

export interface CliContext {
  core: Core;
  json: boolean;
  account: string | undefined;
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Runs a contract operation; a typed error is thrown as `AppError`. */
export async function call<T>(ctx: CliContext, op: string, input: unknown): Promise<T> {
  const result = await ctx.core.dispatch(op, input);
  if (!result.ok) throw new AppError(result.error);
  return result.value as T;
}

/** The one JSON document of a `--json` run, or the human text otherwise. */
export function emit(ctx: CliContext, value: unknown, human: () => string): void {
  if (ctx.json) ctx.out(JSON.stringify(value, null, 2) + '\n');
  else ctx.out(human() + '\n');
}

/** The account named by `--account` (any case), else the selected one; a usage error when there is none. */
export function pickAccount(ctx: CliContext, state: AccountsState): Account {
  const account = ctx.account
    ? state.accounts.find((a) => a.name.toLowerCase() === ctx.account?.toLowerCase())
    : state.accounts.find((a) => a.id === state.selectedId);
  if (!account) {
    throw new UsageError(ctx.account ? `There is no account named "${ctx.account}".` : 'No account is set up yet. Sign in first: npm run -s cli -- auth login < key.txt');
  }
  return account;
}

export function exitCodeFor(error: AppErrorShape): number {
  return error.kind === 'InvalidInput' ? EXIT_USAGE : EXIT_FAILED;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
