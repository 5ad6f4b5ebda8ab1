import { dateTimeFormat } from '../../../lib/intl-cache';

/** A date for a narrow cell: "24 Nov", with the year when it is not this year ("24 Nov 2024"). */
export function shortDate(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(
    language,
    sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' },
  ).format(date);
}
