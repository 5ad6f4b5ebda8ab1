import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { verifyToken } from './token-verify';

/**
 * Asks a time-stamping authority for a token over some bytes (RFC 3161 over HTTP, §3.4): a
 * TimeStampReq built with pkijs (SHA-256 imprint, a random 64-bit nonce, certReq so the token carries
 * the TSA's certificate), POSTed as `application/timestamp-query`. The reply (read up to 1 MB, no further)
 * must be granted, carry a token dated within 10 minutes of when it was asked for, whose imprint and
 * nonce are ours and whose signature verifies; it is returned as the DER TimeStampResp it came as (what
 * `openssl ts -verify -in` reads). Nothing is retried here.
 */
export class TsaError extends Error {
  constructor(
    /** `unreachable`: no answer (network, timeout, HTTP error); `refused`: the TSA said no; `bad-reply`: an answer that does not check out. */
    readonly kind: 'unreachable' | 'refused' | 'bad-reply',
    message: string,
  ) {
    super(message);
  }
}

const maxReplyBytes = 1024 * 1024;
/** How far the token's genTime may be from this computer's clock when it is received. */
export const maxSkewMs = 10 * 60_000;
const sha256Oid = '2.16.840.1.101.3.4.2.1';

export interface TsaRequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function requestTimestamp(url: string, covered: Buffer, options: TsaRequestOptions = {}): Promise<Buffer> {
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0] ?? 0) & 0x7f; // a positive INTEGER
  if (nonce[0] === 0) nonce[0] = 1;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: sha256Oid, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: createHash('sha256').update(covered).digest() }),
    }),
    nonce: new asn1js.Integer({ valueHex: nonce }),
    certReq: true,
  });
  const signals = [AbortSignal.timeout(options.timeoutMs ?? 30_000), ...(options.signal ? [options.signal] : [])];
  let reply: Buffer;
  const asked = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: Buffer.from(request.toSchema().toBER(false)),
      signal: AbortSignal.any(signals),
      redirect: 'error',
    });
    if (!response.ok) throw new TsaError('unreachable', `The time-stamping authority at ${url} answered HTTP ${response.status}.`);
    reply = await readCapped(response, url);
  } catch (error) {
    if (error instanceof TsaError) throw error;
    throw new TsaError('unreachable', `The time-stamping authority at ${url} could not be reached (${describe(error)}).`);
  }
  const answered = Date.now();
  const checked = await verifyToken(reply, covered, []);
  // The authority's clock against this computer's, before anything else about the token: a token dated
  // far from when it was asked for vouches for the wrong time, however well it is signed.
  const time = checked.facts.time;
  if (time && (time.getTime() < asked - maxSkewMs || time.getTime() > answered + maxSkewMs))
    throw new TsaError(
      'bad-reply',
      `The time-stamping authority at ${url} dated its token ${time.toISOString()}, while this computer's clock said ${new Date(answered).toISOString()}: SignDock accepts a token dated within ${maxSkewMs / 60_000} minutes of when it asked (check the authority's clock, and this computer's).`,
    );
  if (!checked.ok) {
    throw new TsaError(
      /refused the request/.test(checked.problem) ? 'refused' : 'bad-reply',
      `The time-stamping authority at ${url}: ${checked.problem}`,
    );
  }
  if (checked.facts.nonce !== BigInt(`0x${nonce.toString('hex')}`))
    throw new TsaError(
      'bad-reply',
      `The time-stamping authority at ${url} answered with another nonce than the one asked: not an answer to this request.`,
    );
  return reply;
}

/** The body, read piece by piece and given up (the connection closed) as soon as it passes the 1 MB cap. */
async function readCapped(response: Response, url: string): Promise<Buffer> {
  const tooLarge = () =>
    new TsaError(
      'bad-reply',
      `The time-stamping authority at ${url} sent more than 1 MB; a reply is a few kilobytes. SignDock stopped reading it.`,
    );
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxReplyBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const parts: Buffer[] = [];
  let length = 0;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxReplyBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(Buffer.from(value));
  }
  return Buffer.concat(parts);
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'no answer in time';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
