/**
 * The web host's session proof, one text for both sides (the host in electron/web/session-proof.ts, the
 * tab in renderer/src/bridge/host-session.ts). The token printed in the link is never sent by the tab:
 *
 * 1. The tab sends a fresh random nonce: `POST /api/hello {nonce}` (nothing secret).
 * 2. The host answers its own nonce (random, and marked as issued by this start of the host) and a
 *    proof, HMAC(key, hostProofText(host, tab nonce, host nonce)), where key = HMAC(token, KEY_LABEL) and
 *    `host` is the address the tab talks to (`127.0.0.1:port`).
 * 3. Only when that proof is right (the listener knows the token, at this very address) does the tab
 *    make its credential, `<tab nonce>.<host nonce>.<HMAC(key, tabProofText(…))>`, and send it with
 *    every call (`x-signdock-session`) and on the event socket (`signdock-session.<credential>`).
 *
 * A credential is good only for the host start that issued its nonce and at its address: one seen by
 * another program (which can happen only after a proven handshake with the real host) is refused by a
 * restarted host, and a proof relayed from the real host at another port does not match the tab's address.
 */
export const SESSION_HEADER = 'x-signdock-session';
export const SESSION_PROTOCOL_PREFIX = 'signdock-session.';
export const HELLO_PATH = '/api/hello';
export const SESSION_KEY_LABEL = 'SignDock web session key v1';

/** 32 bytes as lower-case hex: the tab's and the host's nonces and every MAC. */
export const NONCE_PATTERN = /^[0-9a-f]{64}$/;
export const CREDENTIAL_PATTERN = /^([0-9a-f]{64})\.([0-9a-f]{64})\.([0-9a-f]{64})$/;

/** What the host signs to prove it knows the token at `host` (the `Host` the tab used). */
export function hostProofText(host: string, tabNonce: string, hostNonce: string): string {
  return `signdock-host\n${host}\n${tabNonce}\n${hostNonce}`;
}

/** What the tab signs, once the host proved itself, as its credential for this host start. */
export function tabProofText(host: string, tabNonce: string, hostNonce: string): string {
  return `signdock-tab\n${host}\n${tabNonce}\n${hostNonce}`;
}

/** `POST /api/hello`'s answer (inside the result envelope). */
export interface HelloAnswer {
  hostNonce: string;
  proof: string;
}
