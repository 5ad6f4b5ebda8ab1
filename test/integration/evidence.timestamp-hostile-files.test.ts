import { spawnSync } from 'node:child_process';
import { randomUUID, X509Certificate } from 'node:crypto';
import { lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBagTimestamp, stampBag, TOKEN_FILE } from '../../electron/core/evidence/timestamp/bag-timestamp';
import { requestTimestamp, TsaError } from '../../electron/core/evidence/timestamp/tsa-client';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { tempFolder } from '../helpers/temp-folder';
import { opensslVerify } from '../helpers/tsa-openssl';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';

/**
 * Issue 31, point 6 (the timestamp parts): a TSA reply is capped at 1 MB while it is read (a reply that
 * never ends is given up, the connection closed), and a first token that is a link or a FIFO is shown as
 * FAILED, never as "not timestamped", and never replaced by a new token.
 */
let sandbox: Sandbox;
let root: ReturnType<typeof tempFolder>;
let anchors: X509Certificate[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 33 });
  root = tempFolder('signdock-tsa-files-');
  anchors = [new X509Certificate(readFileSync(sandbox.tsa.caFile))];
});
afterAll(async () => {
  await sandbox.stop();
  root.remove();
});

async function stampedBag(): Promise<string> {
  const bag = await writeFixtureBag(root.path, { title: 'Files', documentId: randomUUID(), files: { 'signed.pdf': 500 } });
  expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('stamped');
  return bag;
}

describe('the reply of a time-stamping authority', () => {
  it('that never ends is given up past 1 MB while reading, and the client closes the connection', async () => {
    let sent = 0;
    let closed!: () => void;
    const hungUp = new Promise<void>((resolve) => (closed = resolve));
    const chunk = Buffer.alloc(64 * 1024, 0x30);
    const server: Server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/timestamp-reply' });
      res.on('close', closed);
      const pour = () => {
        while (!res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) break;
        }
      };
      res.on('drain', pour);
      pour();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
      const asked = requestTimestamp(url, Buffer.from('x'), { timeoutMs: 20_000 });
      await expect(asked).rejects.toBeInstanceOf(TsaError);
      await expect(asked).rejects.toThrow(/sent more than 1 MB; a reply is a few kilobytes\. SignDock stopped reading it\./);
      await hungUp;
      expect(sent).toBeGreaterThan(1024 * 1024);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a first token that is not a regular file', () => {
  it('a link (to another bag’s token) fails, is never followed nor replaced; openssl, following it, fails too', async () => {
    const other = await stampedBag();
    const bag = await stampedBag();
    rmSync(join(bag, TOKEN_FILE));
    symlinkSync(join(other, TOKEN_FILE), join(bag, TOKEN_FILE));
    const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(check).toMatchObject({ state: 'failed', trusted: false });
    expect(check.detail).toBe(
      `${TOKEN_FILE} is not a regular file (a link, a pipe or a folder): the timestamp cannot be checked, and SignDock never follows it.`,
    );
    expect(opensslVerify(join(bag, TOKEN_FILE), join(bag, 'tagmanifest-sha256.txt'), sandbox.tsa.caFile).ok).toBe(false);
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('not-yet');
    expect(lstatSync(join(bag, TOKEN_FILE)).isSymbolicLink()).toBe(true);
  });

  it('a FIFO fails (without waiting on it) and is left as it is', async () => {
    const bag = await stampedBag();
    rmSync(join(bag, TOKEN_FILE));
    expect(spawnSync('mkfifo', [join(bag, TOKEN_FILE)]).status).toBe(0);
    expect(await checkBagTimestamp(bag, { anchors, tsaConfigured: true })).toMatchObject({ state: 'failed', trusted: false });
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('not-yet');
    expect(lstatSync(join(bag, TOKEN_FILE)).isFIFO()).toBe(true);
  });
});
