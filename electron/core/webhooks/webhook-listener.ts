import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { RefusalReason } from '../../../shared/domain/webhooks';
import type { Logger } from '../logging/logger';
import type { StoreResult } from './inbox-repo';
import { parseNotification, type InboxEntry } from './notification';
import { readCapped } from './read-capped';

export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export interface ListenerCounters {
  /** Notifications stored for the first time. */
  accepted: number;
  /** Repeats of a stored notification (answered 200). */
  duplicates: number;
  refused: Record<RefusalReason, number>;
}

export const emptyListenerCounters = (): ListenerCounters => ({
  accepted: 0,
  duplicates: 0,
  refused: {
    'not-found': 0,
    method: 0,
    'media-type': 0,
    'too-large': 0,
    'bad-json': 0,
    'bad-signature': 0,
    'store-failed': 0,
    aborted: 0,
    'bad-request': 0,
  },
});

/** What the listener needs to know about accounts: which token is whose, and HMAC checks. */
export interface ListenerCredentials {
  accountFor(token: string): string | null;
  verify(accountId: string, raw: Buffer, signature: string | undefined): boolean;
}

export interface WebhookListenerOptions {
  credentials: ListenerCredentials;
  /** Commits one notification; resolves after its transaction committed. */
  store: (entry: InboxEntry) => Promise<StoreResult>;
  /** Interface to bind: loopback unless told otherwise. */
  host?: string;
  /** 0 = a free port. */
  port?: number;
  maxBodyBytes?: number;
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  logger?: Logger;
  now?: () => Date;
}

/** The 200's body for each outcome of storing, made once. */
const STORED_ANSWERS: Record<StoreResult, Buffer> = {
  stored: Buffer.from(JSON.stringify({ status: 'stored' })),
  duplicate: Buffer.from(JSON.stringify({ status: 'duplicate' })),
};

const HOOK_PATH = /^\/hooks\/([A-Za-z0-9_-]{1,200})$/;

const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * The webhook endpoint: `POST /hooks/<token>` with a JSON body, on loopback. Each notification is
 * committed to the inbox before the 200; everything else is refused, counted and forgotten.
 */
export class WebhookListener {
  readonly counters: ListenerCounters = emptyListenerCounters();
  private server: Server | null = null;
  private boundPort: number | null = null;
  private readonly maxBodyBytes: number;
  private readonly now: () => Date;

  constructor(private readonly options: WebhookListenerOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES;
    this.now = options.now ?? (() => new Date());
  }

  get port(): number | null {
    return this.boundPort;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  /** Starts listening; resolves with the bound port. */
  async start(): Promise<number> {
    if (this.server && this.boundPort !== null) return this.boundPort;
    const server = createServer((req, res) => this.handle(req, res));
    server.headersTimeout = this.options.headersTimeoutMs ?? 10_000;
    server.requestTimeout = this.options.requestTimeoutMs ?? 15_000;
    server.keepAliveTimeout = 5_000;
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
      this.counters.refused['bad-request'] += 1;
      if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
      const status =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? '431 Request Header Fields Too Large'
            : '400 Bad Request';
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      // A tunnel's channel (accept) has no destroySoon: ending it is enough.
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      // A deep accept queue: the service may open hundreds of connections at once in a burst.
      server.listen({ port: this.options.port ?? 0, host: this.options.host ?? '127.0.0.1', backlog: 4096 }, () => {
        server.off('error', reject);
        resolve();
      });
    });
    // After the bind, an error (an accept failing for lack of file descriptors…) is logged, never fatal.
    server.on('error', (error) => this.options.logger?.log('error', 'Webhook listener error', { error: String(error) }));
    const address = server.address();
    this.server = server;
    this.boundPort = typeof address === 'object' && address !== null ? address.port : null;
    return this.boundPort ?? 0;
  }

  /**
   * A connection that reached this process another way than the listening socket (the SSH tunnel's
   * channel): served exactly as one accepted on the port, with the same path token, caps and timeouts.
   */
  accept(stream: Duplex): void {
    if (!this.server) return void stream.destroy();
    this.server.emit('connection', stream);
  }

  /** Stops accepting, closes every connection. Notifications already committed stay committed. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    this.boundPort = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const token = HOOK_PATH.exec(path)?.[1];
    const accountId = token === undefined ? null : this.options.credentials.accountFor(token);
    if (accountId === null) return this.refuse(req, res, 404, 'not-found', 'Not found.');
    if (req.method !== 'POST') return this.refuse(req, res, 405, 'method', 'Only POST is accepted.', { allow: 'POST' });
    if (mediaType(req.headers['content-type']) !== 'application/json')
      return this.refuse(req, res, 415, 'media-type', 'Send application/json.');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > this.maxBodyBytes) return this.refuse(req, res, 413, 'too-large', 'Body too large.');
    void this.receive(req, res, accountId);
  }

  private async receive(req: IncomingMessage, res: ServerResponse, accountId: string): Promise<void> {
    const read = await readCapped(req, this.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === 'too-large') return this.refuse(req, res, 413, 'too-large', 'Body too large.');
      this.counters.refused.aborted += 1;
      req.socket.destroy();
      return;
    }
    const signature = req.headers['x-signature-sha256'];
    if (!this.options.credentials.verify(accountId, read.body, Array.isArray(signature) ? signature[0] : signature)) {
      return this.refuse(req, res, 401, 'bad-signature', 'Signature missing or wrong.');
    }
    const entry = parseNotification(accountId, read.body, this.now());
    if (entry === null) return this.refuse(req, res, 400, 'bad-json', 'The body is not a JSON object.');
    let result: StoreResult;
    try {
      result = await this.options.store(entry);
    } catch (error) {
      this.options.logger?.log('error', 'Webhook inbox could not store a notification', { error: String(error) });
      return this.refuse(req, res, 503, 'store-failed', 'Try again later.');
    }
    if (result === 'stored') this.counters.accepted += 1;
    else this.counters.duplicates += 1;
    if (res.headersSent || res.destroyed) return;
    // The answer of every notification stored: its bytes and headers made once (a burst answers thousands a second).
    const body = STORED_ANSWERS[result];
    res.writeHead(200, ['content-type', 'application/json', 'content-length', String(body.length), 'cache-control', 'no-store']);
    res.end(body);
  }

  /** Answers a refusal. When the body was not read, the connection is closed and then destroyed. */
  private refuse(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    reason: RefusalReason,
    detail: string,
    headers: Record<string, string> = {},
  ): void {
    this.counters.refused[reason] += 1;
    if (req.complete) return this.answer(res, status, { detail }, headers);
    req.pause();
    res.once('finish', () => req.socket.destroy());
    this.answer(res, status, { detail }, { ...headers, connection: 'close' });
  }

  private answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (res.headersSent || res.destroyed) return;
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'cache-control': 'no-store',
      ...headers,
    });
    res.end(text);
  }
}
