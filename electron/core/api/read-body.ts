import type { Dispatcher } from 'undici';

type Body = Dispatcher.ResponseData['body'];

/** Raised when an answer is larger than SignDock accepts for its kind. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Answer larger than ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** The whole body as UTF-8 text, refusing more than `limit` bytes. */
export async function readText(body: Body, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.byteLength;
    if (total > limit) {
      body.destroy();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/** Reads and discards what is left of a body so the connection can be reused; never throws. */
export async function discard(body: Body): Promise<void> {
  try {
    await body.dump({ limit: 256 * 1024 });
  } catch {
    // Nothing to do: the connection is closed instead of reused.
  }
}
