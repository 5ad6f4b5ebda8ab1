/**
 * Reads a `Retry-After` header (RFC 9110 section 10.2.3): delay-seconds or an HTTP date.
 * Returns the wait in milliseconds from `nowMs` (never negative), or null when absent or unreadable.
 */
export function parseRetryAfter(header: string | string[] | undefined, nowMs: number): number | null {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  if (/^\d+\.\d+$/.test(value)) return Math.ceil(Number(value) * 1000);
  // Only a real date: `Date.parse` also accepts bare numbers such as "-1", which are not dates.
  if (!/[a-z]/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}
