/**
 * Where an archive's memory goes, for the `verify` bench and anyone chasing a peak: with
 * SIGNDOCK_MEMLOG=1 each step of a bag writes one line to stderr (resident set, JS heap, external and
 * ArrayBuffer bytes, in MB), and a 25 ms sampler keeps the highest resident set seen with the step
 * that was running and the breakdown at that moment, printed when the process exits. Off (free) otherwise.
 */
const enabled = process.env.SIGNDOCK_MEMLOG === '1';
const MB = 1024 * 1024;
let current = 'start';
let peak: { rss: number; line: string } = { rss: 0, line: '' };

function line(): { rss: number; text: string } {
  const m = process.memoryUsage();
  return {
    rss: m.rss,
    text: `rss ${(m.rss / MB).toFixed(0)} heap ${(m.heapUsed / MB).toFixed(0)}/${(m.heapTotal / MB).toFixed(0)} external ${(m.external / MB).toFixed(0)} arrayBuffers ${(m.arrayBuffers / MB).toFixed(0)}`,
  };
}

if (enabled) {
  const timer = setInterval(() => {
    const now = line();
    if (now.rss > peak.rss) peak = { rss: now.rss, line: `${now.text} during ${current}` };
  }, 25);
  timer.unref();
  process.on('exit', () => process.stderr.write(`[mem] peak ${peak.line}\n`));
}

/** Marks the step now running (and logs it) when SIGNDOCK_MEMLOG=1. */
export function memStep(step: string): void {
  if (!enabled) return;
  current = step;
  process.stderr.write(`[mem] ${step}: ${line().text}\n`);
}
