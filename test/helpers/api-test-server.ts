// Shared by the api-client.*.test.ts files: a local HTTP server to script the service's answers,
// a virtual clock for the limiter, and a client wired to both.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Agent } from 'undici';
import type { Clock } from '../../electron/core/api/clock';
import { Limiter } from '../../electron/core/api/limiter';
import type { LimiterOptions } from '../../electron/core/api/limiter-options';
import { ServiceClient, type ServiceClientOptions } from '../../electron/core/api/service-client';
import type { Logger, LogLevel } from '../../electron/core/logging/logger';
import { Redactor } from '../../electron/core/logging/redact';

export const API_KEY = 'sk_test_4f9a2c7e1b8d3a6f';

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Real time the request's headers arrived. */
  at: number;
}

export type Handler = (req: SeenRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export interface TestServer {
  url: string;
  requests: SeenRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1. Bodies are read whole unless the handler is marked `streaming`. */
export async function startTestServer(handler: Handler = notFound, options: { streaming?: boolean } = {}): Promise<TestServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (req, res) => {
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: req.headers,
      body: Buffer.alloc(0),
      at: Date.now(),
    };
    requests.push(seen);
    if (!options.streaming) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.body = Buffer.concat(chunks);
    }
    try {
      await current(seen, res, req);
    } catch {
      res.destroy();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      current = next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function notFound(_req: SeenRequest, res: ServerResponse): void {
  json(res, 404, { detail: 'Not found.' });
}

/** Time that only moves when something sleeps: each wait jumps straight to the earliest wake-up. */
export class VirtualClock implements Clock {
  private time = Date.UTC(2025, 0, 6, 9, 0, 0);
  private timers: { at: number; resolve: () => void }[] = [];
  private scheduled = false;
  readonly sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    signal?.throwIfAborted();
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.timers.push({ at: this.time + ms, resolve });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.timers.sort((a, b) => a.at - b.at);
      const first = this.timers[0];
      if (!first) return;
      this.time = Math.max(this.time, first.at);
      const due = this.timers.filter((timer) => timer.at <= this.time);
      this.timers = this.timers.filter((timer) => timer.at > this.time);
      for (const timer of due) timer.resolve();
      if (this.timers.length > 0) this.schedule();
    });
  }
}

export class MemoryLogger implements Logger {
  readonly lines: { level: LogLevel; message: string; detail?: Record<string, unknown> }[] = [];
  log(level: LogLevel, message: string, detail?: Record<string, unknown>): void {
    this.lines.push({ level, message, detail });
  }
}

export interface TestClient {
  client: ServiceClient;
  limiter: Limiter;
  clock: VirtualClock;
  logger: MemoryLogger;
  dispatcher: Agent;
  close(): Promise<void>;
}

/** A client on a virtual clock (waits take no real time) with short real timeouts. */
export function testClient(
  baseUrl: string,
  options: { limiter?: Partial<LimiterOptions>; random?: () => number; client?: Partial<ServiceClientOptions> } = {},
): TestClient {
  const clock = new VirtualClock();
  const limiter = new Limiter(
    { requestsPerSecond: 1000, burst: 1000, ...options.limiter },
    { clock, random: options.random ?? (() => 0.5) },
  );
  const dispatcher = new Agent({ connect: { timeout: 2_000 }, headersTimeout: 2_000, bodyTimeout: 2_000 });
  const logger = new MemoryLogger();
  const client = new ServiceClient({
    baseUrl,
    apiKey: API_KEY,
    dispatcher,
    limiter,
    redactor: new Redactor(),
    logger,
    timeouts: { headersMs: 2_000, bodyMs: 2_000 },
    ...options.client,
  });
  let closing: Promise<void> | undefined;
  return { client, limiter, clock, logger, dispatcher, close: () => (closing ??= dispatcher.close()) };
}

/** The service's JSON for a document, as public integrations show it. */
export function wireDocument(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: `Contract ${id}`,
    status: 'PE',
    creation_date: '2025-01-06T09:00:00Z',
    cancel_reason: null,
    file_name: 'contract.pdf',
    file_hash: 'ab'.repeat(32),
    signatures: [
      {
        id: `${id}-s1`,
        created_date: '2025-01-06T09:00:00Z',
        status: 'IN',
        url: `https://sign.example/${id}-s1`,
        invite_channel: ['EM'],
        validations: { EM: { value: 'ana@example.com', validated: false } },
        invalidation_reason: null,
      },
    ],
    ...overrides,
  };
}
