/**
 * Reads the service's error bodies (Django REST Framework style) into messages per field:
 * `{"field": ["msg"]}`, list items keyed by index (`{"signatures": {"0": {"validations": ["msg"]}}}`
 * or `[{}, {...}]`) → paths like `signatures.0.validations`, `non_field_errors` (the object as a
 * whole), `{"detail": "..."}`, plain text, and HTML pages (ignored: nothing a clerk can read).
 */
export interface ServiceErrorBody {
  /** `detail`, or the text of a plain-text answer. */
  detail: string | null;
  /** Messages about the request as a whole (`non_field_errors` at the top, bare lists). */
  general: string[];
  /** Messages per field path, e.g. `signatures.0.validations.EM`. */
  fields: Record<string, string[]>;
}

const maxMessageLength = 500;
const maxDepth = 8;

export function parseErrorBody(text: string, contentType: string | undefined): ServiceErrorBody {
  const out: ServiceErrorBody = { detail: null, general: [], fields: {} };
  const trimmed = text.trim();
  if (trimmed === '') return out;
  const type = (contentType ?? '').toLowerCase();
  const looksJson = type.includes('json') || (!type.includes('html') && /^[[{"]/.test(trimmed));
  if (looksJson) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      if (isRecord(parsed) && typeof parsed.detail === 'string') {
        out.detail = clip(parsed.detail);
        const { detail: _detail, ...rest } = parsed;
        collect(rest, [], out, 0);
      } else {
        collect(parsed, [], out, 0);
      }
      return out;
    }
    if (type.includes('json')) return out;
  }
  if (type.includes('html') || /^<(!doctype|html)/i.test(trimmed)) return out;
  out.detail = clip(trimmed.split(/\r?\n/)[0] ?? '');
  return out;
}

function collect(node: unknown, path: string[], out: ServiceErrorBody, depth: number): void {
  if (depth > maxDepth || node === null || node === undefined) return;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'boolean') {
    add(out, path, clip(String(node)));
    return;
  }
  if (Array.isArray(node)) {
    const flat = node.every((item) => item === null || typeof item !== 'object');
    node.forEach((item, index) => collect(item, flat ? path : [...path, String(index)], out, depth + 1));
    return;
  }
  if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      collect(value, key === 'non_field_errors' ? path : [...path, key], out, depth + 1);
    }
  }
}

function add(out: ServiceErrorBody, path: string[], message: string): void {
  if (message === '') return;
  if (path.length === 0) {
    out.general.push(message);
    return;
  }
  const key = path.join('.');
  (out.fields[key] ??= []).push(message);
}

function clip(text: string): string {
  const clean = text.trim();
  return clean.length > maxMessageLength ? `${clean.slice(0, maxMessageLength - 1)}…` : clean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
