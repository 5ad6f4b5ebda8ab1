import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  /** Requests received, in order. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A local HTTP stand-in of `GET /api/v2/documents` only: 200 `[]` for the accepted keys, 401 with the
 * service's `detail` body otherwise. Enough to check keys; the full simulator is test/sandbox.
 */
export async function startStandIn(acceptedKeys: string[], options: { status?: number } = {}): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization });
    req.resume();
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (options.status) return reply(options.status, { detail: 'Stand-in failure.' });
    if (req.method !== 'GET' || path !== '/api/v2/documents') return reply(404, { detail: 'Not found.' });
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!key || !acceptedKeys.includes(key)) return reply(401, { detail: 'Invalid token.' });
    return reply(200, []);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
