// A measured process for `npm run bench -- idle`: the app's core as the web host runs it (createCore,
// then startBackground: webhook listener and worker, full sync and re-read schedule of the selected
// account), on a data folder prepared by the bench, against the sandbox. Once the core reports idle
// (`core.whenIdle()`) it follows the idle protocol of idle-process.ts.
//   node --import tsx test/bench/idle-core.ts --home DIR --url URL --key KEY --seconds S
import { parseArgs } from 'node:util';
import { createCore } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { IDLE_ACCOUNT } from './idle-data';
import { idleWindow } from './idle-process';

const { values } = parseArgs({
  options: { home: { type: 'string' }, url: { type: 'string' }, key: { type: 'string' }, seconds: { type: 'string', default: '10' } },
});
if (!values.home || !values.url || !values.key) {
  process.stderr.write('Usage: idle-core.ts --home DIR --url URL --key KEY [--seconds S]\n');
  process.exit(2);
}

// The key stays in memory (no keychain on a bench machine); the account's address is the sandbox's.
const secrets = new MemorySecretStore();
await secrets.set(IDLE_ACCOUNT, values.key);
const core = createCore({ dataFolder: values.home, hostKind: 'web', version: 'bench', secrets });
const startedAt = performance.now();
await core.startBackground();
// The window opens when the core says it is idle (full sync over, inbox drained, no job, CPU settled).
const idle = await core.whenIdle();
const status = core.spine.status();
await idleWindow(Number(values.seconds), {
  documents: status.total,
  watching: status.watching,
  lastFullSync: status.lastFullSync,
  idleAfterStartMs: Math.round(performance.now() - startedAt),
  settlingMs: Math.round(idle.waitedMs),
  settlingCpuMs: Math.round(idle.cpuMs),
  settled: idle.settled,
});
await core.close();
