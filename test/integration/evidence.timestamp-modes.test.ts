import { spawnSync } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 31, point 9: with a TSA set, every file SignDock writes in a bag stays 0600 and every folder 0700
 * — the first token, a renewal (`timestamps/`), a bag archived again — and the bags of a counsel export
 * unpack with unzip (which restores the modes the ZIP states, whatever the umask) as 0600 files too. Real
 * stat modes; the CLI runs with umask 000 so that no mode comes from the umask.
 */
let sandbox: Sandbox;
let home: ReturnType<typeof tempFolder>;
let env: Record<string, string>;
let tsaFlags: string[];
let umask: number;
let documentId: string;

function modes(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const info = lstatSync(path);
      out.push(`${(info.mode & 0o777).toString(8)} ${info.isDirectory() ? 'folder' : 'file'} ${path.slice(root.length + 1)}`);
      if (info.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out.sort();
}

const notPrivate = (root: string) => modes(root).filter((line) => !/^(700 folder|600 file) /.test(line));

async function cli(args: string[]): Promise<string> {
  const run = await runCli(['--home', home.path, ...tsaFlags, ...args], { env });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

beforeAll(async () => {
  umask = process.umask(0o000);
  sandbox = await startSandbox({ port: 0, seed: 39, autoSign: { enabled: false } });
  home = tempFolder('signdock-tsa-modes-');
  env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
  tsaFlags = ['--tsa', sandbox.tsa.url, '--tsa-ca', sandbox.tsa.caFile];
  documentId = sandbox.services.workflow.create({
    title: 'Lease',
    file: await samplePdf('Lease'),
    signatures: [{ validations: { EM: 'signer@example.com' }, inviteChannel: ['EM'] }],
  }).id;
  await sandbox.controlClient.signAll();
}, 60_000);
afterAll(async () => {
  process.umask(umask);
  await sandbox.stop();
  home.remove();
});

describe('private modes of timestamped bags (umask 000)', { timeout: 240_000 }, () => {
  it('stay 0600/0700 through archive, a renewal and a second archive, and unpack from a counsel export as 0600 files', async () => {
    const archive = join(home.path, 'archive');
    await cli(['archive']);
    expect(modes(archive).filter((line) => line.endsWith('.tsr'))).toHaveLength(1);
    expect(notPrivate(archive)).toEqual([]);
    expect(await cli(['timestamp', '--renew'])).toMatch(/1 renewed/);
    expect(modes(archive).filter((line) => line.endsWith('timestamps/0002.tsr'))).toHaveLength(1);
    await cli(['archive']);
    expect(notPrivate(archive)).toEqual([]);
    const out = join(home.path, 'counsel.zip');
    await cli(['export-legal', '--ids', documentId, '--out', out]);
    expect((lstatSync(out).mode & 0o777).toString(8)).toBe('600');
    const unpacked = join(home.path, 'unpacked');
    expect(spawnSync('unzip', ['-q', out, '-d', unpacked]).status).toBe(0);
    const files = modes(unpacked).filter((line) => line.includes(' file '));
    expect(files.filter((line) => /tagmanifest-sha256\.txt$/.test(line)).length).toBe(2);
    expect(files.filter((line) => !line.startsWith('600 '))).toEqual([]);
  });
});
