// The SSH tunnel hands each connection to the listener of its own process (issue 33): the SSH channel is
// served by the HTTP server as it is, with no second TCP connection to 127.0.0.1 and back. Shown with a
// real sshd and an HTTP server that listens on no port at all: requests through the tunnel are answered,
// several on one kept-alive connection (webhooks.tunnel-ssh.test.ts takes notifications through it end to end).
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SshTunnel } from '../../electron/core/webhooks/tunnel/ssh-tunnel';
import { freePort, sshTunnelTo, startSshServer, type SshServer } from '../helpers/ssh-server';

let sshd: SshServer;
beforeAll(async () => {
  sshd = await startSshServer();
});
afterAll(async () => {
  await sshd.stop();
});

describe('the SSH tunnel in the listener’s process', () => {
  it('serves connections arriving through the tunnel without a local TCP connection', async () => {
    let served = 0;
    // Listens on no port: the only way in is the tunnel's hand-off.
    const server = createServer((req, res) => {
      served += 1;
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => res.end(`got ${body}`));
    });
    const closedPort = await freePort();
    const remotePort = await freePort();
    const tunnel = new SshTunnel({ ...sshTunnelTo(sshd, remotePort), pinnedFingerprint: null });
    const lost: Error[] = [];
    const url = await tunnel.start(closedPort, {
      lost: (error) => lost.push(error),
      connection: (stream) => server.emit('connection', stream),
    });
    // One connection kept alive for three requests, as the service's client does.
    const agent = new Agent({ connections: 1 });
    try {
      const answers: string[] = [];
      for (const word of ['one', 'two', 'three']) {
        const res = await request(`${url}/hooks/x`, { method: 'POST', body: word, dispatcher: agent });
        expect(res.statusCode).toBe(200);
        answers.push(await res.body.text());
      }
      expect(answers).toEqual(['got one', 'got two', 'got three']);
      expect(served).toBe(3);
      expect(lost).toEqual([]);
    } finally {
      await agent.close();
      await tunnel.stop();
      server.close();
    }
  }, 60_000);
});
