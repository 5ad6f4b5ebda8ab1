import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core } from '../core/host';
import { apiHandlers, defaultLimits, type WebHostLimits } from './api-handlers';
import { callPolicy } from './path-policy';
import { refuse } from './reply';
import { serveStatic } from './static-files';
import { UploadQuota } from './upload-quota';
import { sessionProofs } from './session-proof';
import { TUNNEL_FILES_FOLDER } from './tunnel-files';
import { HELLO_PATH, SESSION_PROTOCOL_PREFIX } from '../../shared/contract/web-session';

export { defaultLimits, type WebHostLimits } from './api-handlers';
export const TOKEN_PROTOCOL_PREFIX = 'signdock-token.';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  port?: number;
  /** Fixed token for tests; random otherwise. */
  token?: string;
  /** Sizes and timeouts (tests make them small); `defaultLimits` otherwise. */
  limits?: Partial<WebHostLimits>;
  /** The archive under review (`--archive DIR`): calls may read only bags inside it (path-policy.ts). */
  reviewArchive?: string;
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
  const limits: WebHostLimits = { ...defaultLimits, ...options.limits };

  // Slow senders are cut off: headers within headersTimeout, the whole request within requestTimeout
  // (checked every few seconds), and no body byte for bodyIdleMs ends a call or an upload.
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 2))),
    },
    (req, res) => {
      for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
      if (!allowedHosts().has(req.headers.host ?? '')) return refuse(res, 421, 'Forbidden', 'This address is not served here.');
      const origin = req.headers.origin;
      if (origin !== undefined && !allowedOrigins().has(origin)) {
        return refuse(res, 403, 'Forbidden', 'Calls from other web pages are not allowed.');
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === HELLO_PATH) return void handleHello(req, res);
      if (path === '/api/call') return void handleCall(req, res);
      if (path === '/api/upload') return void handleUpload(req, res);
      if (path === '/api/tunnel-file') return void handleTunnelFile(req, res);
      if (path === '/api/download') return void handleDownload(req, res);
      if (path.startsWith('/api/')) return refuse(res, 404, 'NotFound', 'There is nothing at this address.');
      if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'InvalidInput', 'Only GET is served here.');
      if (csp) res.setHeader('content-security-policy', csp);
      if (!serveStatic(rendererDir, path, res)) refuse(res, 404, 'NotFound', 'There is nothing at this address.');
    },
  );
  server.maxConnections = limits.maxConnections;

  // The page proves the session with a credential made after the host proved itself (session-proof.ts);
  // scripts may give the token itself.
  const proofs = sessionProofs(token);
  const { handleHello, handleCall, handleUpload, handleTunnelFile, handleDownload } = apiHandlers({
    core: options.core,
    limits,
    policy: callPolicy(options.core.uploadsFolder, options.reviewArchive ?? null, {
      folder: join(options.core.dataFolder, TUNNEL_FILES_FOLDER),
      saved: async () => {
        const settings = await options.core.dispatch('tunnel.settings', {});
        return settings.ok ? (settings.value as { ssh: { identityFile: string | null; knownHostsFile: string | null } | null }).ssh : null;
      },
    }),
    quota: new UploadQuota(options.core.uploadsFolder, limits.uploadQuotaBytes),
    proofs,
  });

  const isSessionProtocol = (p: string) => p.startsWith(TOKEN_PROTOCOL_PREFIX) || p.startsWith(SESSION_PROTOCOL_PREFIX);
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => [...protocols].find(isSessionProtocol) ?? false,
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    const offered = String(req.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((p) => p.trim())
      .find(isSessionProtocol);
    const origin = req.headers.origin;
    const host = req.headers.host ?? '';
    const proven =
      offered === undefined
        ? false
        : offered.startsWith(SESSION_PROTOCOL_PREFIX)
          ? proofs.credentialOk(host, offered.slice(SESSION_PROTOCOL_PREFIX.length))
          : proofs.tokenOk(offered.slice(TOKEN_PROTOCOL_PREFIX.length));
    const ok = path === '/api/events' && allowedHosts().has(host) && (origin === undefined || allowedOrigins().has(origin)) && proven;
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
 * The page's own CSP (from index.html's meta tag), also sent as a header with `frame-ancestors 'none'`
 * added: it takes effect only there (a meta tag may not carry it: browsers ignore it and warn).
 */
function contentSecurityPolicy(rendererDir: string): string | null {
  try {
    const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
    const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
    const policy = match?.[1]?.replace(/\s+/g, ' ').trim();
    if (!policy) return null;
    return /(^|;)\s*frame-ancestors\b/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
  } catch {
    return null;
  }
}
