import type { Transport } from '../../../shared';
import type { ConnectionMonitor } from './connection';
import { openEventSocket } from './event-socket';
import { postCall } from './http-call';

/** The local web host: calls over HTTP, events over one WebSocket, both carrying the session token. */
export function webTransport(token: string): { transport: Transport; monitor: ConnectionMonitor } {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = openEventSocket(`${scheme}//${window.location.host}/api/events`, token);
  return {
    transport: {
      call: (name, input) => postCall(token, name, input),
      subscribe: (name, listener) => socket.subscribe(name, listener),
    },
    monitor: socket.monitor,
  };
}
