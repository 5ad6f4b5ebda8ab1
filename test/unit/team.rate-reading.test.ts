import { describe, expect, it } from 'vitest';
import { lineOf, readRefusal, type Fit, type RateRow } from '../../electron/core/team/team-rate-reading';

/**
 * How the team's pace reads a 429 (team-rate-reading.ts), on rows as the store holds them: the points of
 * two runs of the team bench where the line through the rounds alone went wrong, and the anchor that
 * pins the bucket (issue 32).
 */

const bounds = { ceiling: 10_000, floor: 0.5 };

/** Decayed sums of points, oldest first (as `addPoint` makes them: each older one weighs 0.7 less). */
function fitOf(points: [number, number][]): Fit {
  return points.reduce<Fit>(
    (fit, [w, a]) => ({ n: fit.n * 0.7 + 1, w: fit.w * 0.7 + w, a: fit.a * 0.7 + a, ww: fit.ww * 0.7 + w * w, wa: fit.wa * 0.7 + w * a }),
    { n: 0, w: 0, a: 0, ww: 0, wa: 0 },
  );
}

const row = (over: Partial<RateRow>): RateRow => ({
  rate: 22,
  estimate: null,
  burst: null,
  phase: 'refine',
  granted: 100,
  roundFrom: 50,
  readUpto: 40,
  roundAt: 10_000,
  fit: fitOf([]),
  peak: 0,
  peakAt: 0,
  pausedUntil: 0,
  anchor: null,
  prev: null,
  ...over,
});

/** The row's new values after a 429 for slot `ordinal`, taken at `slotAt` (ms), read 10 ms later. */
const refuse = (over: Partial<RateRow>, ordinal: number, slotAt: number, bound: boolean) =>
  readRefusal(row(over), { ordinal, slotAt, bound, retryAfterMs: 1000 }, slotAt + 10, bounds);

describe('the team pace reading a 429', () => {
  it('a round begun with the bucket part empty no longer tilts the line above the rate: the anchor pins the bucket', () => {
    // Bench run (limit 20/s, bucket 5): a clean round at 22/s (1.909 s, 42 accepted) and one begun at a step (0.227 s, 5).
    const fit = fitOf([
      [1.909, 42.9],
      [0.227, 5.9],
    ]);
    const alone = lineOf(fit, bounds);
    expect(alone!.rate).toBeGreaterThan(21.5);
    // The team's first round: 11 accepted in 0.367 s from a full bucket.
    const pinned = lineOf(fit, bounds, { w: 0.367, a: 11.5 });
    expect(pinned!.rate).toBeGreaterThan(19);
    expect(pinned!.rate).toBeLessThan(21);
    expect(pinned!.burst).toBeGreaterThan(3);
  });

  it('one round far enough from the anchor is a line; one too close to it is not', () => {
    expect(lineOf(fitOf([[1.0, 24.9]]), bounds, { w: 0.03, a: 5.5 })!.rate).toBeCloseTo(20, 0);
    expect(lineOf(fitOf([[0.3, 10.75]]), bounds, { w: 0.03, a: 5.5 })).toBeNull();
  });

  it('the first round, not paced, becomes the anchor; a later 429 for a slot before its refused one takes one off', () => {
    const first = refuse({ rate: null, phase: 'slow', roundFrom: 1, readUpto: 0, roundAt: 10_000 }, 10, 10_040, false);
    expect(first.anchor).toEqual({ w: 0.04, a: 9.5, from: 1, to: 10, paced: false });
    const later = refuse({ rate: 9, phase: 'slow', roundFrom: 13, readUpto: 12, anchor: first.anchor! }, 7, 10_039, false);
    expect(later.anchor).toEqual({ w: 0.04, a: 8.5, from: 1, to: 10, paced: false });
    // A slot after the anchor's refused one says nothing about it.
    const after = refuse({ rate: 9, phase: 'slow', roundFrom: 13, readUpto: 12, anchor: first.anchor! }, 11, 10_041, false);
    expect(after.anchor).toBeUndefined();
    // A paced round of the search upwards, begun at a step from half the pace, is the better anchor.
    const paced = refuse({ rate: 28, phase: 'slow', roundFrom: 24, readUpto: 9, roundAt: 12_000, anchor: later.anchor! }, 38, 12_500, true);
    expect(paced.anchor).toEqual({ w: 0.5, a: 14.75, from: 24, to: 38, paced: true });
  });

  it('a round begun at a step is read from the round before when that shows a higher rate beside the anchor', () => {
    // 21/s for 2 s (the bucket emptying by 1/s), then 22.05/s: refused 0.227 s into the step.
    const next = refuse(
      {
        rate: 22.05,
        roundFrom: 150,
        readUpto: 100,
        roundAt: 12_000,
        prev: { from: 108, at: 10_000 },
        anchor: { w: 0.367, a: 11.5, from: 1, to: 12 },
      },
      155,
      12_227,
      true,
    );
    expect(next.estimate).toBeGreaterThan(19);
    expect(next.estimate).toBeLessThan(21);
    expect(next.phase).toBe('cruise');
    expect(next.prev).toBeNull();
  });

  it('refused again while refining with no line: the pace holds below the refused step instead of stepping into the next 429', () => {
    const next = refuse({ rate: 23.2, roundFrom: 282, readUpto: 234, roundAt: 20_000 }, 288, 20_080, true);
    expect(next.phase).toBe('cruise');
    expect(next.rate).toBeCloseTo(23.2 / 1.1, 5);
  });
});
