// A measured process for `npm run bench -- idle`: a second process following a batch another process
// sends (`send --resume` of the same batch, as a scheduled CLI run beside the app would). It resumes
// the batch, which another process owns, and once it follows it, it measures itself (idle-process.ts).
//   node --import tsx test/bench/idle-follower.ts --home DIR --batch ID --seconds S   (SIGNDOCK_API_KEY / SIGNDOCK_BASE_URL set)
import { parseArgs } from 'node:util';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { idleWindow } from './idle-process';

const { values } = parseArgs({
  options: { home: { type: 'string' }, batch: { type: 'string' }, seconds: { type: 'string', default: '10' } },
});
if (!values.home || !values.batch || !process.env.SIGNDOCK_API_KEY) {
  process.stderr.write('Usage: idle-follower.ts --home DIR --batch ID [--seconds S] with SIGNDOCK_API_KEY and SIGNDOCK_BASE_URL set\n');
  process.exit(2);
}
const core = createCore({
  dataFolder: values.home,
  hostKind: 'cli',
  version: 'bench',
  secrets: new MemorySecretStore(),
  credentialsOverride: {
    apiKey: process.env.SIGNDOCK_API_KEY,
    ...(process.env.SIGNDOCK_BASE_URL ? { baseUrl: process.env.SIGNDOCK_BASE_URL } : {}),
  },
});
core.accounts.useEnvironment();
const summary = core.batches.resume(values.batch);
if (!summary.owner || summary.owner.self) {
  process.stderr.write(`expected another process to own the batch; owner: ${JSON.stringify(summary.owner)}\n`);
  process.exit(1);
}
await idleWindow(Number(values.seconds), { following: summary.id, ownerPid: summary.owner.pid, state: summary.state });
process.stdout.write(`${JSON.stringify({ after: core.batches.summary(values.batch).progress.byState })}\n`);
await core.close();
process.exit(0);
