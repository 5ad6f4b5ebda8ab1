// Plain Node (no electron import): the app's `will-quit` handler, testable on its own.

/** How long quitting waits for the core to close (batches paused, listener and database closed). */
export const CLOSE_TIMEOUT_MS = 5_000;

export type CloseOutcome = 'closed' | 'timed-out' | 'failed';

/** Waits for `close`, at most `timeoutMs`; never rejects. */
export async function closeWithin(close: () => Promise<void>, timeoutMs: number): Promise<CloseOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CloseOutcome>((resolve) => {
    timer = setTimeout(() => resolve('timed-out'), timeoutMs);
  });
  const closing = Promise.resolve()
    .then(close)
    .then(
      () => 'closed' as const,
      () => 'failed' as const,
    );
  try {
    return await Promise.race([closing, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface QuitAfterCloseOptions {
  /** Closes the core (resolves once it is closed). */
  close: () => Promise<void>;
  /** Ends the process without emitting `will-quit` again (`app.exit`). */
  exit: (code: number) => void;
  timeoutMs?: number;
  /** Told when the core did not close cleanly in time (the app quits anyway). */
  warn?: (outcome: Exclude<CloseOutcome, 'closed'>) => void;
}

/**
 * A `will-quit` handler: the first call holds the quit (`preventDefault`), closes the core for at
 * most `timeoutMs`, then exits. Quitting again meanwhile is held too and waits for the same close.
 */
export function quitAfterClose(options: QuitAfterCloseOptions): (event: { preventDefault(): void }) => void {
  let closing: Promise<void> | null = null;
  return (event) => {
    event.preventDefault();
    closing ??= closeWithin(options.close, options.timeoutMs ?? CLOSE_TIMEOUT_MS).then((outcome) => {
      if (outcome !== 'closed') options.warn?.(outcome);
      options.exit(0);
    });
  };
}
