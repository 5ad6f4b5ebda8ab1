import { spawn } from 'node:child_process';
import { writePdfs } from '../helpers/pdf-batch';
import { tempFolder } from '../helpers/temp-folder';
import { startSandboxProcess } from '../integration/fixtures/webhook-helpers';
import type { Bench, Figure } from './bench';
import { prepareIdleDataFolder } from './idle-data';
import { bareNode, runIdle, type IdleProcess } from './idle-process';

const SECONDS = 10;
const DOCUMENTS = 10_000;

type Sandbox = Awaited<ReturnType<typeof startSandboxProcess>>;

/** One measured figure: a process that should be idle, started and settled by `start`. */
interface IdleCase {
  name: string;
  /** CPU seconds over the window. */
  budgetSeconds: number;
  /** Starts the process(es) of the case; `measured` follows the idle protocol (idle-process.ts). */
  start(sandbox: Sandbox, log: (line: string) => void): Promise<{ measured: IdleProcess; stop(): Promise<void> }>;
}

const idleApp: IdleCase = {
  name: `CPU time of an idle app core over ${SECONDS} s from when it reports idle, ${DOCUMENTS.toLocaleString('en')} documents in the mirror`,
  budgetSeconds: 0.05,
  async start(sandbox, log) {
    const home = tempFolder('signdock-bench-idle-');
    prepareIdleDataFolder(home.path, sandbox.url, DOCUMENTS);
    log(`data folder with ${DOCUMENTS.toLocaleString('en')} documents ready; starting the core (createCore + startBackground)`);
    const measured = runIdle([
      '--import',
      'tsx',
      'test/bench/idle-core.ts',
      '--home',
      home.path,
      '--url',
      sandbox.url,
      '--key',
      sandbox.key,
      '--seconds',
      String(SECONDS),
    ]);
    return {
      measured,
      stop: async () => {
        measured.kill();
        home.remove();
      },
    };
  },
};

/**
 * A process following another's batch: the CLI sends 60 one-page PDFs, one at a time, against the
 * sandbox made slow (600 ms per create, so the batch lasts longer than the window); once it is sending,
 * a second process resumes the same batch, finds it owned, and follows it (idle-follower.ts).
 */
const follower: IdleCase = {
  name: `CPU time of a process following another's batch over ${SECONDS} s`,
  budgetSeconds: 0.2,
  async start(sandbox, log) {
    const home = tempFolder('signdock-bench-follow-');
    const files = tempFolder('signdock-bench-follow-files-');
    await writePdfs(files.path, 60, 'follow');
    await sandbox.control.setFaults({ latency_ms: 600, operations: ['create'] });
    const env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
    const owner = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'electron/cli/main.ts',
        '--home',
        home.path,
        'send',
        files.path,
        '--signer',
        'EM=bench@example.com',
        '--concurrency',
        '1',
      ],
      {
        cwd: process.cwd(),
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    const batchId = await new Promise<string>((resolve, reject) => {
      owner.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const id = /Batch ([0-9a-f-]{36})/.exec(stderr)?.[1];
        if (id && /Sent [1-9]/.test(stderr)) resolve(id);
      });
      owner.once('exit', () => reject(new Error(`the sending CLI ended first: ${stderr.slice(-1000)}`)));
    });
    log(`owner (PID ${owner.pid}) is sending batch ${batchId}; starting the follower`);
    const measured = runIdle(
      ['--import', 'tsx', 'test/bench/idle-follower.ts', '--home', home.path, '--batch', batchId, '--seconds', String(SECONDS)],
      env,
    );
    return {
      measured,
      stop: async () => {
        measured.kill();
        owner.kill('SIGKILL');
        await sandbox.control.setFaults({ latency_ms: 0 });
        home.remove();
        files.remove();
      },
    };
  },
};

/** The cases, each measured beside a bare `node -e` idling for the same window in the same run. */
const cases: IdleCase[] = [idleApp, follower];

/**
 * Idle costs nothing: the CPU time (user + system, every thread, `process.cpuUsage()` of the
 * process itself) of a process that has nothing to do, over SECONDS, against a bare Node process
 * idling over the same window. The sandbox runs in its own process: its CPU is not counted.
 */
export const idleBench: Bench = {
  name: 'idle',
  description: cases.map((c) => c.name).join('; '),
  async run(log) {
    const sandbox = await startSandboxProcess(12);
    const figures: Figure[] = [];
    try {
      for (const idleCase of cases) {
        const run = await idleCase.start(sandbox, log);
        try {
          const ready = await run.measured.ready;
          log(`idle from: ${JSON.stringify(ready)}`);
          const baseline = bareNode(SECONDS);
          const [ours, bare] = await Promise.all([run.measured.report, baseline.report]);
          log(`measured over ${ours.seconds.toFixed(1)} s, CPU ms per second: ${ours.slices.join(' ')}`);
          log(`baseline over ${bare.seconds.toFixed(1)} s, CPU ms per second: ${bare.slices.join(' ')}`);
          figures.push({
            name: idleCase.name,
            unit: 's',
            value: ours.cpuSeconds,
            baseline: { name: `bare node -e idling ${SECONDS} s`, value: bare.cpuSeconds },
            budget: { text: `< ${idleCase.budgetSeconds} s`, met: ours.cpuSeconds < idleCase.budgetSeconds },
            better: 'lower',
          });
        } finally {
          await run.stop();
        }
      }
    } finally {
      await sandbox.stop();
    }
    return figures;
  },
};
