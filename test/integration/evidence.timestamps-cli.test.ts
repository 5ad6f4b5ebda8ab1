import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Trusted timestamps end to end: the real CLI process archives from the sandbox with the sandbox's TSA
 * (`--tsa`, `--tsa-ca`), every bag carries a token that openssl accepts, a recomputed tag manifest fails
 * SignDock's check, an unreachable TSA leaves bags "not timestamped yet" until `timestamp` adds the
 * token, and a counsel export is checked with standard tools only.
 */
type VerifyJson = {
  bags: {
    bagPath: string;
    problems: unknown[];
    timestamp: { state: string; trusted: boolean; tsa: string | null; time: string | null } | null;
  }[];
};

const TOKEN = 'tagmanifest-sha256.txt.tsr';
let sandbox: Sandbox;
let home: ReturnType<typeof tempFolder>;
let env: Record<string, string>;
let tsaFlags: string[];
const documents: string[] = [];

function bagsIn(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (existsSync(join(dir, 'bagit.txt'))) out.push(dir);
    else for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) walk(join(dir, entry.name));
  };
  walk(root);
  return out.sort();
}

function openssl(args: string[], cwd?: string) {
  const run = spawnSync('openssl', args, { encoding: 'utf8', ...(cwd ? { cwd } : {}) });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

async function completedDocument(title: string): Promise<string> {
  const id = sandbox.services.workflow.create({
    title,
    file: await samplePdf(title),
    signatures: [{ validations: { EM: `${documents.length}@example.com` }, inviteChannel: ['EM'] }],
  }).id;
  await sandbox.controlClient.signAll();
  documents.push(id);
  return id;
}

async function verify(extra: string[] = []): Promise<{ code: number | null; json: VerifyJson; stderr: string }> {
  const run = await runCli(['--home', home.path, '--json', ...extra, 'verify', join(home.path, 'archive')], { env });
  return { code: run.code, json: JSON.parse(run.stdout) as VerifyJson, stderr: run.stderr };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 23, autoSign: { enabled: false } });
  home = tempFolder('signdock-tsa-cli-');
  env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
  tsaFlags = ['--tsa', sandbox.tsa.url, '--tsa-ca', sandbox.tsa.caFile];
  await completedDocument('Lease A');
  await completedDocument('Lease B');
  const archived = await runCli(['--home', home.path, ...tsaFlags, 'archive'], { env });
  expect(archived.code, archived.stderr).toBe(0);
}, 120_000);
afterAll(async () => {
  await sandbox.stop();
  home.remove();
});

