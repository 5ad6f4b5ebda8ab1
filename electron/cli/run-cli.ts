import { resolve } from 'node:path';
import { AppError } from '../../shared/contract/errors';
import { baseUrlSchema } from '../../shared/domain/accounts';
import { resolveDataFolder } from '../core/data-folder';
import { createCore, type Core } from '../core/host';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { EnvironmentSecretStore } from '../core/secrets/environment-secret-store';
import { readVersion } from '../core/version';
import { JOURNAL_KEY_ENV, keyFromEnvironment } from '../core/journal/journal-key';
import { localSandbox } from '../demo/local-sandbox';
import { tsaOverrideFrom, type TsaOverride } from '../core/evidence/timestamp/tsa-settings';
import { teamConfigFrom, type TeamConfig } from '../core/team/team-config';
import { commands } from './commands/index';
import { jsonSafe, terminalSafe, terminalText } from './terminal-safe';
import { EXIT_FAILED, EXIT_USAGE, exitCodeFor, findAccount, UsageError, type CliContext } from './io';

const usage = `Usage: npm run -s cli -- [--home DIR] [--account NAME] [--json] <command>

Commands:
${Object.values(commands)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Options:
  --home DIR        data folder (default: SIGNDOCK_HOME or the OS application-data folder)
  --account NAME    the account to use (default: the selected one; "default" for auth login)
  --json            print exactly one JSON document on stdout
  --tsa URL         the RFC 3161 time-stamping authority for this run (default: SIGNDOCK_TSA_URL, else Settings; none set: not timestamped)
  --tsa-ca FILE     a CA certificate (PEM) that vouches for time-stamping authorities, for this run (repeatable; default: SIGNDOCK_TSA_CA, else Settings)
Environment: SIGNDOCK_API_KEY (and SIGNDOCK_BASE_URL, default https://connect.signatura.co) give a key and
  address for this run, stored nowhere and needing no keychain: the run uses an account known by the address
  and a fingerprint of the key, so the next run with the same variables sees the same documents and batches.
  SIGNDOCK_WEBHOOK_SECRET gives that account's webhook secret. SIGNDOCK_JOURNAL_KEY (32+ bytes, hex or base64)
  is the audit journal's key where there is no keychain. SIGNDOCK_TSA_URL and SIGNDOCK_TSA_CA (a PEM file)
  are --tsa and --tsa-ca. SIGNDOCK_TEAM_URL (a PostgreSQL URL) makes this computer one of a team (SIGNDOCK_COMPUTER_NAME
  names it; default: the host name). Paths are read from the folder you are in.
`;

