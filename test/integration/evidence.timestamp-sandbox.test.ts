import { X509Certificate } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTagFiles } from '../../electron/core/evidence/bag/bagit';
import { checkBagTimestamp, renewBagTimestamp, stampBag, TOKEN_FILE } from '../../electron/core/evidence/timestamp/bag-timestamp';
import { requestTimestamp, TsaError } from '../../electron/core/evidence/timestamp/tsa-client';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';

/** The timestamp client, store and check against the sandbox's real TSA over HTTP; openssl as the referee. */
let sandbox: Sandbox;
let root: string;
let anchors: X509Certificate[];
let n = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 });
  root = mkdtempSync(join(tmpdir(), 'signdock-tsa-'));
  anchors = [new X509Certificate(readFileSync(sandbox.tsa.caFile))];
});
afterAll(async () => {
  await sandbox.stop();
  rmSync(root, { recursive: true, force: true });
});

async function newBag(): Promise<string> {
  const bag = join(root, `bag-${(n += 1)}`);
  mkdirSync(join(bag, 'data'), { recursive: true });
  writeFileSync(join(bag, 'data', 'signed.pdf'), `%PDF-1.7 bag ${n}\n`);
  await writeTagFiles(bag, [['External-Identifier', `doc-${n}`]], [{ path: 'data/signed.pdf' }]);
  return bag;
}

function opensslVerify(token: string, data: string): { status: number | null; out: string } {
  const run = spawnSync('openssl', ['ts', '-verify', '-in', token, '-data', data, '-CAfile', sandbox.tsa.caFile], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('timestamps against the sandbox TSA', () => {
  it('a bag gets a token over its tag manifest that openssl ts -verify accepts, and SignDock shows its time and TSA', async () => {
    const bag = await newBag();
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('stamped');
    const openssl = opensslVerify(join(bag, TOKEN_FILE), join(bag, 'tagmanifest-sha256.txt'));
    expect(openssl.out).toContain('Verification: OK');
    expect(openssl.status).toBe(0);
    const trusted = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(trusted).toMatchObject({
      state: 'passed',
      trusted: true,
      tokens: 1,
      tsa: 'SignDock Sandbox time-stamping authority',
      warnings: [],
    });
    expect(Math.abs(Date.parse(trusted.time!) - Date.now())).toBeLessThan(60_000);
    expect(await checkBagTimestamp(bag, { anchors: [], tsaConfigured: false })).toMatchObject({ state: 'passed', trusted: false });
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('already');
  });

  it('a changed tag manifest fails the check (and openssl agrees)', async () => {
    const bag = await newBag();
    await stampBag(bag, { url: sandbox.tsa.url });
    appendFileSync(join(bag, 'tagmanifest-sha256.txt'), '0'.repeat(64) + '  extra.txt\n');
    const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(check.state).toBe('failed');
    expect(check.detail).toMatch(/changed since it was timestamped/);
    expect(opensslVerify(join(bag, TOKEN_FILE), join(bag, 'tagmanifest-sha256.txt')).status).not.toBe(0);
  });

  it('a token altered by one byte fails', async () => {
    const bag = await newBag();
    await stampBag(bag, { url: sandbox.tsa.url });
    const token = readFileSync(join(bag, TOKEN_FILE));
    token.writeUInt8(token.readUInt8(token.length - 10) ^ 0xff, token.length - 10);
    writeFileSync(join(bag, TOKEN_FILE), token);
    expect((await checkBagTimestamp(bag, { anchors, tsaConfigured: true })).state).toBe('failed');
  });

  it('with no TSA set the bag says "not timestamped"; with the TSA unreachable "not timestamped yet", and a later stamp adds the token', async () => {
    const bag = await newBag();
    expect(await stampBag(bag, null)).toMatchObject({ state: 'none' });
    expect(await checkBagTimestamp(bag, { anchors, tsaConfigured: false })).toMatchObject({
      state: 'none',
      detail: 'Not timestamped: no time-stamping authority is set.',
    });
    await sandbox.controlClient.setTsa({ enabled: false });
    try {
      const down = await stampBag(bag, { url: sandbox.tsa.url });
      expect(down.state).toBe('not-yet');
      expect(down.detail).toMatch(/could not be reached/);
      await expect(requestTimestamp(sandbox.tsa.url, Buffer.from('x'))).rejects.toBeInstanceOf(TsaError);
      expect(await checkBagTimestamp(bag, { anchors, tsaConfigured: true })).toMatchObject({ state: 'not-yet' });
    } finally {
      await sandbox.controlClient.setTsa({ enabled: true });
    }
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('stamped');
    expect(await checkBagTimestamp(bag, { anchors, tsaConfigured: true })).toMatchObject({ state: 'passed' });
  });

  it('a renewal covers the tag manifest and the token before it; openssl checks it over the two files joined', async () => {
    const bag = await newBag();
    await stampBag(bag, { url: sandbox.tsa.url });
    expect(await renewBagTimestamp(bag, { url: sandbox.tsa.url })).toBe('timestamps/0002.tsr');
    expect(await renewBagTimestamp(bag, { url: sandbox.tsa.url })).toBe('timestamps/0003.tsr');
    const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(check).toMatchObject({ state: 'passed', tokens: 3, trusted: true });
    expect(check.renewedAt).not.toBeNull();
    const joined = join(root, 'joined.bin');
    writeFileSync(
      joined,
      Buffer.concat([readFileSync(join(bag, 'tagmanifest-sha256.txt')), readFileSync(join(bag, 'timestamps', '0002.tsr'))]),
    );
    expect(opensslVerify(join(bag, 'timestamps', '0003.tsr'), joined).status).toBe(0);
    // Replacing the first token breaks the chain at the renewal that covered it.
    const other = await newBag();
    await stampBag(other, { url: sandbox.tsa.url });
    writeFileSync(join(bag, TOKEN_FILE), readFileSync(join(other, TOKEN_FILE)));
    const broken = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(broken.state).toBe('failed');
  });

  it("warns 90 days ahead of the TSA certificate's expiry", async () => {
    const soon = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await sandbox.controlClient.setTsa({ cert_not_after: soon });
    try {
      const bag = await newBag();
      await stampBag(bag, { url: sandbox.tsa.url });
      const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
      expect(check.state).toBe('passed');
      expect(check.warnings.join(' ')).toMatch(/expires on .* \(in 2\d days\): re-timestamp/);
    } finally {
      await sandbox.controlClient.reset();
    }
  });
});
