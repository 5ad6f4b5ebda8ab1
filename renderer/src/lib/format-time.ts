import { dateTimeFormat, numberFormat } from './intl-cache';

/** `iso` in the UI language with `options`; anything unreadable is shown as given. */
function format(iso: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat(language, options).format(date);
}

/** A date and time from the host (ISO 8601) in the UI language. */
export function formatDateTime(iso: string, language: string, options: { seconds?: boolean } = {}): string {
  return format(iso, language, { dateStyle: 'medium', timeStyle: options.seconds ? 'medium' : 'short' });
}

/** The date alone ("Nov 21, 2026"). */
export function formatDate(iso: string, language: string): string {
  return format(iso, language, { dateStyle: 'medium' });
}

/** The time of day alone ("09:01"). */
export function formatTime(iso: string, language: string): string {
  return format(iso, language, { timeStyle: 'short' });
}

/** A compact date and time for a table cell ("Nov 21, 09:01:07"); the full one goes in a tooltip. */
export function formatCompactDateTime(iso: string, language: string): string {
  return format(iso, language, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** A count with the UI language's digit grouping ("1,234" / "1234" / "12.345"). */
export function formatCount(value: number, language: string): string {
  return numberFormat(language).format(value);
}

/**
 * A long identifier cut for a table cell (the full one goes in a tooltip): its start and its end,
 * since ids made in the same minute (UUIDv7) share their first characters.
 */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 4)}…${id.slice(-6)}` : id;
}
