import { randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkBagTimestamp, renewBagTimestamp, stampBag, TOKEN_FILE } from '../../electron/core/evidence/timestamp/bag-timestamp';
import { verifyToken } from '../../electron/core/evidence/timestamp/token-verify';
import { requestTimestamp } from '../../electron/core/evidence/timestamp/tsa-client';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { tempFolder } from '../helpers/temp-folder';
import { opensslStamp, opensslTime, opensslVerify } from '../helpers/tsa-openssl';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';
import type { TsaConfig } from '../sandbox/tsa/tsa-authority';

/**
 * Issue 31, point 2: the TSA's time sanity-checked. The sandbox TSA misbehaves on purpose (genTime off
 * its clock, a CMS signingTime stating another time, a certificate expired before genTime); SignDock
 * refuses such tokens on receipt (genTime within 10 minutes of the request), checks the TSA certificate
 * at genTime, and wants renewals in time order. openssl (at each token's genTime) agrees on every token.
 */
const YEAR = 365.25 * 86_400_000;
let sandbox: Sandbox;
let root: ReturnType<typeof tempFolder>;
let anchors: X509Certificate[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 32 });
  root = tempFolder('signdock-tsa-time-');
  anchors = [new X509Certificate(readFileSync(sandbox.tsa.caFile))];
});
afterEach(async () => {
  await sandbox.controlClient.reset();
});
afterAll(async () => {
  await sandbox.stop();
  root.remove();
});

const newBag = () => writeFixtureBag(root.path, { title: 'Time', documentId: randomUUID(), files: { 'signed.pdf': 1000 } });
const iso = (ms: number) => new Date(ms).toISOString();

/** A TSA whose own certificate is current (valid a year back to three ahead), but whose genTime is off by `offsetMs`; its tokens state signingTime = now. */
const skewed = (offsetMs: number): Partial<TsaConfig> => ({
  cert_not_before: iso(Date.now() - YEAR),
  cert_not_after: iso(Date.now() + 3 * YEAR),
  gen_time_offset_seconds: Math.round(offsetMs / 1000),
  signing_time: iso(Date.now()),
});

/** Asked by openssl (SignDock would refuse it on receipt), the token put in a bag: both checkers must fail it. */
async function plantedFails(pattern: RegExp): Promise<void> {
  const bag = await newBag();
  await opensslStamp(sandbox.tsa.url, join(bag, 'tagmanifest-sha256.txt'), join(bag, TOKEN_FILE));
  const openssl = opensslVerify(join(bag, TOKEN_FILE), join(bag, 'tagmanifest-sha256.txt'), sandbox.tsa.caFile);
  expect(openssl.out).toContain('FAILED');
  const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
  expect(check.state).toBe('failed');
  expect(check.detail).toMatch(pattern);
}

describe('the time-stamping authority’s time', () => {
  it('a token dated five years ahead is refused on receipt (in words), and fails in a bag for SignDock and openssl', async () => {
    await sandbox.controlClient.setTsa(skewed(5 * YEAR));
    await expect(requestTimestamp(sandbox.tsa.url, Buffer.from('x'))).rejects.toThrow(
      /dated its token 20\d\d-.*SignDock accepts a token dated within 10 minutes of when it asked/,
    );
    await plantedFails(/certificate was valid from .* and the token says it was made on/);
  });

  it('a token dated six years back is refused on receipt, and fails in a bag for SignDock and openssl', async () => {
    await sandbox.controlClient.setTsa(skewed(-6 * YEAR));
    await expect(requestTimestamp(sandbox.tsa.url, Buffer.from('x'))).rejects.toThrow(/within 10 minutes of when it asked/);
    await plantedFails(/certificate was valid from .* and the token says it was made on/);
  });

  it('a TSA certificate that expired before genTime vouches for nothing, whatever signingTime the token states', async () => {
    await sandbox.controlClient.setTsa({
      cert_not_before: '2019-01-01T00:00:00Z',
      cert_not_after: '2021-01-01T00:00:00Z',
      signing_time: '2020-06-01T00:00:00Z',
    });
    await expect(requestTimestamp(sandbox.tsa.url, Buffer.from('x'))).rejects.toThrow(
      /valid from 2019-01-01T00:00:00Z to 2021-01-01T00:00:00Z, and the token says it was made on 20\d\d/,
    );
    await plantedFails(/valid from 2019-01-01T00:00:00Z to 2021-01-01T00:00:00Z/);
  });

  it('a renewal dated before the token it covers fails the chain; openssl accepts each token and shows the same two times', async () => {
    const bag = await newBag();
    await sandbox.controlClient.setTsa({ gen_time_offset_seconds: 300 });
    expect((await stampBag(bag, { url: sandbox.tsa.url })).state).toBe('stamped');
    await sandbox.controlClient.setTsa({ gen_time_offset_seconds: -300 });
    expect(await renewBagTimestamp(bag, { url: sandbox.tsa.url })).toBe('timestamps/0002.tsr');
    const manifest = readFileSync(join(bag, 'tagmanifest-sha256.txt'));
    const first = join(bag, TOKEN_FILE);
    const renewal = join(bag, 'timestamps', '0002.tsr');
    const joined = join(root.path, `${randomUUID()}.bin`);
    writeFileSync(joined, Buffer.concat([manifest, readFileSync(first)]));
    // Each token on its own: openssl and SignDock both accept it.
    expect(opensslVerify(first, join(bag, 'tagmanifest-sha256.txt'), sandbox.tsa.caFile).ok).toBe(true);
    expect(opensslVerify(renewal, joined, sandbox.tsa.caFile).ok).toBe(true);
    expect((await verifyToken(readFileSync(first), manifest, anchors)).ok).toBe(true);
    expect((await verifyToken(readFileSync(renewal), readFileSync(joined), anchors)).ok).toBe(true);
    // The chain: the renewal is dated before what it renews (openssl reads the same two times).
    expect(opensslTime(renewal).getTime()).toBeLessThan(opensslTime(first).getTime());
    const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(check).toMatchObject({ state: 'failed', trusted: false });
    expect(check.detail).toMatch(
      /^timestamps\/0002\.tsr: it is dated .*, before the token it renews \(.*\): a renewal is made after what it covers\.$/,
    );
  });
});
