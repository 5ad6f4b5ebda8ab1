import type { ServerResponse } from 'node:http';
import type { TimerSet } from '../core/timers';
import type { Reply } from './reply';

export interface ReplyEffects {
  /** Cut a JSON body short (malformed JSON fault). */
  malformed?: boolean;
  /** Dribble the body out in chunks with pauses (slow body fault). */
  slow?: { chunkBytes: number; delayMs: number } | null;
}

/** Truncates JSON so that it no longer parses, keeping the declared content type. */
export function malformedJson(body: Buffer): Buffer {
  const cut = Math.max(1, Math.floor(body.length / 2));
  return Buffer.concat([body.subarray(0, cut), Buffer.from('\u0000<!-- upstream')]);
}

/** Writes a reply; resolves when the last byte is handed to the socket. */
export function writeReply(res: ServerResponse, reply: Reply, timers: TimerSet, effects: ReplyEffects = {}): Promise<void> {
  const body = effects.malformed && reply.json ? malformedJson(reply.body) : reply.body;
  const headers: Record<string, string> = reply.chunked
    ? { ...reply.headers }
    : { ...reply.headers, 'content-length': String(body.length) };
  res.writeHead(reply.status, headers);
  if (reply.truncateAt !== undefined) {
    // The truncated-download fault: part of the promised body, then the connection ends.
    return new Promise((resolve) =>
      res.write(body.subarray(0, reply.truncateAt), () => {
        res.socket?.destroy();
        resolve();
      }),
    );
  }
  const slow = effects.slow ?? (reply.chunked && body.length > 0 ? { chunkBytes: 64 * 1024, delayMs: 0 } : null);
  if (!slow || body.length === 0) {
    return new Promise((resolve) => res.end(body, () => resolve()));
  }
  return new Promise((resolve) => {
    let offset = 0;
    const next = (): void => {
      if (res.destroyed) {
        resolve();
        return;
      }
      const chunk = body.subarray(offset, offset + slow.chunkBytes);
      offset += chunk.length;
      if (offset >= body.length) {
        res.end(chunk, () => resolve());
        return;
      }
      res.write(chunk);
      timers.set(next, slow.delayMs);
    };
    res.flushHeaders();
    timers.set(next, slow.delayMs);
  });
}
