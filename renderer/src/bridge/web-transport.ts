import type { Transport } from '../../../shared';
import type { ConnectionMonitor } from './connection';
import { openEventSocket } from './event-socket';
import type { HostSession } from './host-session';
import { postCall } from './http-call';

/** The local web host: calls over HTTP, events over one WebSocket, both carrying this start's session credential. */
export function webTransport(session: HostSession): { transport: Transport; monitor: ConnectionMonitor } {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = openEventSocket(`${scheme}//${window.location.host}/api/events`, session);
  return {
    transport: {
      call: (name, input) => postCall(session, name, input),
      subscribe: (name, listener) => socket.subscribe(name, listener),
    },
    monitor: socket.monitor,
  };
}
