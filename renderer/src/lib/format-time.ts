/** A date and time from the host (ISO 8601) in the UI language; anything unreadable is shown as given. */
export function formatDateTime(iso: string, language: string, options: { seconds?: boolean } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' }).format(date);
}

/** A compact date and time for a table cell ("Nov 21, 09:01:07"); the full one goes in a tooltip. */
export function formatCompactDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

/** A count with the UI language's digit grouping ("1,234" / "1234" / "12.345"). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/**
 * A long identifier cut for a table cell (the full one goes in a tooltip): its start and its end,
 * since ids made in the same minute (UUIDv7) share their first characters.
 */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 4)}…${id.slice(-6)}` : id;
}
