/**
 * What a document or signature id may look like before SignDock puts it in a request's path. The
 * service hands out UUIDs (the interface says "string, UUID"), but another implementation of the same
 * interface may use other shapes, so the rule is what can never be an id rather than what a UUID is:
 * nothing empty or longer than {@link SERVICE_ID_MAX}, no `.` or `..` (or any id made only of dots),
 * no `/`, `\`, `%`, `?` or `#`, no blank, control or invisible formatting character (bidi controls
 * included), no lone surrogate. Such an id can only ever be one path segment of the URL it is put in.
 */
export const SERVICE_ID_MAX = 100;

// Separators and escapes of a URL path, blanks (\s is Unicode-aware), controls (C0, DEL, C1), formatting
// characters (bidi, zero-width) and lone surrogate halves (not text: they would be sent as U+FFFD).
const forbidden = /[/\\%?#\s\p{Cc}\p{Cf}\p{Cs}]/u;

/** Why `id` cannot be a document or signature id, in plain words; null when it can. */
export function serviceIdProblem(id: string): string | null {
  if (id.length === 0) return 'An id is needed.';
  if (id.length > SERVICE_ID_MAX) return `An id has at most ${SERVICE_ID_MAX} characters (this one has ${id.length}).`;
  if (/^\.+$/.test(id)) return `“${id}” is not an id: an id is never made of dots only.`;
  if (forbidden.test(id)) return `${shownId(id)} is not an id: ids have no “/”, “\\”, “%”, “?”, “#”, blanks or control characters.`;
  return null;
}

/** An id as it may be quoted in a message: at most 40 characters, its controls and blanks shown as `?`. */
export function shownId(id: string): string {
  const clipped = [...id].slice(0, 40).join('');
  return `“${clipped.replace(/[\s\p{Cc}\p{Cf}]/gu, '?')}${clipped.length < id.length ? '…' : ''}”`;
}
