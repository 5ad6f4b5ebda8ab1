import type { Prng } from './prng';
import type { SignatureRecord } from './types';

const devices = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** How a signer appears when the control API or auto-sign plays them without saying more. */
export interface SignerDefaults {
  ipAddress: string;
  infoDevice: string;
  phone: string;
}

export function signerDefaults(prng: Prng): SignerDefaults {
  // Documentation address ranges (RFC 5737) and a fictional Spanish mobile range.
  const ranges = ['192.0.2', '198.51.100', '203.0.113'];
  return {
    ipAddress: `${prng.pick(ranges)}.${prng.int(1, 254)}`,
    infoDevice: prng.pick(devices),
    phone: `+3460000${String(prng.int(0, 9999)).padStart(4, '0')}`,
  };
}

function titleCase(word: string): string {
  return word.length === 0 ? word : word[0]?.toUpperCase() + word.slice(1).toLowerCase();
}

/** Display name of a signer: the recorded name, else one made from the e-mail, else the phone. */
export function signerDisplayName(signature: SignatureRecord): string {
  if (signature.signerName) return signature.signerName;
  const email = signature.validations.EM?.value;
  if (email) {
    const local = email.split('@')[0] ?? email;
    const words = local.split(/[._-]+/).filter((word) => word.length > 0);
    if (words.length > 0) return words.map(titleCase).join(' ');
  }
  return signature.validations.PH?.value ?? 'Unnamed signer';
}
