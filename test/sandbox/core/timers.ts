/** setTimeout with bookkeeping, so that stopping the sandbox clears every pending timer. */
export class TimerSet {
  private readonly pending = new Set<NodeJS.Timeout>();
  private stopped = false;

  set(callback: () => void, ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(
      () => {
        this.pending.delete(timer);
        callback();
      },
      Math.max(0, ms),
    );
    this.pending.add(timer);
  }

  /** Resolves after `ms`, or never when the set is cleared first. */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => this.set(resolve, ms));
  }

  get size(): number {
    return this.pending.size;
  }

  clearAll(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }

  stop(): void {
    this.stopped = true;
    this.clearAll();
  }
}
