import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pkijs from 'pkijs';
import type { Sandbox } from './start-sandbox';
import { startSandbox } from './start-sandbox';

/** The sandbox's RFC 3161 time-stamping authority, checked with openssl alone. */
let sandbox: Sandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3 });
  dir = mkdtempSync(join(tmpdir(), 'sandbox-tsa-'));
  writeFileSync(join(dir, 'data.txt'), 'what the token vouches for\n');
});
afterAll(async () => {
  await sandbox.stop();
  rmSync(dir, { recursive: true, force: true });
});

function query(file = 'data.txt'): Buffer {
  return execFileSync('openssl', ['ts', '-query', '-data', join(dir, file), '-sha256', '-cert'], { stdio: ['ignore', 'pipe', 'ignore'] });
}

async function ask(body: Buffer, type = 'application/timestamp-query'): Promise<Response> {
  return fetch(sandbox.tsa.url, { method: 'POST', headers: { 'content-type': type }, body });
}

describe('sandbox TSA', () => {
  it('answers an openssl query with a reply that openssl ts -verify accepts against the sandbox CA', async () => {
    const request = query();
    writeFileSync(join(dir, 'req.tsq'), request);
    const response = await ask(request);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/timestamp-reply');
    writeFileSync(join(dir, 'reply.tsr'), Buffer.from(await response.arrayBuffer()));
    const verify = spawnSync(
      'openssl',
      ['ts', '-verify', '-in', join(dir, 'reply.tsr'), '-data', join(dir, 'data.txt'), '-CAfile', sandbox.tsa.caFile],
      { encoding: 'utf8' },
    );
    expect(verify.stdout + verify.stderr).toContain('Verification: OK');
    expect(verify.status).toBe(0);
    const nonce = spawnSync(
      'openssl',
      ['ts', '-verify', '-in', join(dir, 'reply.tsr'), '-queryfile', join(dir, 'req.tsq'), '-CAfile', sandbox.tsa.caFile],
      { encoding: 'utf8' },
    );
    expect(nonce.status).toBe(0);
    writeFileSync(join(dir, 'other.txt'), 'something else\n');
    const other = spawnSync(
      'openssl',
      ['ts', '-verify', '-in', join(dir, 'reply.tsr'), '-data', join(dir, 'other.txt'), '-CAfile', sandbox.tsa.caFile],
      { encoding: 'utf8' },
    );
    expect(other.status).not.toBe(0);
    const text = execFileSync('openssl', ['ts', '-reply', '-in', join(dir, 'reply.tsr'), '-text'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text).toContain('Status: Granted.');
    expect(text).toContain('Hash Algorithm: sha256');
  });

  it('its certificate is issued by the sandbox CA with the one critical extended key usage timeStamping', async () => {
    const reply = pkijs.TimeStampResp.fromBER(Buffer.from(await (await ask(query())).arrayBuffer()));
    const signed = new pkijs.SignedData({ schema: reply.timeStampToken!.content });
    writeFileSync(join(dir, 'tsa.der'), Buffer.from((signed.certificates![0] as pkijs.Certificate).toSchema().toBER(false)));
    const text = execFileSync('openssl', ['x509', '-inform', 'DER', '-in', join(dir, 'tsa.der'), '-noout', '-text'], { encoding: 'utf8' });
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
    expect(text).toContain('Issuer: C = ES, O = SignDock Sandbox, OU = Test only - not a trusted authority, CN = SignDock Sandbox Root CA');
  });

  it('refuses what is not a time-stamp request: a rejection reply, a 415, a 405', async () => {
    const rejected = pkijs.TimeStampResp.fromBER(Buffer.from(await (await ask(Buffer.from('not DER'))).arrayBuffer()));
    expect(rejected.status.status).toBe(pkijs.PKIStatus.rejection);
    expect(rejected.timeStampToken).toBeUndefined();
    expect((await ask(query(), 'application/json')).status).toBe(415);
    expect((await fetch(sandbox.tsa.url)).status).toBe(405);
  });

  it('switched off through the control API it cannot be reached, and answers again when switched on', async () => {
    await sandbox.controlClient.setTsa({ enabled: false });
    await expect(ask(query())).rejects.toThrow();
    await sandbox.controlClient.setTsa({ enabled: true });
    expect((await ask(query())).status).toBe(200);
    const state = await sandbox.controlClient.tsa();
    expect(state.enabled).toBe(true);
    expect(state.issued).toBeGreaterThanOrEqual(3);
    expect(state.refused).toBe(1);
  });

  it('a shorter certificate validity set through the control API shows in the next token', async () => {
    await sandbox.controlClient.setTsa({ cert_not_after: '2031-01-01T00:00:00.000Z' });
    const reply = pkijs.TimeStampResp.fromBER(Buffer.from(await (await ask(query())).arrayBuffer()));
    const cert = new pkijs.SignedData({ schema: reply.timeStampToken!.content }).certificates![0] as pkijs.Certificate;
    expect(cert.notAfter.value.toISOString()).toBe('2031-01-01T00:00:00.000Z');
    await expect(sandbox.controlClient.setTsa({ cert_not_after: 'soon' })).rejects.toThrow(/ISO date/);
    await sandbox.controlClient.reset();
    expect((await sandbox.controlClient.tsa()).cert_not_after).toBe('2060-01-01T00:00:00.000Z');
  });
});
