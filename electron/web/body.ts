import type { IncomingMessage } from 'node:http';

export type BodyOutcome =
  | { kind: 'ok'; body: Buffer }
  /** Over the limit. `drained`: the rest was read and dropped, so the connection can answer and live on. */
  | { kind: 'tooLarge'; drained: boolean }
  /** No byte for `idleMs`. */
  | { kind: 'timeout' }
  | { kind: 'aborted' };

export interface BodyLimits {
  /** Bytes kept; more answers tooLarge. */
  maxBytes: number;
  /** Bytes past the limit read and dropped so the sender can read the answer (a browser sends the whole body first). */
  drainBytes: number;
  /** Longest wait for the next byte. */
  idleMs: number;
}

/**
 * Reads a request body within limits: never more than `maxBytes` in memory, never waits more than
 * `idleMs` for a byte. Past the limit the body is read on and dropped (up to `drainBytes`), so the
 * answer — 413 in plain words — reaches a sender that writes its whole body before it reads.
 */
export function readLimitedBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    let settled = false;
    const finish = (outcome: BodyOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(outcome);
    };
    let timer = setTimeout(() => finish({ kind: 'timeout' }), limits.idleMs);
    const onData = (chunk: Buffer) => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ kind: 'timeout' }), limits.idleMs);
      size += chunk.length;
      if (size > limits.maxBytes) {
        over = true;
        chunks.length = 0;
        if (size > limits.maxBytes + limits.drainBytes) {
          req.pause();
          finish({ kind: 'tooLarge', drained: false });
        }
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(over ? { kind: 'tooLarge', drained: true } : { kind: 'ok', body: Buffer.concat(chunks, size) });
    const onAbort = () => finish({ kind: 'aborted' });
    const onClose = () => {
      if (!req.complete) finish({ kind: 'aborted' });
    };
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limits.maxBytes + limits.drainBytes) {
      clearTimeout(timer);
      settled = true;
      resolve({ kind: 'tooLarge', drained: false });
      return;
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}
