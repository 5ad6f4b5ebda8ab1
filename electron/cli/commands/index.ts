import type { CliContext } from '../io';
import { accountsCommand } from './accounts';
import { authCommand } from './auth';
import { listCommand, showCommand } from './documents';
import { infoCommand } from './info';
import { sendCommand, sendUsage } from './send';
import { syncCommand } from './sync';
import { webhookCommand } from './webhook';
import {
  cancelCommand,
  cancelUsage,
  invalidateCommand,
  invalidateUsage,
  remindCommand,
  remindUsage,
  replaceCommand,
  replaceUsage,
} from './actions';
import { jobsCommand, jobsUsage } from './jobs';
import { journalCommand, journalUsage } from './journal';
import { archiveCommand, archiveUsage } from './archive';
import { exportLegalCommand, exportUsage, verifyCommand, verifyUsage } from './archive-verify';
import { exportDocumentsCommand, exportDocumentsUsage } from './export';
import { timestampCommand, timestampUsage } from './timestamp';
import { teamCommand, teamUsage } from './team';

export type Command = (ctx: CliContext, args: string[]) => Promise<number>;

/** Every CLI command, by its first word. Later issues add theirs here. */
export const commands: Record<string, { run: Command; usage: string }> = {
  info: { run: (ctx) => infoCommand(ctx), usage: 'info                          version, host and data folder' },
  auth: {
    run: authCommand,
    usage: 'auth login|status|logout      sign in (asks for the key, or stdin, or SIGNDOCK_API_KEY), check, sign out',
  },
  accounts: { run: accountsCommand, usage: 'accounts list | use NAME       the accounts and which is selected; select one' },
  sync: { run: syncCommand, usage: 'sync                          read every document of the account into the mirror' },
  list: { run: listCommand, usage: 'list [--status CODE] [--search TEXT] [--limit N]   documents in the mirror' },
  webhook: {
    run: webhookCommand,
    usage:
      'webhook serve [--port N] [--tunnel ngrok|ssh://USER@HOST …]  receive notifications (through a tunnel if asked; the mirror kept in step) until Ctrl+C',
  },
  send: { run: sendCommand, usage: sendUsage },
  show: { run: showCommand, usage: 'show <document-id>            one document with its signers and links' },
  cancel: { run: cancelCommand, usage: cancelUsage },
  remind: { run: remindCommand, usage: remindUsage },
  invalidate: { run: invalidateCommand, usage: invalidateUsage },
  'replace-signer': { run: replaceCommand, usage: replaceUsage },
  export: { run: exportDocumentsCommand, usage: exportDocumentsUsage },
  jobs: { run: jobsCommand, usage: jobsUsage },
  journal: { run: journalCommand, usage: journalUsage },
  archive: { run: archiveCommand, usage: archiveUsage },
  verify: { run: verifyCommand, usage: verifyUsage },
  timestamp: { run: timestampCommand, usage: timestampUsage },
  'export-legal': { run: exportLegalCommand, usage: exportUsage },
  team: { run: teamCommand, usage: teamUsage },
};
