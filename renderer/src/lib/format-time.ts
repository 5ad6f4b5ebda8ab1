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

/** A day in the UI language's numbers ("23/11/2026" in Spanish, "11/23/2026" in English), the way date fields read. */
export function formatNumericDate(iso: string, language: string): string {
  return format(iso, language, { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** A local day `YYYY-MM-DD` in the same numbers as a date field shows it ('' stays ''). */
export function formatDayField(day: string, language: string): string {
  return day === '' ? '' : formatNumericDate(`${day}T12:00:00`, language);
}

/**
 * What a clerk typed in a date field, read in the UI language's order (day first in Spanish), as a
 * local day `YYYY-MM-DD`; null when it is no real day. Any separator goes ("23/11/2026", "23-11-2026").
 */
export function parseDayField(text: string, language: string): string | null {
  const numbers = text
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number);
  if (numbers.length !== 3) return null;
  const order = dateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' })
    .formatToParts(new Date(2026, 10, 23))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year');
  const value = (type: string) => numbers[order.indexOf(type as 'day')] ?? NaN;
  const [year, month, day] = [value('year'), value('month'), value('day')];
  const date = new Date(year, month - 1, day);
  if (year < 1000 || date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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
