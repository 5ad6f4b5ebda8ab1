export interface Throttled {
  /** Asks for a run: at once if the last one is old enough, else once at the end of the interval. */
  call(): void;
  /** Drops a run still waiting. */
  cancel(): void;
}

/**
 * At most one run of `action` per `intervalMs`, and never a lost request: a burst of calls gives one
 * run at once and one more at the end of the interval (leading and trailing edges).
 */
export function throttle(action: () => void, intervalMs: number, now: () => number = Date.now): Throttled {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = now();
    action();
  };
  return {
    call() {
      if (timer !== undefined) return;
      const wait = last + intervalMs - now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
