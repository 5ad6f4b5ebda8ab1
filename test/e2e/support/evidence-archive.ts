import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { readBagInfo, writeTagFiles } from '../../../electron/core/evidence/bag/bagit';
import { samplePdf, startSandbox } from '../../sandbox';
import { entryArgs } from '../../helpers/entry';

/** Runs the real CLI (`electron/cli/main.ts`) with more environment; its exit code and what it said. */
export function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entryArgs('electron/cli/main.ts'), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface MadeArchive {
  /** The archive folder the CLI run wrote (`<its data folder>/archive`). */
  archive: string;
  /** What the CLI run said. */
  run: { code: number | null; stdout: string; stderr: string };
  /** The sandbox TSA's CA certificate (PEM), kept after the sandbox stops (with `timestamps`). */
  tsaCaPem: string;
  remove(): void;
}

/**
 * An archive made as a real user makes one: the sandbox, documents signed by its control API, then
 * `archive` from the CLI in a data folder of its own (credentials from the environment); the sandbox is
 * stopped afterwards. `extraArgs`: more options for `archive`.
 */
export async function archiveWithCli(options: {
  seed: number;
  titles: string[];
  extraArgs?: string[];
  timestamps?: boolean;
}): Promise<MadeArchive> {
  const made = mkdtempSync(join(tmpdir(), 'signdock-e2e-made-'));
  const sandbox = await startSandbox({ port: 0, seed: options.seed, autoSign: { enabled: false } });
  try {
    const file = await samplePdf('Evidence under review');
    for (const [i, title] of options.titles.entries()) {
      sandbox.services.workflow.create({
        title,
        file,
        signatures: [{ validations: { EM: `signer${i}@example.com` }, inviteChannel: ['EM'] }],
      });
    }
    await sandbox.controlClient.signAll({ name: 'María García', ip: '203.0.113.10', device: 'Firefox 133 on Windows' });
    const run = await runCli(['--home', made, 'archive', ...(options.extraArgs ?? [])], {
      SIGNDOCK_API_KEY: sandbox.key,
      SIGNDOCK_BASE_URL: sandbox.url,
      ...(options.timestamps ? { SIGNDOCK_TSA_URL: sandbox.tsa.url } : {}),
    });
    return {
      archive: join(made, 'archive'),
      run,
      tsaCaPem: sandbox.tsa.caPem,
      remove: () => rmSync(made, { recursive: true, force: true }),
    };
  } finally {
    await sandbox.stop();
  }
}

/** The folder of the bag whose name holds `fragment` (bags are `<archive>/<YYYY>/<date>_<title>_<id>/`). */
export function bagFolder(archive: string, fragment: string): string {
  for (const year of readdirSync(archive)) {
    const found = readdirSync(join(archive, year)).find((name) => name.includes(fragment));
    if (found) return join(archive, year, found);
  }
  throw new Error(`No bag named like “${fragment}” in ${archive}`);
}

/** Writes the bag's manifests again over its payload as it now is (what a forger does: BagIt manifests are unkeyed). */
export async function rewriteManifests(bag: string): Promise<void> {
  const payload: { path: string }[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else payload.push({ path: relative(bag, path).split('\\').join('/') });
    }
  };
  walk(join(bag, 'data'));
  await writeTagFiles(bag, await readBagInfo(bag), payload);
}
