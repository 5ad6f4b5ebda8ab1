import { createHash } from 'node:crypto';

/**
 * `remote_updated`: the SHA-256 (hex) of a snapshot's raw JSON in canonical form (object keys sorted
 * at every level), so the same content always gives the same fingerprint whatever the key order.
 */
export function fingerprint(raw: unknown): string {
  return createHash('sha256').update(canonicalJson(raw)).digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
