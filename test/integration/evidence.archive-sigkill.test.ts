import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, spawnCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 14, must show: SIGKILL in the middle of a 100-document archive job, then `jobs resume`: it
 * completes, every bag passes `sha256sum -c`, and no file finished before the kill is downloaded again
 * (the sandbox counts downloads per document and kind).
 */
const kinds = { 'package.zip': 'zipfile', 'certificate.pdf': 'pdf-certificate', 'signed.pdf': 'document' } as const;

/** The finished evidence files on disk, as "documentId/kind" (a bag says whose it is from its start). */
function finishedFiles(archive: string): Set<string> {
  const out = new Set<string>();
  if (!existsSync(archive)) return out;
  for (const year of readdirSync(archive)) {
    for (const bag of readdirSync(join(archive, year))) {
      const info = join(archive, year, bag, 'bag-info.txt');
      if (!existsSync(info)) continue;
      const id = /SignDock-Document-Id: (.+)/.exec(readFileSync(info, 'utf8'))?.[1];
      for (const [file, kind] of Object.entries(kinds))
        if (id && existsSync(join(archive, year, bag, 'data', file))) out.add(`${id}/${kind}`);
    }
  }
  return out;
}

describe('archive job killed mid-way', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;
  const ids: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 41, autoSign: { enabled: false } });
    const file = await samplePdf('Archive me');
    for (let i = 1; i <= 100; i += 1) {
      ids.push(
        sandbox.services.workflow.create({
          title: `Contract ${i}`,
          file,
          signatures: [{ validations: { EM: `signer${i}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
      );
    }
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-archive-kill-');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url, SIGNDOCK_LEASE_TTL_MS: '2000' };
  }, 60_000);
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
  });

  it('resumes after SIGKILL without downloading a finished file again', async () => {
    await sandbox.controlClient.setFaults({ latency_ms: 20, operations: ['download'] });
    const child = spawnCli(['--home', home.path, 'archive', '--from', '2000-01-01'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', async (chunk: Buffer) => {
        stderr += chunk.toString();
        if (child.killed) return;
        const downloads = (await sandbox.controlClient.stats()).requests.by_operation.download ?? 0;
        if (downloads >= 90 && !child.killed) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await exited;
    const jobId = /Job ([0-9a-f-]{36})/.exec(stderr)?.[1];
    expect(jobId, stderr).toBeDefined();
    const archive = join(home.path, 'archive');
    const before = finishedFiles(archive);
    expect(before.size).toBeGreaterThan(30);
    expect(before.size).toBeLessThan(300);
    const countsAtKill = (await sandbox.controlClient.stats()).downloads;

    const resumed = await runCli(['--home', home.path, '--json', 'jobs', 'resume', jobId!], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const result = JSON.parse(resumed.stdout) as { job: { state: string }; items: { state: string }[] };
    expect(result.job.state).toBe('finished');
    expect(result.items.filter((item) => item.state === 'done')).toHaveLength(100);

    const downloads = (await sandbox.controlClient.stats()).downloads;
    for (const key of before) {
      const [id, kind] = key.split('/') as [string, 'zipfile'];
      // Finished before the kill: downloaded once, and not again on resume.
      expect(downloads[id]?.[kind], key).toBe(1);
      expect(countsAtKill[id]?.[kind]).toBe(1);
    }
    for (const id of ids) {
      for (const kind of Object.values(kinds)) {
        // A file in flight at the kill (its answer sent, not yet renamed into place) may come twice; no more.
        expect(downloads[id]?.[kind] ?? 0, `${id}/${kind}`).toBeGreaterThanOrEqual(1);
        expect(downloads[id]?.[kind] ?? 0, `${id}/${kind}`).toBeLessThanOrEqual(2);
      }
    }
    const total = Object.values(downloads).reduce((sum, byKind) => sum + Object.values(byKind).reduce((a, b) => a + (b ?? 0), 0), 0);
    expect(total).toBeLessThanOrEqual(300 + 4);
    expect(finishedFiles(archive).size).toBe(300);
    for (const year of readdirSync(archive)) {
      for (const bag of readdirSync(join(archive, year))) {
        const check = spawnSync('sha256sum', ['-c', '--quiet', 'manifest-sha256.txt'], { cwd: join(archive, year, bag), encoding: 'utf8' });
        expect(check.status, `${bag}: ${check.stdout}${check.stderr}`).toBe(0);
        expect(readdirSync(join(archive, year, bag, 'data')).sort()).toEqual([
          'certificate.pdf',
          'package.zip',
          'signed.pdf',
          'verification.json',
        ]);
      }
    }
  }, 240_000);
});