// Each test runs the real CLI several times (a few seconds each, more on a busy machine).
describe('trusted timestamps with the sandbox TSA (real CLI)', { timeout: 240_000 }, () => {
  it('every new bag carries a token over its tag manifest, and openssl ts -verify accepts it with the sandbox TSA CA', () => {
    const bags = bagsIn(join(home.path, 'archive'));
    expect(bags).toHaveLength(2);
    for (const bag of bags) {
      expect(existsSync(join(bag, TOKEN)), bag).toBe(true);
      const check = openssl([
        'ts',
        '-verify',
        '-data',
        join(bag, 'tagmanifest-sha256.txt'),
        '-in',
        join(bag, TOKEN),
        '-CAfile',
        sandbox.tsa.caFile,
      ]);
      expect(check.out).toContain('Verification: OK');
      expect(check.status).toBe(0);
    }
  });

  it('verify shows the time and the TSA, trusted with --tsa-ca and not trusted without, and never changes the exit code for trust', async () => {
    const trusted = await verify(tsaFlags);
    expect(trusted.code).toBe(0);
    for (const bag of trusted.json.bags)
      expect(bag.timestamp).toMatchObject({ state: 'passed', trusted: true, tsa: 'SignDock Sandbox time-stamping authority' });
    const human = await runCli(['--home', home.path, ...tsaFlags, 'verify', join(home.path, 'archive')], { env });
    expect(human.stdout).toMatch(/timestamped \d{4}-\d\d-\d\dT[\d:.]+Z by SignDock Sandbox time-stamping authority \(TSA trusted\)/);
    const untrusted = await verify();
    expect(untrusted.code).toBe(0);
    for (const bag of untrusted.json.bags) expect(bag.timestamp).toMatchObject({ state: 'passed', trusted: false });
    const viaEnv = await runCli(['--home', home.path, 'verify', join(home.path, 'archive')], {
      env: { ...env, SIGNDOCK_TSA_CA: sandbox.tsa.caFile },
    });
    expect(viaEnv.stdout).toContain('(TSA trusted)');
  });

  it('a bad --tsa-ca file is an error naming the file', async () => {
    writeFileSync(join(home.path, 'not-a-ca.pem'), 'hello\n');
    const run = await runCli(['--home', home.path, '--tsa-ca', join(home.path, 'not-a-ca.pem'), 'verify', join(home.path, 'archive')], {
      env,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--tsa-ca: the file "${join(home.path, 'not-a-ca.pem')}" holds no certificate in PEM text.`);
  });

  it('with the TSA stopped the archive completes "not timestamped yet", and a later "timestamp" adds the token', async () => {
    const id = await completedDocument('Lease C, TSA down');
    await sandbox.controlClient.setTsa({ enabled: false });
    let archived;
    try {
      archived = await runCli(['--home', home.path, ...tsaFlags, 'archive', id], { env });
    } finally {
      await sandbox.controlClient.setTsa({ enabled: true });
    }
    expect(archived.code, archived.stderr).toBe(0);
    expect(archived.stderr).toContain('1 bag is not timestamped yet');
    const bag = bagsIn(join(home.path, 'archive')).find((b) => readFileSync(join(b, 'bag-info.txt'), 'utf8').includes(id))!;
    expect(existsSync(join(bag, TOKEN))).toBe(false);
    const before = await verify(tsaFlags);
    expect(before.json.bags.find((b) => b.bagPath === bag)?.timestamp?.state).toBe('not-yet');
    const human = await runCli(['--home', home.path, ...tsaFlags, 'verify', bag], { env });
    expect(human.stdout).toContain('not timestamped yet');
    const noTsa = await runCli(['--home', home.path, 'verify', bag], { env });
    expect(noTsa.stdout).toContain('not timestamped (no time-stamping authority is set');
    const stamped = await runCli(['--home', home.path, ...tsaFlags, 'timestamp'], { env });
    expect(stamped.code, stamped.stdout + stamped.stderr).toBe(0);
    expect(stamped.stdout).toMatch(new RegExp(`stamped\\s+${bag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(existsSync(join(bag, TOKEN))).toBe(true);
    expect((await verify(tsaFlags)).json.bags.find((b) => b.bagPath === bag)?.timestamp).toMatchObject({ state: 'passed', trusted: true });
  });

  it('timestamp --renew adds a token over the tag manifest and the one before, which openssl checks over the two files joined', async () => {
    const renewed = await runCli(['--home', home.path, ...tsaFlags, '--json', 'timestamp', '--renew'], { env });
    expect(renewed.code, renewed.stderr).toBe(0);
    const result = JSON.parse(renewed.stdout) as { bags: { bagPath: string; action: string; timestamp: { tokens: number } }[] };
    expect(result.bags.every((b) => b.action === 'renewed' && b.timestamp.tokens === 2)).toBe(true);
    const bag = result.bags[0]!.bagPath;
    const joined = join(home.path, 'joined.bin');
    writeFileSync(joined, Buffer.concat([readFileSync(join(bag, 'tagmanifest-sha256.txt')), readFileSync(join(bag, TOKEN))]));
    expect(
      openssl(['ts', '-verify', '-data', joined, '-in', join(bag, 'timestamps', '0002.tsr'), '-CAfile', sandbox.tsa.caFile]).status,
    ).toBe(0);
  });

  it('a counsel export checks out with standard tools only: unzip, sha256sum -c in each bag, openssl ts -verify on each token, pdfsig on each signed PDF', async () => {
    const out = join(home.path, 'counsel.zip');
    const exported = await runCli(['--home', home.path, 'export-legal', '--ids', documents.join(','), '--out', out], { env });
    expect(exported.code, exported.stderr).toBe(0);
    const unpacked = join(home.path, 'unpacked');
    expect(spawnSync('unzip', ['-q', out, '-d', unpacked]).status).toBe(0);
    const [top] = readdirSync(unpacked);
    const exportBag = join(unpacked, top!);
    expect(spawnSync('sha256sum', ['--quiet', '-c', 'manifest-sha256.txt'], { cwd: exportBag, encoding: 'utf8' }).status).toBe(0);
    const bags = bagsIn(join(exportBag, 'data', 'bags'));
    expect(bags).toHaveLength(3);
    for (const bag of bags) {
      const sums = spawnSync('sha256sum', ['-c', 'manifest-sha256.txt'], { cwd: bag, encoding: 'utf8' });
      expect(sums.status, sums.stdout + sums.stderr).toBe(0);
      expect(spawnSync('sha256sum', ['-c', 'tagmanifest-sha256.txt'], { cwd: bag }).status).toBe(0);
      const tokens = [TOKEN, ...readdirSync(join(bag, 'timestamps')).map((name) => `timestamps/${name}`)];
      let previous: Buffer | null = null;
      for (const token of tokens) {
        const data = previous ? join(home.path, 'chain.bin') : 'tagmanifest-sha256.txt';
        if (previous) writeFileSync(data, Buffer.concat([readFileSync(join(bag, 'tagmanifest-sha256.txt')), previous]));
        const check = openssl(['ts', '-verify', '-in', token, '-data', data, '-CAfile', sandbox.tsa.caFile], bag);
        expect(check.out, `${bag}/${token}`).toContain('Verification: OK');
        previous = readFileSync(join(bag, token));
      }
      const pdfsig = spawnSync('pdfsig', [join(bag, 'data', 'signed.pdf')], { encoding: 'utf8' });
      expect(pdfsig.stdout).toContain('Signature Validation: Signature is Valid.');
    }
  });

  it('a tag manifest rewritten with recomputed hashes passes the BagIt re-hash but fails the timestamp: verify exits 1', async () => {
    const bag = bagsIn(join(home.path, 'archive'))[0]!;
    writeFileSync(join(bag, 'bag-info.txt'), `${readFileSync(join(bag, 'bag-info.txt'), 'utf8')}Note: rewritten later\n`);
    const sha = (file: string) =>
      createHash('sha256')
        .update(readFileSync(join(bag, file)))
        .digest('hex');
    writeFileSync(
      join(bag, 'tagmanifest-sha256.txt'),
      ['bag-info.txt', 'bagit.txt', 'manifest-sha256.txt'].map((file) => `${sha(file)}  ${file}\n`).join(''),
    );
    const after = await verify(tsaFlags);
    expect(after.code).toBe(1);
    const entry = after.json.bags.find((b) => b.bagPath === bag)!;
    expect(entry.problems).toEqual([]);
    expect(entry.timestamp?.state).toBe('failed');
    const human = await runCli(['--home', home.path, ...tsaFlags, 'verify', bag], { env });
    expect(human.stdout).toMatch(/timestamp FAILED: .*changed since it was timestamped/);
  });
});
