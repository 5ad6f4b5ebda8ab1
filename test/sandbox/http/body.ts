import type { IncomingMessage } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

export class BodyParseError extends Error {}

/** Reads the whole request body, refusing more than `maxBytes` (early when Content-Length says so). */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new BodyTooLargeError(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        chunks.length = 0;
        reject(new BodyTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
      failed = true;
    });
  });
}

/** Parses a JSON body; an empty body is `undefined`. */
export function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (error) {
    throw new BodyParseError(`JSON parse error - ${(error as Error).message}`);
  }
}

/** True when the request declares a body type other than JSON. */
export function isNonJsonContentType(req: IncomingMessage): boolean {
  const type = req.headers['content-type'];
  if (type === undefined || type === '') return false;
  const essence = type.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence !== 'application/json' && !essence.endsWith('+json');
}
