import { randomUUID, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBagTimestamp, TOKEN_FILE } from '../../electron/core/evidence/timestamp/bag-timestamp';
import { requestTimestamp, TsaError } from '../../electron/core/evidence/timestamp/tsa-client';
import { writeFixtureBag } from '../helpers/evidence-bags';
import { tempFolder } from '../helpers/temp-folder';
import { opensslStamp, opensslVerify } from '../helpers/tsa-openssl';
import { startSandbox, type Sandbox } from '../sandbox/start-sandbox';
import { DECOY_NAME } from '../sandbox/tsa/tsa-decoy';

/**
 * Issue 31, point 1: the decoy token. The user trusts a CA as TSA anchor; an employee's e-mail
 * certificate from that CA signs a token, which also carries a self-signed decoy with the employee's
 * subject, the critical timeStamping usage and the ESS hash of the decoy. SignDock must check usage and
 * ESS on the certificate the signature was verified with, refuse the namesake, and agree with openssl.
 */
let sandbox: Sandbox;
let root: ReturnType<typeof tempFolder>;
let anchors: X509Certificate[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 31, tsa: { signer: 'decoy' } });
  root = tempFolder('signdock-tsa-decoy-');
  anchors = [new X509Certificate(readFileSync(sandbox.tsa.caFile))];
});
afterAll(async () => {
  await sandbox.stop();
  root.remove();
});

async function decoyBag(): Promise<string> {
  const bag = await writeFixtureBag(root.path, { title: 'Decoy', documentId: randomUUID(), files: { 'signed.pdf': 2000 } });
  await opensslStamp(sandbox.tsa.url, join(bag, 'tagmanifest-sha256.txt'), join(bag, TOKEN_FILE));
  return bag;
}

describe('a token signed by an employee certificate under the TSA anchor, with a same-named decoy', () => {
  it('fails in SignDock (failed, not trusted) and in openssl ts -verify alike', async () => {
    const bag = await decoyBag();
    const openssl = opensslVerify(join(bag, TOKEN_FILE), join(bag, 'tagmanifest-sha256.txt'), sandbox.tsa.caFile);
    expect(openssl.out).toContain('FAILED');
    expect(openssl.ok).toBe(false);
    const check = await checkBagTimestamp(bag, { anchors, tsaConfigured: true });
    expect(check).toMatchObject({ state: 'failed', trusted: false, tsa: DECOY_NAME });
    expect(check.detail).toContain(`two different certificates named "${DECOY_NAME}"`);
  });

  it('is refused on receipt, as a reply that does not check out', async () => {
    const refused = requestTimestamp(sandbox.tsa.url, Buffer.from('the tag manifest'));
    await expect(refused).rejects.toBeInstanceOf(TsaError);
    await expect(refused).rejects.toMatchObject({ kind: 'bad-reply' });
  });
});
