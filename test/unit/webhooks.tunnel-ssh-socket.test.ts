// The SSH tunnel's socket (ssh-socket.ts): the SSH packets written in one turn of the event loop are
// handed to the kernel together when it ends, and arrive whole and in order.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { connectSsh } from '../../electron/core/webhooks/tunnel/ssh-socket';

describe('the SSH tunnel’s socket', () => {
  it('holds the writes of one turn and sends them together when it ends', async () => {
    const all = 'one;two;three;four;';
    let received = '';
    let wake = () => {};
    const server = createServer((peer: Socket) =>
      peer.on('data', (chunk: Buffer) => {
        received += chunk.toString();
        wake();
      }),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const socket = connectSsh('127.0.0.1', (server.address() as AddressInfo).port);
    try {
      await once(socket, 'connect');
      for (const packet of ['one;', 'two;', 'three;']) socket.write(packet);
      // Still the socket's, not yet the kernel's: corked until the turn ends.
      expect(socket.writableCorked).toBe(1);
      expect(socket.writableLength).toBe('one;two;three;'.length);
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket.writableCorked).toBe(0);
      expect(socket.writableLength).toBe(0);
      // The next turn's writes are held again, and arrive after the first ones.
      socket.write('four;');
      expect(socket.writableCorked).toBe(1);
      while (received.length < all.length) await new Promise<void>((resolve) => (wake = resolve));
      expect(received).toBe(all);
    } finally {
      socket.destroy();
      server.close();
    }
  });
});
