/** Time source of the sandbox. Everything that stamps or compares times (signing dates, reminders,
 * the rate limiter's refill) reads it, so tests can move time forward without waiting. Timers that
 * only pace work (webhook retries, auto-sign, faults) run on real time. */
export interface SandboxClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Moves the clock forward; used by the control API's `POST /clock/advance`. */
  advance?(ms: number): void;
}

/** Real time plus an offset that `advance` grows. The default clock. */
export class SystemClock implements SandboxClock {
  private offset = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}

/** A clock that stands still until told to move. */
export class ManualClock implements SandboxClock {
  private current: number;

  constructor(start: number | Date = Date.UTC(2025, 0, 15, 9, 0, 0)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  set(time: number | Date): void {
    this.current = typeof time === 'number' ? time : time.getTime();
  }
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
