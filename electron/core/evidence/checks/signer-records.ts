import type { SignerRecord } from '../../../../shared/domain/evidence';

/**
 * Per signer, what the package's metadata says (IP address, device, date and time): found in any JSON
 * entry whose object carries such keys, whatever they are called exactly. Shown as the service wrote
 * it; nothing here is checked.
 */
export function signerRecords(file: string, json: unknown): SignerRecord[] {
  const out: SignerRecord[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    const ip = pick(record, /^(ip|ip_?address|remote_?ip|client_?ip)$/i);
    const device = pick(record, /^(device|info_?device|user_?agent)$/i);
    const signedAt = pick(record, /^(signed_?(date|at|time)|signature_?date|date)$/i);
    if (ip || device || signedAt) {
      const nested = ['signer', 'user', 'person']
        .map((key) => record[key])
        .find((v): v is Record<string, unknown> => !!v && typeof v === 'object');
      out.push({
        file,
        name: pick(record, /^(name|full_?name|signer_?name)$/i) ?? (nested ? pick(nested, /^(name|full_?name)$/i) : null),
        email: pick(record, /^(e-?mail|email_?address)$/i) ?? (nested ? pick(nested, /^(e-?mail)$/i) : null),
        ip,
        device,
        signedAt,
        signatureFile: pick(record, /^(signature_?file|p7s|signature)$/i),
      });
      return;
    }
    Object.values(record).forEach((child) => visit(child, depth + 1));
  };
  visit(json, 0);
  return out;
}

function pick(record: Record<string, unknown>, key: RegExp): string | null {
  for (const [name, value] of Object.entries(record)) {
    if (key.test(name) && (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '') return String(value);
  }
  return null;
}

/** From metadata: which entry a signature file signs (`signature_file` → `signed_content`). */
export function signedContentHints(json: unknown): Map<string, string> {
  const hints = new Map<string, string>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 6 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    const record = value as Record<string, unknown>;
    const signature = pick(record, /^(signature_?file|p7s)$/i);
    const content = pick(record, /^(signed_?content|signed_?file|content_?file|document)$/i);
    if (signature && content) hints.set(signature, content);
    Object.values(record).forEach((child) => visit(child, depth + 1));
  };
  visit(json, 0);
  return hints;
}
