import { useEffect, useState } from 'react';

/**
 * The current time, renewed every `everyMs` (a second for a countdown, half a minute for "2 min ago");
 * `null` stops the ticking (a countdown with nothing to count).
 */
export function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (everyMs === null) return undefined;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
