/** Rates of a batch from the sandbox's creation times (ms, oldest first), for the send bench. */

/**
 * The rate figures leave out the first 10 s of a batch, which a limiter that does not know the limit
 * yet spends finding it (the service publishes none: each 429 costs a Retry-After pause of a second);
 * the whole batch's rate and the first seconds are logged beside.
 */
export const LEARNING_MS = 10_000;
/** The sandbox's bucket for the rate figures. */
export const BURST = 5;

export /** Creates per second from the first one LEARNING_MS after the first create, to the last. */
function steady(createdAt: number[]): number {
  const start = (createdAt[0] ?? 0) + LEARNING_MS;
  const after = createdAt.filter((at) => at >= start);
  const seconds = ((after[after.length - 1] ?? Number.NaN) - (after[0] ?? Number.NaN)) / 1000;
  return (after.length - 1) / seconds;
}

export /** Creates per second from the (BURST+1)-th to the last: the bucket's first burst left out. */
function wholeBatch(createdAt: number[]): { rate: number; seconds: number } {
  const from = createdAt[BURST] ?? Number.NaN;
  const to = createdAt[createdAt.length - 1] ?? Number.NaN;
  const seconds = (to - from) / 1000;
  return { rate: (createdAt.length - 1 - BURST) / seconds, seconds };
}

export /** Creates in each of the first `seconds` seconds after the first create (the limiter learning the rate). */
function firstSeconds(createdAt: number[], seconds: number): number[] {
  const start = createdAt[0] ?? 0;
  const counts = Array.from({ length: seconds }, () => 0);
  for (const at of createdAt) {
    const slot = Math.floor((at - start) / 1000);
    if (slot < seconds) counts[slot] = (counts[slot] ?? 0) + 1;
  }
  return counts;
}

export /** Creates per second in each half minute after the first create (the last, partial one left out). */
function ratesByHalfMinute(createdAt: number[]): number[] {
  const start = createdAt[0] ?? 0;
  const counts: number[] = [];
  for (const at of createdAt) {
    const slot = Math.floor((at - start) / 30_000);
    counts[slot] = (counts[slot] ?? 0) + 1;
  }
  return Array.from(counts.slice(0, -1), (n) => (n ?? 0) / 30);
}
