import { parseArgs } from 'node:util';
import { UsageError, type CliContext } from '../io';

/**
 * `webhook serve [--port N]`: runs the listener and the sync worker until interrupted, printing
 * first the URL to paste in the service's console (`--json`: one line `{"url": ...}`, then nothing
 * else on stdout).
 */
export async function webhookCommand(ctx: CliContext, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  let values;
  try {
    ({ values } = parseArgs({ args: rest, options: { port: { type: 'string' } } }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\nUsage: webhook serve [--port N]`);
  }
  if (sub !== 'serve') throw new UsageError('Usage: webhook serve [--port N]');
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be a number from 0 to 65535.');
    const configured = await ctx.core.dispatch('webhooks.configure', { port });
    if (!configured.ok) throw new UsageError(configured.error.message);
  }
  const accountId = ctx.core.accounts.selectedId();
  if (!accountId) throw new UsageError('No account is set up yet. Sign in first: npm run -s cli -- auth login < key.txt');
  await ctx.core.startBackground();
  const state = ctx.core.spine.webhooks.state(accountId);
  if (!state.listening) {
    ctx.err(`${state.error ?? 'The webhook listener did not start.'}\n`);
    return 1;
  }
  const endpoint = ctx.core.spine.webhooks.endpoint(accountId);
  const url = endpoint.hookUrl ?? endpoint.localHookUrl;
  if (ctx.json) ctx.out(JSON.stringify({ url }) + '\n');
  else {
    ctx.out(`${url}\n`);
    ctx.err(
      endpoint.hookUrl
        ? 'Paste this URL in the service\'s console (API > Webhooks). Press Ctrl+C to stop.\n'
        : 'This is the local address. The service must reach it from the internet: put a tunnel or reverse proxy in front and set its address with the app\'s Settings (webhooks.configure publicBaseUrl). Press Ctrl+C to stop.\n',
    );
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  ctx.err('Stopping: notifications already received are kept in the inbox.\n');
  return 0;
}
