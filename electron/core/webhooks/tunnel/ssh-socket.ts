// The SSH tunnel's TCP connection to the server (issue 33), made for many small requests at once:
// Nagle off, the SSH packets written in one turn of the event loop handed to the kernel together, and
// what the server sends acknowledged at once.
import { Socket } from 'node:net';

export interface SshConnection {
  /** For ssh2's `sock` option (errors and the ready timeout stay ssh2's, as with the socket it makes itself). */
  socket: Socket;
  /**
   * From now on (call it once the session is up), data from the server that nothing written in the
   * same turn of the event loop answers is answered with `send()`: a small packet the server does not
   * reply to, so that TCP's acknowledgment of that data leaves at once with it.
   */
  acknowledgeWith(send: () => void): void;
}

/**
 * Connects to the SSH server.
 *
 * Nagle off: a tunneled answer is one small SSH packet, and with Nagle on it waited for the server's
 * delayed ACK of the previous one (40 ms or more each: 18 notifications a second one after another,
 * instead of the listener's ~100).
 *
 * Writes coalesced: the first write of a turn corks the socket, which is uncorked at the end of that
 * turn (process.nextTick: after the turn's promises, before any I/O). When a group commit answers forty
 * notifications at once, their forty SSH packets leave in one writev, not forty write calls.
 *
 * Acknowledged at once (`acknowledgeWith`): an OpenSSH server has Nagle on for a session without a
 * terminal, so after sending us one request it holds the next ones until its last packet is ACKed. A
 * request is answered only after its group commit, and the kernel here delays a lone ACK by 40 ms or
 * more: the requests that came in meanwhile missed the next commit (on the bench, 190–215 transactions
 * for 6,000 tunneled notifications instead of 105–160).
 */
export function connectSsh(host: string, port: number): SshConnection {
  // Nagle is set off before connecting and applied once connected (socket.connect's own noDelay option
  // is ignored on Node 20).
  const socket = new Socket().setNoDelay(true).connect({ host, port });
  // Set after connect(), which puts Socket.prototype.write back on the socket (a subclass's would be undone).
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  let corked = false;
  let writes = 0;
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
    writes += 1;
    return write(...args);
  }) as Socket['write'];

  return {
    socket,
    acknowledgeWith(send) {
      let waiting = false;
      // A listener added now, not before: ssh2 reads the socket from its own 'data' listener from the start.
      socket.on('data', () => {
        if (waiting) return;
        waiting = true;
        const before = writes;
        process.nextTick(() => {
          waiting = false;
          if (writes !== before || !socket.writable) return;
          try {
            send();
          } catch {
            // The connection is closing: ssh2 says so itself.
          }
        });
      });
    },
  };
}
