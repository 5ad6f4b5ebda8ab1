import type { AppError } from '../../../shared/contract/errors';
import { isAppError } from '../../../shared/contract/errors';
import type { LearntRate } from '../api/learnt-rate';
import { backgroundQuietMs, type PaceSlot, type PaceYield, type Priority, type SharedPace } from '../api/limiter-options';
import type { Logger } from '../logging/logger';
import { readRefusal, type PaceBounds, type RateRow } from './team-rate-reading';
import type { TeamStore } from './team-store';
import { teamWaits } from './team-words';

/**
 * The team's pace against the service's rate limit (issue 32): the computers of a team on one account
 * share one budget, so each request of any computer first takes the next slot of the account's row in
 * `signdock.rate_limits` — one UPDATE … RETURNING, timed by the store's clock (`clock_timestamp()`):
 * the slot is the later of the next free one (`tat`), the end of a pause and now; `tat` moves on by one
 * interval of the team's pace. The pace grows while the team waits on it, as one computer's limiter
 * does (doubling every 250 ms before any estimate; after one, held, then probing upwards), so the
 * team's requests together go at the learnt rate, evenly. A background request (the mirror's re-reads)
 * of any computer yields while another request of the team went within the quiet time (`normal_at`), as
 * on one computer: a computer done with its batch, its re-reads due, does not take the turns of one still
 * sending (two such took two thirds of its slots: the bench's tail at a third of the pace).
 *
 * A 429 met by any computer is reported here: the gate closes for every computer until its Retry-After
 * (`paused_until`, in every next slot), and the first 429 of a round is read into the pace
 * (`team-rate-reading.ts`) under the row's lock. The row starts from what this computer learnt in
 * earlier runs (`seed`), unless the team already knows better. The store failing, `take` rejects in
 * words (the limiter fails the request at once, and refuses the next ones for a while without asking).
 */

/** The pace's bounds: one computer's (`LimiterOptions`): none above, half a request per second below. */
const defaultBounds: PaceBounds = { ceiling: 10_000, floor: 0.5 };
/** A slot whose round trip takes longer than this is said in the log (debug). */
const slowTakeMs = 50;
/** After an estimate the pace is this much of it (as one computer's limiter). */
const margin = 0.99;

interface TakeRow {
  ordinal: string;
  slot_at: number;
  wait_ms: number;
  bound: boolean;
  rate: number | null;
  estimate: number | null;
  burst: number | null;
}

/**
 * The next slot. The pace grows in steps, by phase, from `base` with the time the team spent waiting
 * on it (`bound_ms`): before any estimate it doubles every second; after a refusal with too few rounds
 * for a line, it holds a second and then grows by 5 % every second (the bucket the step before emptied,
 * when it was past the rate, is then at most a twentieth of the rate); once learnt, it holds a minute
 * and then grows by 2 % every 5 s. Within a step the pace is constant, so a refusal in it is a clean
 * point for the reading (team-rate-reading.ts): a round starts at each step, after each pause, and when
 * no slot was taken for a second (the service's bucket is full again).
 */
const take = `
  WITH c AS (SELECT clock_timestamp() AS now),
  o AS (
    SELECT r.account, r.rate, r.phase, r.base, r.tat, r.paused_until, c.now,
      (r.rate IS NOT NULL AND r.tat > c.now AND r.tat > r.paused_until) AS bound,
      r.bound_ms + CASE WHEN r.rate IS NOT NULL AND r.tat > c.now AND r.tat > r.paused_until
        THEN LEAST(1000, GREATEST(0, extract(epoch FROM c.now - r.taken_at) * 1000)) ELSE 0 END AS bound_ms,
      (r.tat < c.now - interval '1 second' AND r.paused_until < c.now - interval '1 second') AS idle
    FROM signdock.rate_limits r, c WHERE r.account = $1 FOR UPDATE OF r
  ),
  n AS (
    SELECT o.*, GREATEST(o.tat, o.paused_until, o.now) AS slot,
      CASE WHEN o.rate IS NULL THEN NULL ELSE LEAST($2::float8, CASE o.phase
        WHEN 'slow' THEN o.base * power(2, LEAST(floor(o.bound_ms / 1000), 20))
        WHEN 'refine' THEN o.base * power(1.05, LEAST(floor(GREATEST(0, o.bound_ms - 1000) / 1000), 60))
        ELSE o.base * (1 + 0.02 * floor(GREATEST(0, o.bound_ms - 60000) / 5000)) END) END AS pace
    FROM o
  ),
  s AS (SELECT n.*, (n.idle OR n.pace IS DISTINCT FROM n.rate) AS fresh FROM n)
  UPDATE signdock.rate_limits r SET
    rate = n.pace, bound_ms = n.bound_ms, taken_at = n.now, updated_at = n.now,
    tat = CASE WHEN n.pace IS NULL THEN n.slot ELSE n.slot + make_interval(secs => 1 / n.pace) END,
    granted = r.granted + 1, normal_at = CASE WHEN $3::boolean THEN r.normal_at ELSE n.slot END,
    round_from = CASE WHEN n.fresh THEN r.granted + 1 ELSE r.round_from END,
    round_at = CASE WHEN n.fresh OR r.granted + 1 = r.round_from THEN n.slot ELSE r.round_at END,
    prev_from = CASE WHEN n.idle THEN NULL WHEN n.fresh THEN r.round_from ELSE r.prev_from END,
    prev_at = CASE WHEN n.idle THEN NULL WHEN n.fresh THEN r.round_at ELSE r.prev_at END
  FROM s AS n WHERE r.account = n.account
  RETURNING r.granted AS ordinal, extract(epoch FROM n.slot) * 1000 AS slot_at,
    extract(epoch FROM n.slot - n.now) * 1000 AS wait_ms, n.bound, r.rate, r.estimate, r.burst`;

