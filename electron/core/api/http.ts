import { Agent, type Dispatcher } from 'undici';

export interface HttpTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

export const defaultTimeouts: HttpTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 60_000 };

/** The HTTP dispatcher the core talks to the service through: timeouts for connect, headers and body. */
export function createHttpDispatcher(timeouts: HttpTimeouts = defaultTimeouts): Dispatcher {
  return new Agent({
    connect: { timeout: timeouts.connectMs },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
  });
}
