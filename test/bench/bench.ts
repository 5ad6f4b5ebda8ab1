/** One measured figure beside its baseline and budget. */
export interface Figure {
  name: string;
  unit: string;
  value: number;
  baseline: { name: string; value: number };
  /** The budget, as text, and whether the figure meets it. */
  budget: { text: string; met: boolean };
  /** Higher is better (rates) or lower is better (times, memory): decides how the ratio reads. */
  better: 'higher' | 'lower';
}

export interface Bench {
  name: string;
  description: string;
  run(log: (line: string) => void): Promise<Figure[]>;
}

/** Milliseconds taken by `fn`, best of `repeat` runs after `warmup` unmeasured ones. */
export function timeBest(fn: () => void, repeat = 20, warmup = 3): number {
  for (let i = 0; i < warmup; i += 1) fn();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < repeat; i += 1) {
    const start = process.hrtime.bigint();
    fn();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}

/** The p-th percentile (0..100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
