import { AppError, type AppErrorShape } from '../../shared/contract/errors';
import type { Account, AccountsState } from '../../shared/domain/accounts';
import type { Core } from '../core/host';

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
  /** A path the user typed, resolved against the folder they typed it in (INIT_CWD under npm). */
  path: (typed: string) => string;
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
  if (ctx.account) return findAccount(ctx, ctx.account, state.accounts);
  const account = state.accounts.find((a) => a.id === state.selectedId);
  if (!account) {
    throw new UsageError(
      'No account is set up yet. Sign in first (npm run -s cli -- auth login), or give a key for this run in SIGNDOCK_API_KEY (and SIGNDOCK_BASE_URL).',
    );
  }
  return account;
}

/** A stored account by name (any case); an unknown name is a usage error that lists the names there are. */
export function findAccount(ctx: CliContext, name: string, accounts: readonly Account[]): Account {
  const account = accounts.find((a) => a.name.toLowerCase() === name.toLowerCase());
  if (account) return account;
  const names = accounts.map((a) => `"${a.name}"`);
  throw new UsageError(
    `There is no account named "${name}". ${names.length > 0 ? `The accounts are: ${names.join(', ')}.` : 'No account is set up yet.'}`,
  );
}

export function exitCodeFor(error: AppErrorShape): number {
  return error.kind === 'InvalidInput' ? EXIT_USAGE : EXIT_FAILED;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Asks for a secret in the terminal without echoing it; Ctrl+C gives up (exit 130). */
export function promptHidden(ctx: CliContext, question: string): Promise<string> {
  const stdin = ctx.stdin as NodeJS.ReadStream;
  ctx.err(question);
  return new Promise((resolve) => {
    let typed = '';
    stdin.setRawMode?.(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (value: string) => {
      stdin.setRawMode?.(false);
      stdin.pause();
      stdin.off('data', onData);
      ctx.err('\n');
      resolve(value.trim());
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\u0003') {
          ctx.err('\n');
          process.exit(130);
        } else if (char === '\r' || char === '\n' || char === '\u0004') {
          return done(typed);
        } else if (char === '\u007f' || char === '\b') {
          typed = typed.slice(0, -1);
        } else if (char >= ' ') {
          typed += char;
        }
      }
    };
    stdin.on('data', onData);
  });
}