/**
 * How long a background request yields ($2: the quiet time, ms): until the team's last other slot is that
 * long past (or two intervals of the pace, when longer); 0 or less: it takes its slot.
 */
const yieldOf = `
  SELECT extract(epoch FROM normal_at) * 1000 + GREATEST($2::float8, 2000 / COALESCE(rate, 'infinity'))
    - extract(epoch FROM clock_timestamp()) * 1000 AS yield_ms
  FROM signdock.rate_limits WHERE account = $1`;

/** The row, made with what this computer learnt before; a row not learnt yet takes it too. */
const seedRow = `
  INSERT INTO signdock.rate_limits (account, rate, base, estimate, burst, phase, peak, peak_at)
  VALUES ($1, $2::float8, $2::float8, $3::float8, $4::float8, $5, COALESCE($3::float8, 0), clock_timestamp())
  ON CONFLICT (account) DO UPDATE SET rate = EXCLUDED.rate, base = EXCLUDED.base, estimate = EXCLUDED.estimate,
    burst = EXCLUDED.burst, phase = EXCLUDED.phase, bound_ms = 0, peak = EXCLUDED.peak, peak_at = EXCLUDED.peak_at
  WHERE signdock.rate_limits.estimate IS NULL AND EXCLUDED.estimate IS NOT NULL`;

export interface TeamRateDeps {
  store: TeamStore;
  /** How the team store names a local account (team-wiring.ts). */
  accountKey: (accountId: string) => Promise<string>;
  logger?: Logger;
  bounds?: PaceBounds;
}

export class TeamRate {
  private readonly bounds: PaceBounds;
  /** The accounts whose row this process made sure of (with its seed). */
  private readonly seeded = new Set<string>();

  constructor(private readonly deps: TeamRateDeps) {
    this.bounds = deps.bounds ?? defaultBounds;
  }

