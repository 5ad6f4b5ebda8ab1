import { AppError, resultSchema } from '../../../shared';
import {
  HELLO_PATH,
  NONCE_PATTERN,
  SESSION_KEY_LABEL,
  hostProofText,
  tabProofText,
  type HelloAnswer,
} from '../../../shared/contract/web-session';

/**
 * The tab's side of the session proof (shared/contract/web-session.ts). The token never leaves the tab:
 * before anything is sent, the program answering at this address must prove it knows the token, for a
 * nonce of ours and at this very address; only then is a credential made for that start of the host.
 * After the event stream drops (the host may have stopped, and another program may have taken its
 * address) the credential is forgotten and the next call or reconnection proves the host again.
 */
export interface HostSession {
  /** This start's credential, proving the host first when there is none; rejects with an AppError. */
  credential(): Promise<string>;
  /** Forgets `used` (or whatever is held), so that the next call proves the host again. */
  forget(used?: string): void;
}

export function hostSession(token: string): HostSession {
  const encoder = new TextEncoder();
  const hmacKey = (raw: BufferSource) => crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  const key = (async () =>
    hmacKey(await crypto.subtle.sign('HMAC', await hmacKey(encoder.encode(token)), encoder.encode(SESSION_KEY_LABEL))))();
  let current: Promise<string> | null = null;

  const prove = async (): Promise<string> => {
    const host = window.location.host;
    const tabNonce = hex(crypto.getRandomValues(new Uint8Array(32)));
    const answer = await hello(tabNonce);
    const proven =
      answer !== null &&
      (await crypto.subtle.verify('HMAC', await key, bytes(answer.proof), encoder.encode(hostProofText(host, tabNonce, answer.hostNonce))));
    if (!answer || !proven) throw notProven();
    const mac = await crypto.subtle.sign('HMAC', await key, encoder.encode(tabProofText(host, tabNonce, answer.hostNonce)));
    return `${tabNonce}.${answer.hostNonce}.${hex(new Uint8Array(mac))}`;
  };

  return {
    credential() {
      if (!current) {
        const attempt = prove();
        current = attempt;
        attempt.catch(() => {
          if (current === attempt) current = null;
        });
      }
      return current;
    },
    forget(used) {
      if (!current) return;
      if (used === undefined) current = null;
      else {
        const held = current;
        void held.then(
          (credential) => {
            if (credential === used && current === held) current = null;
          },
          () => undefined,
        );
      }
    },
  };
}

/** `POST /api/hello {nonce}`: nothing secret goes out. Null when the answer is not a hello answer. */
async function hello(nonce: string): Promise<HelloAnswer | null> {
  let response: Response;
  try {
    response = await fetch(HELLO_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
      cache: 'no-store',
      credentials: 'omit',
    });
  } catch (error) {
    throw new AppError({
      kind: 'Network',
      code: 'hostUnreachable',
      message: `SignDock's local service did not answer (${String(error)}).`,
    });
  }
  const parsed = resultSchema.safeParse(await response.json().catch(() => undefined));
  const value = (parsed.success && parsed.data.ok ? parsed.data.value : null) as Partial<HelloAnswer> | null;
  const { hostNonce, proof } = value ?? {};
  return typeof hostNonce === 'string' && typeof proof === 'string' && NONCE_PATTERN.test(hostNonce) && NONCE_PATTERN.test(proof)
    ? { hostNonce, proof }
    : null;
}

function notProven(): AppError {
  return new AppError({
    kind: 'Unauthorized',
    code: 'hostNotProven',
    message:
      'The program answering at this address could not prove it is the SignDock whose link you opened, so nothing was sent to it. Open the newest link SignDock printed when it started.',
  });
}

function hex(data: Uint8Array): string {
  return Array.from(data, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function bytes(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
