import type { Clock } from './clock';
import type { LearntRate } from './learnt-rate';
import type { PaceSlot, PaceYield, Priority, SharedPace } from './limiter-options';

/** After the shared pace failed, how long requests are refused with its words before it is asked again. */
const sharedDownMs = 2_000;

/**
 * The limiter's side of a pace shared by the computers of a team (`SharedPace`, `../team/team-rate.ts`):
 * the next slot, waited for; the team's pace and learnt rate as the last slot said them (a changed rate
 * handed to `onLearnt`, to keep for the next run). The shared pace failing (the store unreachable), it is
 * not asked again for `sharedDownMs` (`reachable` false): meanwhile the limiter paces on this computer's
 * own rate — reads go on (the mirror stays fresh, notifications are re-read) while sending waits on its
 * claims, which need the store anyway. Nothing waits on a store that does not answer, nothing spins.
 */
export class SharedSlots {
  pace = Number.POSITIVE_INFINITY;
  learnt: LearntRate | null = null;
  private down: { error: unknown; until: number } | null = null;

  constructor(
    private readonly shared: SharedPace,
    private readonly seed: LearntRate | null,
    private readonly clock: Clock,
    private readonly onLearnt?: (learnt: LearntRate) => void,
  ) {}

  /** Whether the shared pace may be asked now (it did not just fail). */
  get reachable(): boolean {
    return !this.down || this.clock.now() >= this.down.until;
  }

  /** The next slot once its time has come, a background request's yield, or the failure (the limiter then paces on its own). */
  async next(priority: Priority): Promise<{ slot: PaceSlot } | PaceYield | { error: unknown }> {
    if (!this.reachable) return { error: this.down?.error };
    try {
      const slot = await this.shared.take(this.seed, priority);
      this.down = null;
      if ('yieldMs' in slot) return slot;
      this.pace = slot.pace;
      if (slot.learnt && slot.learnt.rate !== this.learnt?.rate) this.onLearnt?.(slot.learnt);
      this.learnt = slot.learnt;
      if (slot.waitMs > 0) await this.clock.sleep(slot.waitMs);
      return { slot };
    } catch (error) {
      this.down = { error, until: this.clock.now() + sharedDownMs };
      return { error };
    }
  }

  /** The request of `slot` was refused (429). */
  refused(slot: PaceSlot, retryAfterMs: number | null): void {
    this.shared.refused(slot, retryAfterMs);
  }
}
