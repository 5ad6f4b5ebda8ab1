import { X509Certificate } from 'node:crypto';
import { AppError } from '../../../shared/contract/errors';
import type { TimestampSettings, TsaAnchor } from '../../../shared/domain/settings';

/**
 * The timestamp settings as stored: each TSA anchor parsed as a certificate (a PEM that holds none is
 * refused, naming it), its subject and SHA-256 fingerprint filled in by the core (whatever the caller
 * sent), duplicates dropped.
 */
export function normalizeTimestampSettings(value: TimestampSettings): TimestampSettings {
  const seen = new Map<string, TsaAnchor>();
  value.tsaAnchors.forEach((anchor, index) => {
    const parsed = parseAnchor(anchor.pem);
    if (!parsed) {
      throw new AppError({
        kind: 'InvalidInput',
        code: 'timestamps.notCertificate',
        params: { n: index + 1 },
        fields: { [`timestamps.tsaAnchors.${index}`]: ['Not a certificate (PEM).'] },
        message: `TSA certificate authority ${index + 1} is not a certificate in PEM text. Pick the authority's CA certificate (a .pem or .crt file).`,
      });
    }
    seen.set(parsed.fingerprint, parsed);
  });
  return { tsaUrl: value.tsaUrl, tsaAnchors: [...seen.values()] };
}

export function parseAnchor(pem: string): TsaAnchor | null {
  try {
    const cert = new X509Certificate(pem);
    return { pem: cert.toString(), subject: cert.subject.split('\n').filter(Boolean).join(', '), fingerprint: cert.fingerprint256 };
  } catch {
    return null;
  }
}
