import type { CliContext } from '../io';
import { accountsCommand } from './accounts';
import { authCommand } from './auth';
import { infoCommand } from './info';

export interface CommandOptions {
  baseUrl: string | undefined;
}

export type Command = (ctx: CliContext, args: string[], options: CommandOptions) => Promise<number>;

/** Every CLI command, by its first word. Later issues add theirs here. */
export const commands: Record<string, { run: Command; usage: string }> = {
  info: { run: (ctx) => infoCommand(ctx), usage: 'info                          version, host and data folder' },
  auth: { run: authCommand, usage: 'auth login|status|logout      sign in (key on stdin), check, sign out' },
  accounts: { run: accountsCommand, usage: 'accounts list                 the accounts and which is selected' },
};
