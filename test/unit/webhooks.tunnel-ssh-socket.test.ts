// The SSH tunnel's socket (ssh-socket.ts): the SSH packets written in one turn of the event loop are
// handed to the kernel together when it ends, and arrive whole and in order; data from the server that
// nothing written in the same turn answers is answered with the packet given (which carries TCP's ACK).
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectSsh, type SshConnection } from '../../electron/core/webhooks/tunnel/ssh-socket';

let server: Server;
let peer: Socket;
let received = '';
let wake = () => {};
let connection: SshConnection;
/** Waits until the server has received `text` in all. */
const until = async (text: string) => {
  while (received.length < text.length) await new Promise<void>((resolve) => (wake = resolve));
};

beforeEach(async () => {
  received = '';
  server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  connection = connectSsh('127.0.0.1', (server.address() as AddressInfo).port);
  [peer] = await accepted;
  peer.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    wake();
  });
  if (connection.socket.connecting) await once(connection.socket, 'connect');
});
afterEach(() => {
  connection.socket.destroy();
  server.close();
});

describe('the SSH tunnel’s socket', () => {
  it('holds the writes of one turn and sends them together when it ends', async () => {
    const { socket } = connection;
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
    await until('one;two;three;four;');
    expect(received).toBe('one;two;three;four;');
  });

  it('answers data from the server that nothing answered in the same turn, and only that', async () => {
    const { socket } = connection;
    let sent = 0;
    connection.acknowledgeWith(() => {
      sent += 1;
      socket.write('ack;');
    });
    // Data nothing answers: one acknowledgment.
    peer.write('request 1');
    await until('ack;');
    expect(sent).toBe(1);
    // Data answered in the same turn: none.
    const answer = () => socket.write('answer;');
    socket.once('data', answer);
    peer.write('request 2');
    await until('ack;answer;');
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(1);
    expect(received).toBe('ack;answer;');
  });
});
