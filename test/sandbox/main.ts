// `npm run sandbox [-- --port N --demo --json --key K --state FILE --seed N --host H --control-token T --variant default|alt --verbose]`
// Starts the sandbox and prints its base URL, an API key, the control URL and the control token. With
// --json, stdout carries exactly one JSON line {"url","key","control","controlToken","tsaUrl","tsaCaFile"}; everything for
// humans goes to stderr.
import { parseArgs } from 'node:util';
import { startSandbox } from './start-sandbox';
import { resolveVariant } from './core/variant';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    demo: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    key: { type: 'string' },
    state: { type: 'string' },
    seed: { type: 'string' },
    'control-token': { type: 'string' },
    variant: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

if (values.help) {
  process.stderr.write(
    'Usage: npm run sandbox -- [--port N] [--host H] [--demo] [--json] [--key KEY] [--state FILE] [--seed N] [--control-token T] [--variant default|alt] [--verbose]\n',
  );
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`Invalid --port ${values.port ?? ''}\n`);
  process.exit(2);
}

let variant: ReturnType<typeof resolveVariant>;
try {
  variant = resolveVariant(values.variant === undefined ? undefined : (values.variant as 'default' | 'alt'));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(2);
}

const sandbox = await startSandbox({
  variant,
  port,
  host: values.host,
  demo: values.demo,
  ...(values.key ? { key: values.key } : {}),
  ...(values.state ? { stateFile: values.state } : {}),
  ...(values.seed ? { seed: Number(values.seed) } : {}),
  ...(values['control-token'] ? { controlToken: values['control-token'] } : {}),
  ...(values.verbose ? { log: (line: string) => process.stderr.write(`${line}\n`) } : {}),
});

const summary = {
  url: sandbox.url,
  key: sandbox.key,
  control: sandbox.control,
  controlToken: sandbox.controlToken,
  tsaUrl: sandbox.tsa.url,
  tsaCaFile: sandbox.tsa.caFile,
};
if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
process.stderr.write(
  [
    'SignDock sandbox: a local simulator of the e-signature service.',
    `  URL:     ${sandbox.url}`,
    `  API key: ${sandbox.key}`,
    `  Control: ${sandbox.control}`,
    `           (header x-sandbox-control-token: ${sandbox.controlToken})`,
    `  TSA:     ${sandbox.tsa.url} (RFC 3161; its CA: ${sandbox.tsa.caFile})`,
    variant === 'alt' ? '  Variant: alt (the other choices the interface allows; see test/sandbox/README.md)' : '',
    values.demo ? `  Demo:    ${sandbox.services.store.documents.size} documents, auto-sign on` : '',
    `Try: curl -H "Authorization: Bearer ${sandbox.key}" ${sandbox.url}/api/v2/documents`,
    'Stop with Ctrl+C.',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n') + '\n',
);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  void sandbox.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
