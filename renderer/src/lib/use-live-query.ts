import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useConnectionStore } from '../stores/connection-store';

export interface LiveQuery<T> {
  /** The answer for the current key (null until it arrives). */
  data: T | null;
  /** The newest answer for any key, to keep showing while a new key loads (e.g. the next page). */
  last: { key: string; data: T } | null;
  /** Why the newest load failed, or null. What was shown before stays in `data`. */
  error: unknown;
  /** No answer (nor error) yet for the current key. */
  loading: boolean;
  /** Loads again, keeping what is shown until the answer arrives. */
  reload(): void;
  /** Takes a value the host pushed (an event) as the newest answer. */
  apply(value: T): void;
  /**
   * For an action about to ask the host: answers a function that shows the action's answer, unless
   * something newer (an event sent while the answer travelled) was shown meanwhile.
   */
  track(): (value: T) => void;
}

interface Answer<T> {
  key: string;
  data: T | null;
  error: unknown;
}

/**
 * A host answer kept current: loaded for `key` (again whenever the key changes), replaced by what
 * `listen` hears, and re-read when the live connection comes back (events may have been missed).
 * Answers are applied in the order they were asked for, so a slow old answer never hides a newer one.
 */
export function useLiveQuery<T>(key: string, load: () => Promise<T>, listen?: (apply: (value: T) => void) => () => void): LiveQuery<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [last, setLast] = useState<{ key: string; data: T } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const tickets = useRef({ issued: 0, shown: 0, keyStart: 0, key: '' });
  const runLoad = useEffectEvent(load);
  const runListen = useEffectEvent((apply: (value: T) => void) => (listen ? listen(apply) : () => {}));

  const show = useCallback((forKey: string, ticket: number, data: T | null, error: unknown) => {
    const t = tickets.current;
    if (ticket < t.keyStart || ticket <= t.shown || forKey !== t.key) return;
    if (data !== null) t.shown = ticket;
    setAnswer((previous) => ({ key: forKey, data: data ?? (previous?.key === forKey ? previous.data : null), error }));
    if (data !== null) setLast({ key: forKey, data });
  }, []);

  useEffect(() => {
    const t = tickets.current;
    const ticket = ++t.issued;
    if (t.key !== key) {
      t.key = key;
      t.keyStart = ticket;
    }
    runLoad().then(
      (data) => show(key, ticket, data, null),
      (error: unknown) => show(key, ticket, null, error),
    );
  }, [key, attempt, show]);

  const apply = useCallback((value: T) => show(key, ++tickets.current.issued, value, null), [key, show]);
  const track = useCallback(() => {
    const ticket = ++tickets.current.issued;
    return (value: T) => show(key, ticket, value, null);
  }, [key, show]);

  useEffect(() => runListen(apply), [apply]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(
    () =>
      useConnectionStore.subscribe((now, before) => {
        if (now.state === 'open' && before.state !== 'open') reload();
      }),
    [reload],
  );

  const current = answer?.key === key ? answer : null;
  return {
    data: current?.data ?? null,
    last,
    error: current?.error ?? null,
    loading: current === null,
    reload,
    apply,
    track,
  };
}
