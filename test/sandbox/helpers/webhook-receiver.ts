import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';

export interface ReceivedNotification {
  headers: IncomingHttpHeaders;
  raw: string;
  body: Record<string, unknown>;
  at: number;
}

/** A local webhook receiver. `answer` decides the status of each request (default 200). */
export class WebhookReceiver {
  readonly received: ReceivedNotification[] = [];
  answer: (request: ReceivedNotification, index: number) => number | 'hang' = () => 200;
  private server: Server | null = null;
  private waiters: { count: number; resolve: () => void }[] = [];
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const entry: ReceivedNotification = { headers: req.headers, raw, body: JSON.parse(raw) as Record<string, unknown>, at: Date.now() };
        this.received.push(entry);
        const status = this.answer(entry, this.received.length - 1);
        this.waiters = this.waiters.filter((waiter) => {
          if (this.received.length < waiter.count) return true;
          waiter.resolve();
          return false;
        });
        if (status === 'hang') return;
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks/secret-token`;
    return this;
  }

  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs = 5000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Expected ${count} webhook requests, got ${this.received.length}`)), timeoutMs);
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  clear(): void {
    this.received.length = 0;
    this.answer = () => 200;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
