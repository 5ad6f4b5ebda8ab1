import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBags } from '../../electron/core/evidence/checks/bag-verify';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 31 point 7: counsel's VERIFY.txt runs as written on the export's files alone. Real CLI runs
 * against the sandbox and its TSA: one bag archived trusting the TSA's CA, one with the TSA's address
 * only, then a renewal of each; every bag holds `tsa-chain.pem` beside its token; the export is made
 * trusting the CA. Unzipped with `unzip`, every `$ ` line of VERIFY.txt is run with `sh -c` in the
 * export's top folder and succeeds; after one payload byte changes, the sha256sum steps fail. Reviewing
 * with `verify --archive DIR --tsa-ca FILE` trusts the TSA for that run.
 */
let sandbox: Sandbox;
let home: ReturnType<typeof tempFolder>;
let env: Record<string, string>;
const ids: string[] = [];

/** A document signed in the sandbox (its id kept in `ids`). */
async function signed(title: string): Promise<string> {
  const signatures = [{ validations: { EM: `reader${ids.length}@example.com` }, inviteChannel: ['EM' as const] }];
  const { id } = sandbox.services.workflow.create({ title, file: await samplePdf(title), signatures });
  await sandbox.controlClient.signAll();
  ids.push(id);
  return id;
}

/** The `$ ` lines of VERIFY.txt, each run literally with `sh -c` in the export's top folder. */
function runVerifyTxt(top: string): { command: string; status: number | null; out: string }[] {
  const text = readFileSync(join(top, 'data', 'VERIFY.txt'), 'utf8');
  return text
    .split('\n')
    .flatMap((line) => (/^\s+\$ (.+)$/.exec(line)?.[1] ? [/^\s+\$ (.+)$/.exec(line)![1]!] : []))
    .map((command) => {
      const run = spawnSync('sh', ['-c', command], { cwd: top, encoding: 'utf8' });
      return { command, status: run.status, out: `${run.stdout}${run.stderr}` };
    });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 31, autoSign: { enabled: false } });
  home = tempFolder('signdock-verify-txt-');
  env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
  const trusted = await signed('Lease – CA trusted when archived');
  let run = await runCli(['--home', home.path, '--tsa', sandbox.tsa.url, '--tsa-ca', sandbox.tsa.caFile, 'archive', trusted], { env });
  expect(run.code, run.stderr).toBe(0);
  const addressOnly = await signed("NDA – O'Brien, TSA address only");
  run = await runCli(['--home', home.path, '--tsa', sandbox.tsa.url, 'archive', addressOnly], { env });
  expect(run.code, run.stderr).toBe(0);
  // Renewed with the TSA's address only: the root written at archiving stays in the chain.
  run = await runCli(['--home', home.path, '--tsa', sandbox.tsa.url, 'timestamp', '--renew'], { env });
  expect(run.code, run.stdout + run.stderr).toBe(0);
}, 180_000);
afterAll(async () => {
  await sandbox.stop();
  home.remove();
});

