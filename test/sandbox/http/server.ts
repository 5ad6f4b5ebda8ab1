import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { handleApi } from '../api/api-handler';
import { handleControl } from '../control/control-handler';
import type { SandboxServices } from '../services';
import { detailReply, textReply } from './reply';
import { handleSigningPage } from './signing-page';
import { handleTsa, TSA_PATH } from '../tsa/tsa-http';
import { writeReply } from './write-reply';

export const CONTROL_PREFIX = '/_sandbox';

async function route(services: SandboxServices, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`)) return handleControl(services, req, res);
  if (pathname.startsWith('/api/')) return handleApi(services, req, res);
  if (pathname.startsWith('/sign/')) return handleSigningPage(services, req, res);
  if (pathname === TSA_PATH) return handleTsa(services, req, res);
  if (pathname === '/') {
    return writeReply(
      res,
      textReply(
        200,
        `SignDock sandbox: a simulator of the e-signature service.\nAPI: ${services.baseUrl}/api/v2/documents (Bearer key)\nControl: ${services.baseUrl}${CONTROL_PREFIX}\n`,
      ),
      services.timers,
    );
  }
  return writeReply(res, detailReply(404, 'Not found.'), services.timers);
}

/** The sandbox's HTTP server. It keeps every socket so that `close` ends them all at once. */
export class SandboxServer {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly services: SandboxServices) {
    this.server = createServer((req, res) => {
      route(this.services, req, res).catch((error: unknown) => {
        this.services.log(`Unhandled error: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"detail":"A server error occurred."}');
      });
    });
    this.server.keepAliveTimeout = 5000;
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    this.server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
      else socket.destroy();
    });
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
      this.server.closeAllConnections();
    });
  }
}
