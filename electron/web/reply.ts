import type { ServerResponse } from 'node:http';
import { AppError, type Result } from '../../shared/contract/errors';

export type RefusalKind = 'Unauthorized' | 'NotFound' | 'InvalidInput' | 'Forbidden';

/** Writes a result envelope as JSON. `close`: the connection ends after it (its request was not read to the end). */
export function send(res: ServerResponse, status: number, body: Result<unknown>, close = false): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(text),
  };
  if (close) headers.connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}

/** Answers a typed error in plain words. */
export function refuse(res: ServerResponse, status: number, kind: RefusalKind, message: string, close = false): void {
  const error = new AppError({ kind: kind === 'Forbidden' ? 'Unauthorized' : kind, message });
  if (!res.headersSent) send(res, status, { ok: false, error: error.toShape() }, close);
  else res.end();
}
