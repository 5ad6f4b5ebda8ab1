import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface PostResult {
  status: number | null;
  error: string | null;
}

/** POSTs a JSON body and waits up to `timeoutMs` for the whole answer. Never throws. */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<PostResult> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: null, error: 'invalid URL' });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(target, {
      method: 'POST',
      agent: false,
      signal,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: null, error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => finish({ status: res.statusCode ?? null, error: null }));
      res.on('error', (error) => finish({ status: null, error: error.message }));
    });
    req.on('error', (error) => finish({ status: null, error: error.message }));
    req.end(body);
  });
}
