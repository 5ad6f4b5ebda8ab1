import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs` (typing in a search box asks for one search after a
 * pause, not one per key). The first value is taken at once; a delay of 0 takes the next one on the
 * next turn of the event loop.
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
