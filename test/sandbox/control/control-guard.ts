import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Reply } from '../http/reply';
import { detailReply } from '../http/reply';

/** The header that carries the control token (random per start, printed with the address). */
export const CONTROL_TOKEN_HEADER = 'x-sandbox-control-token';

/** A fresh control token: 32 random bytes, hex. */
export function newControlToken(): string {
  return randomBytes(32).toString('hex');
}

const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * The control API plays signers and reads every signing link and the webhook's secret, so a web page
 * must not reach it: a request must name this sandbox by a loopback address (or the one it was started
 * on) in `Host` (DNS rebinding gives another name), carry no `Origin` or this sandbox's own, carry the
 * control token, and send its body as JSON (a form or `text/plain` body is what another page can send
 * without asking). Null when the request may go on; else the refusal.
 */
export function guardControl(req: IncomingMessage, baseUrl: string, token: string): Reply | null {
  const own = new URL(baseUrl);
  const hosts = new Set([...loopbackNames, own.hostname].map((name) => `${name}:${own.port}`));
  const host = (req.headers.host ?? '').toLowerCase();
  if (!hosts.has(host)) return detailReply(421, "The control API answers only on this sandbox's loopback address.");
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) {
    return detailReply(403, 'The control API does not answer calls from web pages of other origins.');
  }
  const given = req.headers[CONTROL_TOKEN_HEADER];
  if (!sameToken(Array.isArray(given) ? given[0] : given, token)) {
    return detailReply(
      401,
      `The control API needs the control token printed when the sandbox started, in the "${CONTROL_TOKEN_HEADER}" header.`,
    );
  }
  if (hasBody(req) && !isJson(req.headers['content-type'])) {
    return detailReply(415, 'The control API takes JSON bodies only (content-type: application/json).');
  }
  return null;
}

function sameToken(candidate: string | undefined, token: string): boolean {
  if (!candidate) return false;
  const a = Buffer.from(candidate);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function isJson(type: string | undefined): boolean {
  const essence = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json';
}
