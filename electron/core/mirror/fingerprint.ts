import { createHash } from 'node:crypto';

/**
 * `remote_updated`: the SHA-256 (hex) of a snapshot's raw JSON in canonical form (object keys sorted
 * at every level), so the same content always gives the same fingerprint whatever the key order, and
 * whatever the order of the document's `signatures`: the interface promises none (service-api.md
 * §2.1), and a service may list them differently from one read to the next.
 */
export function fingerprint(raw: unknown): string {
  return createHash('sha256')
    .update(canonicalJson(signaturesInIdOrder(raw)))
    .digest('hex');
}

function signaturesInIdOrder(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const signatures = (raw as { signatures?: unknown }).signatures;
  if (!Array.isArray(signatures)) return raw;
  const keyed = signatures.map((item) => ({ item, key: canonicalJson(item), id: String((item as { id?: unknown } | null)?.id ?? '') }));
  keyed.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...(raw as Record<string, unknown>), signatures: keyed.map((entry) => entry.item) };
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}
