import { parseArgs } from 'node:util';
import { AppError } from '../../shared/contract/errors';
import { resolveDataFolder } from '../core/data-folder';
import { createCore, type Core } from '../core/host';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { readVersion } from '../core/version';
import { localSandbox } from '../demo/local-sandbox';
import { commands } from './commands/index';
import { EXIT_FAILED, EXIT_USAGE, exitCodeFor, UsageError, type CliContext } from './io';

const usage = `Usage: npm run -s cli -- [--home DIR] [--account NAME] [--json] <command>

Commands:
${Object.values(commands)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Options:
  --home DIR        data folder (default: SIGNDOCK_HOME or the OS application-data folder)
  --account NAME    the account to use (default: the selected one; "default" for auth login)
  --base-url URL    service address for auth login (default: SIGNDOCK_BASE_URL or https://connect.signatura.co)
  --json            print exactly one JSON document on stdout
Environment: SIGNDOCK_API_KEY and SIGNDOCK_BASE_URL give a key and address for one run, stored nowhere.
`;

export async function runCli(argv: string[], io: { stdin: NodeJS.ReadableStream; env: NodeJS.ProcessEnv }): Promise<number> {
  const out = (text: string) => process.stdout.write(text);
  const err = (text: string) => process.stderr.write(text);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        home: { type: 'string' },
        account: { type: 'string' },
        'base-url': { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  const [name, ...args] = positionals;
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
  const json = values.json;
  try {
    core = createCore({
      dataFolder: values.home ?? resolveDataFolder(io.env),
      hostKind: 'cli',
      version: readVersion(),
      secrets: new KeytarSecretStore(),
      sandbox: localSandbox(),
    });
    const envKey = io.env.SIGNDOCK_API_KEY?.trim();
    if (envKey) core.redactor.add(envKey);
    const ctx: CliContext = { core, json, account: values.account, env: io.env, stdin: io.stdin, out, err };
    return await command.run(ctx, args, { baseUrl: values['base-url'] });
  } catch (error) {
    return report(error, json, core, out, err);
  } finally {
    await core?.close();
  }
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
  err(`${message}\n${fields.map(([field, messages]) => `  ${field}: ${messages.join(' ')}\n`).join('')}`);
  return error instanceof AppError ? exitCodeFor(shape) : EXIT_FAILED;
}
