// The webhook listener in a process of its own, as the app runs it and as the service reaches it from
// elsewhere: the real WebhookService (listener, group commit, inbox worker) on a SQLite file, one account
// whose path token is given, each document read answered after 50 ms as the service would (the app's
// reads go to the service at its rate limit, never thousands a second). Driven by listener-process.ts:
//   node --import tsx test/helpers/listener-main.ts --db FILE --token=TOKEN (a token may begin with "-")
// Prints {"ready":true,"hookUrl":…} once listening; then answers each JSON line on stdin with one line:
//   {"stats":true}       → {"stats":{"received":n},"cpu":{"user":µs,"system":µs},"commits":{"batches":…,"committed":…}}
//   {"tunnel":TunnelSpec} → {"tunnelUrl":…} once the tunnel is open (its SSH client runs in this process)
// SIGTERM stops it cleanly; the tests also SIGKILL it.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { openDatabase } from '../../electron/core/db/database';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { TunnelSpec } from '../../electron/core/webhooks/tunnel/tunnel-factory';
import { tokenSecretId } from '../../electron/core/webhooks/webhook-credentials';
import { WebhookService } from '../../electron/core/webhooks/webhook-service';

const LISTENER_ACCOUNT = 'listener-account';
/** A document read's round trip to the service. */
const READ_MS = 50;

const { values } = parseArgs({ options: { db: { type: 'string' }, token: { type: 'string' } } });
if (!values.db || !values.token) throw new Error('Give --db FILE --token TOKEN');

const db = openDatabase(values.db);
const accounts = new AccountsRepo(db);
if (!accounts.byId(LISTENER_ACCOUNT))
  accounts.insert({
    id: LISTENER_ACCOUNT,
    name: 'Listener',
    baseUrl: 'http://127.0.0.1:9',
    demo: false,
    createdAt: new Date().toISOString(),
  });
const secrets = new MemorySecretStore();
await secrets.set(tokenSecretId(LISTENER_ACCOUNT), values.token);
const service = new WebhookService({
  db,
  secrets,
  refresher: { refresh: () => new Promise((resolve) => setTimeout(() => resolve('unchanged'), READ_MS)) },
  accounts: () => [LISTENER_ACCOUNT],
  port: 0,
});
await service.start();
const say = (line: object) => process.stdout.write(`${JSON.stringify(line)}\n`);
say({ ready: true, hookUrl: service.endpoint(LISTENER_ACCOUNT).localHookUrl });

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as { stats?: true; tunnel?: TunnelSpec };
  if (command.tunnel) {
    service.overrideTunnel(command.tunnel);
    void service.tunnel
      .start()
      .then(() => say({ tunnelUrl: service.endpoint(LISTENER_ACCOUNT).hookUrl, error: service.tunnel.status().error?.message ?? null }));
  } else {
    say({ stats: service.stats(LISTENER_ACCOUNT), cpu: process.cpuUsage(), commits: service.commitCounters() });
  }
});

process.on('SIGTERM', () => {
  void service.stop().then(() => {
    db.close();
    process.exit(0);
  });
});
