import { connect } from 'node:net';

/** What a burst did: answers 200, its duration, each answer's time (ms) and the sender's own CPU per request (µs). */
export interface BurstResult {
  ok: number;
  seconds: number;
  latencies: number[];
  clientCpu: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Posts every body (JSON) to a URL over `connections` keep-alive HTTP/1.1 connections, one request in
 * flight on each, as a service delivering notifications does. A minimal client on purpose: the bench's
 * sender shares the machine's two cores with the listener it measures (the service sends from elsewhere),
 * so it spends as little CPU as it can — one write per request, the answer read by its Content-Length —
 * where a general client (undici) spent 30–60 µs a request there. An answer it cannot read, or a
 * connection closed before the burst is sent, fails the burst.
 */
export async function postBurst(url: string, bodies: readonly string[], connections: number): Promise<BurstResult> {
  const target = new URL(url);
  const head = `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nContent-Length: `;
  const latencies: number[] = [];
  let ok = 0;
  let next = 0;
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const lane = () =>
    new Promise<void>((resolve, reject) => {
      const socket = connect({ host: target.hostname, port: Number(target.port) });
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0n;
      let done = false;
      const fail = (error: Error) => {
        if (done) return;
        done = true;
        socket.destroy();
        reject(error);
      };
      const send = () => {
        if (next >= bodies.length) {
          done = true;
          socket.end();
          return resolve();
        }
        const body = bodies[next++] ?? '';
        sentAt = process.hrtime.bigint();
        socket.write(`${head}${Buffer.byteLength(body)}\r\n\r\n${body}`);
      };
      socket.once('connect', send);
      socket.on('data', (chunk: Buffer) => {
        pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
        const end = pending.indexOf(HEAD_END);
        if (end < 0) return;
        const headers = pending.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(headers)?.[1] ?? 'x');
        if (!Number.isInteger(length)) return fail(new Error(`an answer without Content-Length: ${headers.slice(0, 200)}`));
        if (pending.length < end + HEAD_END.length + length) return;
        if (pending.length > end + HEAD_END.length + length) return fail(new Error('an answer the client did not ask for'));
        pending = Buffer.alloc(0);
        latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        if (headers.startsWith('HTTP/1.1 200 ')) ok += 1;
        send();
      });
      socket.on('error', fail);
      socket.on('close', () => fail(new Error('the listener closed a connection in the middle of the burst')));
    });
  await Promise.all(Array.from({ length: connections }, lane));
  const used = process.cpuUsage(cpu);
  return {
    ok,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
    latencies,
    clientCpu: (used.user + used.system) / Math.max(1, bodies.length),
  };
}
