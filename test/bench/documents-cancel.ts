import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../electron/core/db/database';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { inParallel, startSandboxProcess } from '../integration/fixtures/webhook-helpers';

type Log = (line: string) => void;

/** The sandbox's limit: requests per second and bucket, as the send bench. */
export const CANCEL_RATE = 20;
const BURST = 5;
const OURS = 1000;
const NAIVE = 300;
/** The first seconds, which the limiter spends finding the limit (the service publishes none), are left out of the rate. */
const LEARNING_MS = 10_000;

export interface CancelSide {
  /** Cancels per second after the learning window, and over the whole run. */
  rate: number;
  wholeRate: number;
  cancelled: number;
  status429: number;
}

/**
 * A bulk cancel of 1,000 documents by SignDock's real CLI (`cancel --from-file`, one job, its own
 * process, on environment credentials) against the sandbox in its own process, limited to
 * CANCEL_RATE requests/s; the rate from the job's own record (each item's finish time). Baseline in
 * the same run: a naive loop cancelling 300 other documents one request at a time, waiting out each
 * 429's Retry-After. Both checked against the sandbox: every document cancelled, no 400 (none twice).
 */
export async function measureBulkCancel(log: Log): Promise<{ ours: CancelSide; naive: CancelSide }> {
  const sandbox = await startSandboxProcess(17);
  const home = tempFolder('signdock-bench-cancel-');
  try {
    const { control } = sandbox;
    await control.setAutoSign({ enabled: false });
    const seed = (prefix: string, n: number) =>
      inParallel(
        Array.from({ length: n }, (_, i) => i),
        8,
        async (i) =>
          (
            await control.createDocument({
              title: `${prefix} ${i + 1}`,
              signatures: [{ validations: { EM: `tenant${i}@example.com` }, invite_channel: ['EM'] }],
            })
          ).id as string,
      );
    const ours = await seed('Bench cancel', OURS);
    const naive = await seed('Naive cancel', NAIVE);
    const env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
    const sync = await runCli(['--home', home.path, 'sync'], { env });
    if (sync.code !== 0) throw new Error(`cancel bench: sync failed: ${sync.stderr}`);
    const list = join(home.path, 'ids.txt');
    writeFileSync(list, ours.join('\n'));

    await control.setRateLimit({ enabled: true, rate: CANCEL_RATE, burst: BURST, retry_after: 'seconds' });
    const before = await control.stats();
    const run = await runCli(['--home', home.path, '--json', 'cancel', '--from-file', list, '--reason', 'Bench'], { env });
    if (run.code !== 0) throw new Error(`cancel bench: the CLI answered ${run.code}: ${run.stderr.slice(-2000)}`);
    const afterOurs = await control.stats();
    const db = openDatabase(join(home.path, 'signdock.db'));
    const finished = (
      db
        .prepare(
          "SELECT i.finished_at FROM job_items i JOIN jobs j ON j.id = i.job_id WHERE j.kind = 'cancel' AND i.state = 'done' ORDER BY i.finished_at",
        )
        .pluck()
        .all() as number[]
    ).filter(Boolean);
    db.close();
    const oursSide = side(finished, afterOurs.status_429 - before.status_429);

    const times: number[] = [];
    let naive429 = 0;
    for (const id of naive) {
      for (;;) {
        const response = await fetch(`${sandbox.url}/api/v2/documents/${id}/cancel`, {
          method: 'PATCH',
          headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ cancel_reason: 'Bench' }),
        });
        await response.arrayBuffer();
        if (response.status === 429) {
          naive429 += 1;
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
          continue;
        }
        if (response.status !== 200) throw new Error(`cancel bench: the naive loop got ${response.status}`);
        times.push(Date.now());
        break;
      }
    }
    const naiveSide = side(times, naive429);

    const state = await control.state();
    const cancelled = new Set(state.documents.filter((d) => d.status === 'CA').map((d) => String(d.id)));
    const missing = [...ours, ...naive].filter((id) => !cancelled.has(id)).length;
    const stats = await control.stats();
    log(
      `bulk cancel: the sandbox allows ${CANCEL_RATE} requests/s (bucket ${BURST}, Retry-After in seconds); rates after the first ${LEARNING_MS / 1000} s`,
    );
    log(
      `  SignDock CLI, ${OURS} documents: ${oursSide.cancelled} cancelled, ${oursSide.rate.toFixed(1)}/s (whole run ${oursSide.wholeRate.toFixed(1)}/s), ${oursSide.status429} answers 429`,
    );
    log(
      `  naive sequential loop, ${NAIVE} documents: ${naiveSide.rate.toFixed(1)}/s (whole run ${naiveSide.wholeRate.toFixed(1)}/s), ${naiveSide.status429} answers 429`,
    );
    log(
      `  sandbox: ${missing} of ${OURS + NAIVE} not cancelled; ${stats.requests.by_status['400'] ?? 0} answers 400 (a cancel sent twice)`,
    );
    if (missing > 0 || (stats.requests.by_status['400'] ?? 0) > 0)
      throw new Error('cancel bench: documents left uncancelled or a cancel sent twice');
    return { ours: oursSide, naive: naiveSide };
  } finally {
    await sandbox.stop();
    home.remove();
  }
}

function side(finishedAt: number[], status429: number): CancelSide {
  const first = finishedAt[0] ?? 0;
  const last = finishedAt[finishedAt.length - 1] ?? 0;
  const steady = finishedAt.filter((t) => t >= first + LEARNING_MS);
  const steadyStart = steady[0] ?? last;
  return {
    rate: steady.length > 1 ? ((steady.length - 1) * 1000) / (last - steadyStart) : Number.NaN,
    wholeRate: finishedAt.length > 1 ? ((finishedAt.length - 1) * 1000) / (last - first) : Number.NaN,
    cancelled: finishedAt.length,
    status429,
  };
}
