// The SSH tunnel's TCP connection to the server (issue 33), made for many small requests at once:
// Nagle off, and the SSH packets written in one turn of the event loop handed to the kernel together.
import { Socket } from 'node:net';

/**
 * Connects to the SSH server, for ssh2's `sock` option (errors and the ready timeout stay ssh2's, as
 * with the socket it makes itself).
 *
 * Nagle off: a tunneled answer is one small SSH packet, and with Nagle on it waited for the server's
 * delayed ACK of the previous one (40 ms or more each: 18 notifications a second one after another,
 * instead of the listener's ~100).
 *
 * Writes coalesced: the first write of a turn of the event loop corks the socket, and it is uncorked at
 * the end of that turn (process.nextTick: after the turn's promises, before any I/O). When a group
 * commit answers forty notifications at once, their forty SSH packets leave in one writev, not forty
 * write calls, and the server reads them in one go.
 */
export function connectSsh(host: string, port: number): Socket {
  // Nagle is set off before connecting and applied once connected (socket.connect's own noDelay option
  // is ignored on Node 20).
  const socket = new Socket().setNoDelay(true).connect({ host, port });
  // Set after connect(), which puts Socket.prototype.write back on the socket (a subclass's would be undone).
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  socket.write = ((...args: unknown[]) => {
    if (!corked) {
      corked = true;
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  }) as Socket['write'];
  return socket;
}
