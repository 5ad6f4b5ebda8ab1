import { bidiAndC1Controls } from '../../../../shared/domain/text-controls';

/**
 * Where a document's bag goes inside the archive: `<YYYY>/<YYYY-MM-DD>_<title made safe>_<first 8 of id>`.
 * The title is made safe for every file system and every terminal: no path separators, control
 * characters (C0 and C1), bidirectional controls (U+202E would show `fdp.exe` as `exe.pdf`) or reserved characters,
 * no leading dots, no trailing dots or blanks (Windows), no reserved device names, at most 60 characters.
 */
/** C0 controls and DEL, built from code points (a regex literal with them trips the linter). */
const controlCharacters = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(31)}${String.fromCharCode(127)}]`, 'g');
const reservedNames = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

export function safeTitle(title: string): string {
  let safe = title
    .normalize('NFC')
    .replace(bidiAndC1Controls, '')
    .replace(controlCharacters, ' ')
    .replace(/[<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.\-_]+/, '')
    .replace(/[.\-_ ]+$/, '');
  safe = [...safe]
    .slice(0, 60)
    .join('')
    .replace(/[.\-_ ]+$/, '');
  if (reservedNames.test(safe.split('.')[0] ?? '')) safe = `_${safe}`;
  return safe || 'untitled';
}

/** YYYY-MM-DD (UTC) of an ISO date, or null. */
export function dayOf(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** The bag's path relative to the archive folder, with forward slashes; `wholeId` when the first 8 characters are not enough. */
export function bagRelativePath(document: { id: string; title: string; createdAt: string | null }, wholeId = false): string {
  const day = dayOf(document.createdAt);
  const id8 = document.id.replace(/[^0-9a-zA-Z]/g, '').slice(0, wholeId ? 64 : 8) || 'noid';
  return day ? `${day.slice(0, 4)}/${day}_${safeTitle(document.title)}_${id8}` : `undated/undated_${safeTitle(document.title)}_${id8}`;
}
