import type { Page, WebSocketRoute } from '@playwright/test';

/** An error answer, as the host would send it (`{ ok: false, error }`). */
export class StubError extends Error {
  constructor(
    readonly shape: {
      kind: string;
      message: string;
      code?: string;
      params?: Record<string, string | number>;
      fields?: Record<string, string[]>;
    },
  ) {
    super(shape.message);
  }
}

export type StubHandler = (input: Record<string, unknown>) => unknown;

export interface HostStub {
  /** Every call the stub answered, in order, with when it arrived (ms). */
  calls: { op: string; input: Record<string, unknown>; at: number }[];
  /** Pushes an event to the page as if the host had sent it. */
  emit(event: string, payload: unknown): void;
  /** How many calls of `op` the stub answered. */
  count(op: string): number;
}

/**
 * Answers some operations in the browser's network layer (the rest reach the real web host) and
 * replaces the event stream with one the test drives. For UI states the real host cannot easily
 * produce on demand (a sync half-way, a burst of notifications, unknown codes, refusals).
 */
export async function stubHost(page: Page, handlers: Record<string, StubHandler>): Promise<HostStub> {
  const calls: HostStub['calls'] = [];
  const sockets: WebSocketRoute[] = [];
  await page.route('**/api/call', async (route) => {
    const body = route.request().postDataJSON() as { op: string; input: Record<string, unknown> };
    const handler = handlers[body.op];
    if (!handler) return route.fallback();
    calls.push({ op: body.op, input: body.input, at: Date.now() });
    try {
      return await route.fulfill({ json: { ok: true, value: await handler(body.input) } });
    } catch (error) {
      if (error instanceof StubError) return route.fulfill({ json: { ok: false, error: error.shape } });
      throw error;
    }
  });
  await page.routeWebSocket(/\/api\/events$/, (socket) => {
    sockets.push(socket);
  });
  return {
    calls,
    emit(event, payload) {
      for (const socket of sockets) socket.send(JSON.stringify({ event, payload }));
    },
    count: (op) => calls.filter((call) => call.op === op).length,
  };
}
