import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CREDENTIAL_PATTERN,
  NONCE_PATTERN,
  SESSION_KEY_LABEL,
  hostProofText,
  tabProofText,
  type HelloAnswer,
} from '../../shared/contract/web-session';

/**
 * The host's side of the session proof (shared/contract/web-session.ts): answers a tab's hello with a
 * proof that it knows the token, and checks the credentials tabs make from it. Host nonces carry a MAC
 * under a secret made at each start, so a credential from an earlier start (or one made up) is refused
 * without keeping any list. The raw token (`x-signdock-token`, for scripts and tests) is accepted as well:
 * it is the secret the proof is made from, and the page never sends it.
 */
export interface SessionProofs {
  /** The answer to `POST /api/hello {nonce}`; null when the nonce is not 32 bytes of hex. */
  hello(host: string, tabNonce: unknown): HelloAnswer | null;
  /** Whether a credential is one a tab made for this start of the host at `host`. */
  credentialOk(host: string, credential: string | undefined): boolean;
  /** Whether this is the token itself. */
  tokenOk(candidate: string | undefined): boolean;
}

export function sessionProofs(token: string): SessionProofs {
  const key = createHmac('sha256', token).update(SESSION_KEY_LABEL).digest();
  const startSecret = randomBytes(32);
  const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest('hex');
  const issuedMark = (random: string) => mac(startSecret, `host nonce\n${random}`).slice(0, 32);

  return {
    hello(host, tabNonce) {
      if (typeof tabNonce !== 'string' || !NONCE_PATTERN.test(tabNonce)) return null;
      const random = randomBytes(16).toString('hex');
      const hostNonce = random + issuedMark(random);
      return { hostNonce, proof: mac(key, hostProofText(host, tabNonce, hostNonce)) };
    },
    credentialOk(host, credential) {
      const parts = CREDENTIAL_PATTERN.exec(credential ?? '');
      if (!parts) return false;
      const [, tabNonce, hostNonce, given] = parts as unknown as [string, string, string, string];
      const issued = sameText(hostNonce.slice(32), issuedMark(hostNonce.slice(0, 32)));
      const signed = sameText(given, mac(key, tabProofText(host, tabNonce, hostNonce)));
      return issued && signed;
    },
    tokenOk(candidate) {
      return candidate !== undefined && sameText(candidate, token);
    },
  };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
