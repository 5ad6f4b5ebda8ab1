import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError, type Result } from '../../shared/contract/errors';
import type { Core } from '../core/host';
import { callPolicy } from './path-policy';
import { serveStatic } from './static-files';
import { receiveUpload } from './upload';

export const TOKEN_HEADER = 'x-signdock-token';
export const TOKEN_PROTOCOL_PREFIX = 'signdock-token.';
const MAX_CALL_BODY = 8 * 1024 * 1024;

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; random otherwise. */
  token?: string;
}

export interface WebHost {
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  readonly port: number;
  close(): Promise<void>;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Starts the web host on 127.0.0.1 (only). */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(32).toString('hex');
  const rendererDir = resolve(options.rendererDir);
  const csp = contentSecurityPolicy(rendererDir);
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  const policy = callPolicy(options.core.uploadsFolder);
  const itemPath = async (batchId: string, itemId: string): Promise<string | null> => {
    const batch = await options.core.dispatch('batches.get', { batchId });
    if (!batch.ok) return null;
    const items = (batch.value as { items: { id: string; path: string }[] }).items;
    return items.find((item) => item.id === itemId)?.path ?? null;
  };

  const server: Server = createServer((req, res) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
    if (!allowedHosts().has(req.headers.host ?? '')) return refuse(res, 421, 'Forbidden', 'This address is not served here.');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins().has(origin)) {
      return refuse(res, 403, 'Forbidden', 'Calls from other web pages are not allowed.');
    }
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/api/call') return void handleCall(req, res);
    if (path === '/api/upload') return void handleUpload(req, res);
    if (path.startsWith('/api/')) return refuse(res, 404, 'NotFound', 'There is nothing at this address.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'InvalidInput', 'Only GET is served here.');
    if (csp) res.setHeader('content-security-policy', csp);
    if (!serveStatic(rendererDir, path, res)) refuse(res, 404, 'NotFound', 'There is nothing at this address.');
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  const tokenOk = (candidate: string | undefined): boolean => {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  };

  async function handleCall(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Calls are made with POST.');
    const header = req.headers[TOKEN_HEADER];
    if (!tokenOk(Array.isArray(header) ? header[0] : header)) {
      req.resume();
      return refuse(res, 401, 'Unauthorized', 'This session is not allowed to call SignDock. Open the link printed when the web host started.');
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
      req.resume();
      return refuse(res, 415, 'InvalidInput', 'Calls must be JSON.');
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, MAX_CALL_BODY));
    } catch (error) {
      const tooLarge = error instanceof Error && error.message === 'too large';
      return refuse(res, tooLarge ? 413 : 400, 'InvalidInput', tooLarge ? 'The call is too large.' : 'The call is not valid JSON.');
    }
    const call = (body && typeof body === 'object' ? body : {}) as { op?: unknown; input?: unknown };
    const allowed = await policy.check(call.op, call.input);
    if (!allowed.ok) return send(res, 200, { ok: false, error: allowed.error.toShape() });
    const result = await options.core.dispatch(call.op, allowed.input);
    send(res, 200, await policy.filter(call.op, allowed.input, result, itemPath));
  }

  /** `POST /api/upload?name=<file name>`: a dropped file's bytes, kept under the data folder for `batches.addFiles`. */
  async function handleUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return refuse(res, 405, 'InvalidInput', 'Files are uploaded with POST.');
    const header = req.headers[TOKEN_HEADER];
    if (!tokenOk(Array.isArray(header) ? header[0] : header)) {
      req.resume();
      return refuse(res, 401, 'Unauthorized', 'This session is not allowed to call SignDock. Open the link printed when the web host started.');
    }
    const name = new URL(req.url ?? '/', 'http://local').searchParams.get('name') ?? '';
    const outcome = await receiveUpload(req, options.core.uploadsFolder, name);
    send(res, outcome.status, outcome.result);
  }

  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => [...protocols].find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX)) ?? false,
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .find((p) => p.startsWith(TOKEN_PROTOCOL_PREFIX));
    const origin = req.headers.origin;
    const ok =
      path === '/api/events' &&
      allowedHosts().has(req.headers.host ?? '') &&
      (origin === undefined || allowedOrigins().has(origin)) &&
      tokenOk(offered?.slice(TOKEN_PROTOCOL_PREFIX.length));
    if (!ok) {
      socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  function attach(ws: WebSocket): void {
    const unsubscribe = options.core.events.subscribe((message) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    });
    ws.on('close', unsubscribe);
    ws.on('error', unsubscribe);
    ws.on('message', () => undefined);
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    port,
    async close() {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * The page's own CSP (from index.html's meta tag), also sent as a header, where `frame-ancestors`
 * takes effect (browsers ignore it in a meta tag).
 */
function contentSecurityPolicy(rendererDir: string): string | null {
  try {
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    return match?.[1]?.replace(/\s+/g, ' ').trim() ?? null;
  } catch {
    return null;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.destroy();
        reject(new Error('too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: Result<unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function refuse(res: ServerResponse, status: number, kind: 'Unauthorized' | 'NotFound' | 'InvalidInput' | 'Forbidden', message: string): void {
  const error = new AppError({ kind: kind === 'Forbidden' ? 'Unauthorized' : kind, message });
  if (!res.headersSent) send(res, status, { ok: false, error: error.toShape() });
  else res.end();
}
