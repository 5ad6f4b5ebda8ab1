import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../io';
import { tunnelSpecFrom } from './webhook-tunnel';

const USAGE = `Usage: webhook serve [--port N] [--tunnel ngrok|ssh://USER@HOST[:PORT]] [--remote-port N] [--public-url URL]
                     [--identity FILE] [--known-hosts FILE] [--domain NGROK_DOMAIN]
  ngrok's authtoken: the keychain (set in the app) or SIGNDOCK_NGROK_AUTHTOKEN.`;

/**
 * `webhook serve`: runs the listener and the sync worker until interrupted, printing first the URL to
 * paste in the service's console (`--json`: one line `{"url": ...}`, then nothing else on stdout).
 * With `--tunnel`, the URL is the tunnel's public one (with the secret path); the tunnel reconnects by
 * itself and its changes are told on stderr.
 */
export async function webhookCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        port: { type: 'string' },
        tunnel: { type: 'string' },
        'remote-port': { type: 'string' },
        'public-url': { type: 'string' },
        identity: { type: 'string' },
        'known-hosts': { type: 'string' },
        domain: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (sub !== 'serve') throw new UsageError(USAGE);
  const webhooks = ctx.core.spine.webhooks;
  if (
    values.tunnel === undefined &&
    (values['remote-port'] ?? values['public-url'] ?? values.identity ?? values['known-hosts'] ?? values.domain) !== undefined
  ) {
    throw new UsageError(`--remote-port, --public-url, --identity, --known-hosts and --domain go with --tunnel.\n${USAGE}`);
  }
  if (values.tunnel !== undefined) {
    const flags = {
      tunnel: values.tunnel,
      remotePort: values['remote-port'],
      publicUrl: values['public-url'],
      identity: values.identity,
      knownHosts: values['known-hosts'],
      domain: values.domain,
    };
    webhooks.overrideTunnel(tunnelSpecFrom(flags, ctx.env, ctx.path, webhooks.tunnelSettings.get()));
  }
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be a number from 0 to 65535.');
    const configured = await ctx.core.dispatch('webhooks.configure', { port });
    if (!configured.ok) throw new UsageError(configured.error.message);
  }
  const accountId = ctx.core.accounts.selectedId();
  if (!accountId) throw new UsageError('No account is set up yet. Sign in first: npm run -s cli -- auth login < key.txt');
  await ctx.core.startBackground();
  const state = webhooks.state(accountId);
  if (!state.listening) {
    ctx.err(`${state.error ?? 'The webhook listener did not start.'}\n`);
    return 1;
  }
  if (values.tunnel !== undefined) await webhooks.tunnel.start();
  else await webhooks.tunnel.whenSettled();
  const tunnel = webhooks.tunnel.status();
  if (tunnel.state !== 'off' && tunnel.state !== 'running') {
    const fix =
      tunnel.state === 'needsHostKeyConfirmation' && tunnel.hostKey
        ? ` If your administrator confirms ${tunnel.hostKey.fingerprint}, add the key to your known hosts: ssh-keyscan -p ${tunnel.hostKey.port} ${tunnel.hostKey.host} >> ~/.ssh/known_hosts (or pass --known-hosts FILE).`
        : '';
    ctx.err(`The tunnel did not open: ${tunnel.error?.message ?? tunnel.state}${fix}\n`);
    return 1;
  }
  const endpoint = webhooks.endpoint(accountId);
  const url = endpoint.hookUrl ?? endpoint.localHookUrl;
  if (ctx.json) ctx.out(JSON.stringify({ url }) + '\n');
  else {
    ctx.out(`${url}\n`);
    ctx.err(
      endpoint.hookUrl
        ? "Paste this URL in the service's console (API > Webhooks). Press Ctrl+C to stop.\n"
        : "This is the local address. The service must reach it from the internet: use --tunnel, or put a tunnel or reverse proxy in front and set its address with the app's Settings (webhooks.configure publicBaseUrl). Press Ctrl+C to stop.\n",
    );
  }
  const stopTelling = webhooks.tunnel.onChange(() => {
    const now = webhooks.tunnel.status();
    if (now.state === 'running') ctx.err('Tunnel open again.\n');
    else if (now.state === 'reconnecting')
      ctx.err(`Tunnel: ${now.error?.message ?? 'reconnecting'} (next try ${now.nextRetryAt ?? 'soon'})\n`);
    else if (now.state === 'failed') ctx.err(`Tunnel stopped: ${now.error?.message ?? ''}\n`);
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  stopTelling();
  ctx.err('Stopping: notifications already received are kept in the inbox.\n');
  return 0;
}