describe("counsel's VERIFY.txt, run as written (real CLI, sandbox TSA, unzip, sh)", { timeout: 240_000 }, () => {
  it('each bag carries tsa-chain.pem beside its token (0600), with the root the token carries, and openssl accepts the token with it', async () => {
    const root = new X509Certificate(sandbox.tsa.caPem);
    const bags = (await findBags(join(home.path, 'archive'))).sort();
    expect(bags).toHaveLength(2);
    for (const bag of bags) {
      const chain = readFileSync(join(bag, 'tsa-chain.pem'), 'utf8');
      expect((statSync(join(bag, 'tsa-chain.pem')).mode & 0o777).toString(8)).toBe('600');
      expect(chain).toContain(`SHA-256 fingerprint: ${root.fingerprint256}`);
      for (const [token, data] of [
        ['tagmanifest-sha256.txt.tsr', 'tagmanifest-sha256.txt'],
        ['timestamps/0002.tsr', null],
      ] as const) {
        const args = data ? ['-data', data] : ['-data', join(home.path, 'joined.bin')];
        if (!data)
          writeFileSync(
            join(home.path, 'joined.bin'),
            Buffer.concat([readFileSync(join(bag, 'tagmanifest-sha256.txt')), readFileSync(join(bag, 'tagmanifest-sha256.txt.tsr'))]),
          );
        const check = spawnSync('openssl', ['ts', '-verify', ...args, '-in', token, '-CAfile', 'tsa-chain.pem'], {
          cwd: bag,
          encoding: 'utf8',
        });
        expect(`${check.stdout}${check.stderr}`, `${bag} ${token}`).toContain('Verification: OK');
      }
    }
  });

  it('every command of VERIFY.txt succeeds on the unzipped export alone, and a changed byte makes the sha256sum steps fail', async () => {
    const out = join(home.path, 'counsel.zip');
    const exported = await runCli(
      ['--home', home.path, '--tsa-ca', sandbox.tsa.caFile, 'export-legal', '--ids', ids.join(','), '--out', out],
      {
        env,
      },
    );
    expect(exported.code, exported.stdout + exported.stderr).toBe(0);
    const unpacked = join(home.path, 'unpacked');
    expect(spawnSync('unzip', ['-q', out, '-d', unpacked]).status).toBe(0);
    const top = join(unpacked, readdirSync(unpacked)[0]!);
    const text = readFileSync(join(top, 'data', 'VERIFY.txt'), 'utf8');
    // The root's fingerprint is printed, with the advice to compare it with the authority's own.
    expect(text).toContain(`SHA-256 fingerprint ${new X509Certificate(sandbox.tsa.caPem).fingerprint256}`);
    expect(text).toMatch(/compare the SHA-256 fingerprint of each root below with the\s+one the time-stamping authority publishes/);
    expect(text).not.toContain('<TSA-CA.pem>');

    const runs = runVerifyTxt(top);
    // 2 export manifests, 2 bags, 2 bags × (a token and a renewal), 2 PDFs.
    expect(runs.map((r) => r.command.split(' ')[0])).toEqual([
      'sha256sum',
      'sha256sum',
      '(cd',
      '(cd',
      'openssl',
      'cat',
      'openssl',
      'cat',
      'pdfsig',
      'pdfsig',
    ]);
    for (const run of runs) expect(run.status, `${run.command}\n${run.out}`).toBe(0);
    expect(runs.filter((r) => r.command.includes('openssl ts -verify')).every((r) => r.out.includes('Verification: OK'))).toBe(true);
    expect(runs.filter((r) => r.command.startsWith('pdfsig')).every((r) => r.out.includes('Signature is Valid'))).toBe(true);

    const bag = (await findBags(join(top, 'data', 'bags'))).sort()[0]!;
    appendFileSync(join(bag, 'data', 'signed.pdf'), '%tampered\n');
    const tampered = runVerifyTxt(top);
    const failed = tampered.filter((r) => r.status !== 0).map((r) => r.command);
    expect(failed).toContain('sha256sum -c manifest-sha256.txt');
    expect(failed.some((c) => c.startsWith('(cd ') && c.includes(bag.slice(top.length + 1)))).toBe(true);
  });

  it('verify --archive DIR --tsa-ca FILE trusts the TSA for that run; without it the words say how to add the authority', async () => {
    const archive = join(home.path, 'archive');
    const trusted = await runCli(['--home', home.path, '--json', 'verify', '--archive', archive, '--tsa-ca', sandbox.tsa.caFile], { env });
    expect(trusted.code, trusted.stderr).toBe(0);
    const bags = (JSON.parse(trusted.stdout) as { bags: { timestamp: { state: string; trusted: boolean } }[] }).bags;
    expect(bags).toHaveLength(2);
    for (const bag of bags) expect(bag.timestamp).toMatchObject({ state: 'passed', trusted: true });
    const untrusted = await runCli(['--home', home.path, 'verify', '--archive', archive], { env });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stdout).toContain('TSA not trusted: add its CA certificate with --tsa-ca FILE');
  });
});