  /** The shared pace of one local account, for its limiter. */
  pace(accountId: string): SharedPace {
    return {
      take: (seed, priority) => this.take(accountId, seed, priority ?? 'normal'),
      refused: (slot, retryAfterMs) => {
        this.refused(accountId, slot, retryAfterMs).catch((error: unknown) =>
          this.deps.logger?.log('warn', 'team: a 429 could not be told to the team store', {
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      },
    };
  }

  /**
   * The next slot, or for a background request a yield while the team's other requests go; the store
   * failing, its words as sending says them ("Team store unreachable — … wait: …").
   */
  take(accountId: string, seed: LearntRate | null, priority?: 'normal'): Promise<PaceSlot>;
  take(accountId: string, seed: LearntRate | null, priority: Priority): Promise<PaceSlot | PaceYield>;
  async take(accountId: string, seed: LearntRate | null, priority: Priority = 'normal'): Promise<PaceSlot | PaceYield> {
    const account = await this.deps.accountKey(accountId);
    try {
      return await this.slot(account, seed, priority === 'background');
    } catch (error) {
      throw isAppError(error) ? teamWaits(error as AppError) : error;
    }
  }

  private async slot(account: string, seed: LearntRate | null, background: boolean): Promise<PaceSlot | PaceYield> {
    if (!this.seeded.has(account)) {
      const rate = seed ? this.clamp(margin * seed.rate) : null;
      await this.deps.store.query(seedRow, [account, rate, seed?.rate ?? null, seed?.burst ?? null, seed ? 'cruise' : 'slow']);
      this.seeded.add(account);
    }
    if (background) {
      const quiet = (await this.deps.store.query<{ yield_ms: number | string | null }>(yieldOf, [account, backgroundQuietMs])).rows[0];
      const yieldMs = Number(quiet?.yield_ms ?? 0);
      if (yieldMs > 0) return { yieldMs };
    }
    const asked = performance.now();
    const row = (await this.deps.store.query<TakeRow>(take, [account, this.bounds.ceiling, background])).rows[0];
    const tookMs = performance.now() - asked;
    if (tookMs > slowTakeMs) this.deps.logger?.log('debug', 'team: a slot of the pace took long to take', { ms: Math.round(tookMs) });
    if (!row) {
      // The row went (an administrator cleared it): made again at the next take.
      this.seeded.delete(account);
      return this.slot(account, seed, background);
    }
    return {
      waitMs: Math.max(0, Number(row.wait_ms)),
      ordinal: Number(row.ordinal),
      slotAt: Number(row.slot_at),
      bound: row.bound,
      pace: row.rate ?? Number.POSITIVE_INFINITY,
      learnt: row.estimate !== null && row.burst !== null ? { rate: row.estimate, burst: Math.max(1, Math.round(row.burst)) } : null,
    };
  }

  /** A 429 for `slot`: the gate closed for every computer, and the first of its round read into the pace. */
  async refused(accountId: string, slot: PaceSlot, retryAfterMs: number | null): Promise<void> {
    const account = await this.deps.accountKey(accountId);
    await this.deps.store.transaction(async (query) => {
      const found = await query(
        `SELECT rate, estimate, burst, phase, granted, round_from, read_upto, fit_n, fit_w, fit_a, fit_ww, fit_wa, peak, anchor, prev_from,
           extract(epoch FROM prev_at) * 1000 AS prev_at,
           extract(epoch FROM round_at) * 1000 AS round_at, extract(epoch FROM peak_at) * 1000 AS peak_at,
           extract(epoch FROM paused_until) * 1000 AS paused_until, extract(epoch FROM clock_timestamp()) * 1000 AS now
         FROM signdock.rate_limits WHERE account = $1 FOR UPDATE`,
        [account],
      );
      const raw = found.rows[0] as Record<string, unknown> | undefined;
      if (!raw) return;
      const num = (value: unknown) => (value === null ? null : Number(value));
      const finite = (value: unknown, otherwise: number) => (Number.isFinite(Number(value)) ? Number(value) : otherwise);
      const row: RateRow = {
        rate: num(raw.rate),
        estimate: num(raw.estimate),
        burst: num(raw.burst),
        phase: raw.phase as RateRow['phase'],
        granted: Number(raw.granted),
        roundFrom: Number(raw.round_from),
        readUpto: Number(raw.read_upto),
        roundAt: finite(raw.round_at, 0),
        fit: { n: Number(raw.fit_n), w: Number(raw.fit_w), a: Number(raw.fit_a), ww: Number(raw.fit_ww), wa: Number(raw.fit_wa) },
        peak: Number(raw.peak),
        peakAt: finite(raw.peak_at, 0),
        pausedUntil: finite(raw.paused_until, 0),
        anchor: (raw.anchor as RateRow['anchor']) ?? null,
        prev: raw.prev_from === null || raw.prev_at === null ? null : { from: Number(raw.prev_from), at: Number(raw.prev_at) },
      };
      const now = Number(raw.now);
      const next = readRefusal(row, { ordinal: slot.ordinal, slotAt: slot.slotAt, bound: slot.bound, retryAfterMs }, now, this.bounds);
      await query(
        `UPDATE signdock.rate_limits SET
           paused_until = to_timestamp($2 / 1000.0),
           round_from = COALESCE($3, round_from), read_upto = GREATEST(read_upto, COALESCE($3 - 1, 0)), round_at = COALESCE(to_timestamp($4 / 1000.0), round_at),
           rate = COALESCE($5, rate), base = COALESCE($5, base), phase = COALESCE($6, phase),
           bound_ms = CASE WHEN $5::float8 IS NULL THEN bound_ms ELSE 0 END,
           estimate = COALESCE($7, estimate), burst = COALESCE($8, burst),
           fit_n = COALESCE($9, fit_n), fit_w = COALESCE($10, fit_w), fit_a = COALESCE($11, fit_a),
           fit_ww = COALESCE($12, fit_ww), fit_wa = COALESCE($13, fit_wa),
           peak = COALESCE($14, peak), peak_at = COALESCE(to_timestamp($15 / 1000.0), peak_at),
           anchor = COALESCE($16::jsonb, anchor), updated_at = clock_timestamp(),
           prev_from = CASE WHEN $3::bigint IS NULL THEN prev_from END, prev_at = CASE WHEN $3::bigint IS NULL THEN prev_at END
         WHERE account = $1`,
        [
          account,
          next.pausedUntil,
          next.roundFrom ?? null,
          next.roundAt ?? null,
          next.rate ?? null,
          next.phase ?? null,
          next.estimate ?? null,
          next.burst ?? null,
          next.fit?.n ?? null,
          next.fit?.w ?? null,
          next.fit?.a ?? null,
          next.fit?.ww ?? null,
          next.fit?.wa ?? null,
          next.peak ?? null,
          next.peakAt ?? null,
          next.anchor ? JSON.stringify(next.anchor) : null,
        ],
      );
      this.deps.logger?.log('info', 'team: a 429 read', {
        row,
        refusal: { ordinal: slot.ordinal, slotAt: slot.slotAt, bound: slot.bound, retryAfterMs },
        now,
        next,
      });
      if (next.estimate !== undefined)
        this.deps.logger?.log('info', 'team: the service rate limit, as the team learnt it', { rate: next.estimate, pace: next.rate });
    });
  }

  private clamp(pace: number): number {
    return Math.min(this.bounds.ceiling, Math.max(this.bounds.floor, pace));
  }
}