export async function runCli(argv: string[], io: { stdin: NodeJS.ReadableStream; env: NodeJS.ProcessEnv }): Promise<number> {
  let json = false;
  const out = (text: string) => process.stdout.write(json ? jsonSafe(text) : terminalText(text));
  const err = (text: string) => process.stderr.write(terminalText(text));
  let globals: GlobalOptions;
  try {
    globals = splitGlobalOptions(argv);
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return EXIT_USAGE;
  }
  const values = globals;
  json = values.json;
  const [name, ...args] = globals.rest;
  if (values.help || !name) {
    (values.help ? out : err)(usage);
    return values.help ? 0 : EXIT_USAGE;
  }
  const command = commands[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${usage}`);
    return EXIT_USAGE;
  }

  let core: Core | undefined;
  // Under `npm run` the working directory is the project's; INIT_CWD is the folder the user typed in.
  const cwd = io.env.INIT_CWD || process.cwd();
  const envKey = io.env.SIGNDOCK_API_KEY?.trim() || undefined;
  let envBaseUrl: string | undefined;
  if (io.env.SIGNDOCK_BASE_URL?.trim()) {
    const parsed = baseUrlSchema.safeParse(io.env.SIGNDOCK_BASE_URL);
    if (!parsed.success) {
      err(`SIGNDOCK_BASE_URL: ${parsed.error.issues[0]?.message ?? 'not a web address'}\n`);
      return EXIT_USAGE;
    }
    envBaseUrl = parsed.data;
  }
  if (io.env[JOURNAL_KEY_ENV]?.trim()) {
    try {
      keyFromEnvironment(io.env[JOURNAL_KEY_ENV]);
    } catch (error) {
      err(`${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  let tsaOverride: TsaOverride;
  try {
    tsaOverride = tsaOverrideFrom({ url: values.tsa, caFiles: values.tsaCa }, io.env, (p) => resolve(cwd, p));
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_USAGE;
  }
  let team: TeamConfig | null;
  try {
    team = teamConfigFrom(io.env);
  } catch (error) {
    err(`${(error as Error).message}\n`);
    return EXIT_USAGE;
  }
  const keychain = new KeytarSecretStore();
  try {
    core = createCore({
      dataFolder: values.home ? resolve(cwd, values.home) : resolveDataFolder(io.env),
      hostKind: 'cli',
      version: readVersion(),
      secrets: envKey ? new EnvironmentSecretStore(keychain, envKey, io.env.SIGNDOCK_WEBHOOK_SECRET) : keychain,
      sandbox: localSandbox(),
      tsaOverride,
      // No SIGNDOCK_TEAM_URL: the team saved in Settings → Team, if any (its password from the keychain).
      ...(team ? { team } : {}),
      ...(envKey ? { credentialsOverride: { apiKey: envKey, ...(envBaseUrl ? { baseUrl: envBaseUrl } : {}) } } : {}),
    });
    if (envKey) core.redactor.add(envKey);
    core.events.subscribe((message) => {
      if (message.event !== 'accounts.keyCheckRetry') return;
      const { seconds, throttled } = message.payload as { seconds: number; throttled: boolean };
      err(`The service is ${throttled ? 'busy' : 'not answering well'}, trying again in ${Math.max(1, seconds)} s…\n`);
    });
    const ctx: CliContext = { core, json, account: values.account, env: io.env, stdin: io.stdin, out, err, path: (p) => resolve(cwd, p) };
    const sub = args.find((a) => !a.startsWith('-'));
    const managesAccounts = name === 'accounts' || name === 'info' || (name === 'auth' && sub === 'login');
    if (!managesAccounts) await chooseAccount(ctx, Boolean(envKey));
    return await command.run(ctx, args);
  } catch (error) {
    return report(error, json, core, out, err);
  } finally {
    await core?.close();
  }
}

/**
 * The account of this run: `--account NAME` (an unknown name is a usage error listing the names), else the
 * environment's key and address, else the stored selection. The stored selection itself never changes.
 */
async function chooseAccount(ctx: CliContext, fromEnvironment: boolean): Promise<void> {
  const accounts = ctx.core.accounts;
  if (ctx.account) {
    accounts.useForThisRun(findAccount(ctx, ctx.account, (await accounts.state()).accounts).id);
  } else if (fromEnvironment) {
    accounts.useEnvironment();
  }
}

interface GlobalOptions {
  home: string | undefined;
  account: string | undefined;
  json: boolean;
  help: boolean;
  tsa: string | undefined;
  tsaCa: string[];
  /** The command and its own words and options, in order. */
  rest: string[];
}

/** Takes the global options out wherever they stand (`list --json` and `--json list` alike). */
export function splitGlobalOptions(argv: readonly string[]): GlobalOptions {
  const options: GlobalOptions = { home: undefined, account: undefined, json: false, help: false, tsa: undefined, tsaCa: [], rest: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--json') options.json = true;
    else if (flag === '--help' || flag === '-h') options.help = true;
    else if (flag === '--home' || flag === '--account' || flag === '--tsa' || flag === '--tsa-ca') {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined || value === '') throw new Error(`${flag} needs a value.`);
      if (flag === '--home') options.home = value;
      else if (flag === '--tsa') options.tsa = value;
      else if (flag === '--tsa-ca') options.tsaCa.push(value);
      else options.account = value;
    } else options.rest.push(arg);
  }
  return options;
}

function report(error: unknown, json: boolean, core: Core | undefined, out: (t: string) => void, err: (t: string) => void): number {
  if (error instanceof UsageError) {
    if (json) out(JSON.stringify({ error: { kind: 'InvalidInput', message: error.message } }) + '\n');
    err(`${error.message}\n`);
    return EXIT_USAGE;
  }
  const shape =
    error instanceof AppError
      ? error.toShape()
      : { kind: 'Internal' as const, message: `Something went wrong: ${error instanceof Error ? error.message : String(error)}` };
  const message = core ? core.redactor.redact(shape.message) : shape.message;
  if (json) out(JSON.stringify({ error: { ...shape, message } }) + '\n');
  const fields = shape.kind === 'InvalidInput' && 'fields' in shape && shape.fields ? Object.entries(shape.fields) : [];
  // The service's own words may be in the message: each printed as one value (no line of its own).
  err(
    `${terminalSafe(message)}\n${fields.map(([field, messages]) => `  ${terminalSafe(field)}: ${terminalSafe(messages.join(' '))}\n`).join('')}`,
  );
  return error instanceof AppError ? exitCodeFor(shape) : EXIT_FAILED;
}
