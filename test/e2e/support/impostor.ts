import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { WebSocketServer } from 'ws';

/** One request the impostor received: what a tab gave away to a program that is not its host. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  upgrade: boolean;
}

export interface Impostor {
  received: Received[];
  /** From now on, hellos are forwarded to this real host (its `Host`), and its answer given back to the tab. */
  relayTo(origin: string): void;
  close(): Promise<void>;
}

/**
 * Another local user's program on the web host's saved port, for issue 31, point 5: it records every
 * request and WebSocket upgrade it gets, answers a hello with a made-up proof (or relays it to the real
 * host, `relayTo`), takes any call and accepts any WebSocket, so a tab that trusted it would hand it
 * whatever it holds.
 */
export async function startImpostor(port: number): Promise<Impostor> {
  const received: Received[] = [];
  let relay: string | null = null;
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  const server = createServer((req, res) => {
    void read(req).then(async (body) => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      received.push({ method: req.method ?? '', path, headers: req.headers, body, upgrade: false });
      let answer: unknown = { ok: true, value: null };
      if (path === '/api/hello' && relay === null) {
        answer = { ok: true, value: { hostNonce: randomBytes(32).toString('hex'), proof: randomBytes(32).toString('hex') } };
      } else if (path === '/api/hello' && relay !== null) {
        const real = await fetch(`${relay}/api/hello`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        answer = await real.json();
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    });
  });
  const sockets = new WebSocketServer({ noServer: true, handleProtocols: (protocols) => [...protocols][0] ?? false });
  server.on('upgrade', (req, socket, head) => {
    received.push({ method: 'GET', path: req.url ?? '', headers: req.headers, body: '', upgrade: true });
    sockets.handleUpgrade(req, socket, head, () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    received,
    relayTo(origin) {
      relay = origin;
    },
    async close() {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
