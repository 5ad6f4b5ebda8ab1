import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBagInfo, writeTagFiles } from '../../electron/core/evidence/bag/bagit';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * `archive` says each bag's outcome where it happens: as each settles, its verdict (passed, FAILED,
 * INCOMPLETE), its signers' trust, and each check that failed (human and --json); over a bag already
 * made (another home, the same archive folder) the verdict is the bag's bytes now, not the one it
 * recorded: a signed PDF altered with recomputed manifests fails, and nothing is downloaded again.
 */
describe('archive, from the command line', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let good = '';
  let liar = '';
  let env: Record<string, string>;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 77, autoSign: { enabled: false } });
    const file = await samplePdf('Archive CLI');
    good = sandbox.services.workflow.create({
      title: 'Sound lease',
      file,
      signatures: [{ validations: { EM: 'a@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    liar = sandbox.services.workflow.create({
      title: 'Lying package',
      file,
      signatures: [{ validations: { EM: 'b@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    await sandbox.controlClient.signAll();
    await sandbox.controlClient.setFaults({ evidence_fault: 'hash_mismatch', evidence_fault_documents: [liar] });
    home = tempFolder('signdock-archive-cli-');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
  }, 60_000);
  afterAll(async () => {
    await sandbox.stop();
    home.remove();
  });

  it("names each bag's outcome and its failed checks as it goes", async () => {
    const run = await runCli(['--home', join(home.path, 'first'), 'archive', good, liar], { env });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/passed {6}“Sound lease” → \S+ · signers: intact, signer not vouched for/);
    expect(run.stdout).toMatch(/FAILED {6}“Lying package” → \S+ · signers: /);
    expect(run.stdout).toMatch(/ {12}failed: {4}1 of \d+ files do not match SHA256SUMS/);
    expect(run.stdout).toMatch(/2 bags: 1 passed, 1 failed, 0 incomplete\./);
    expect(run.stdout).not.toMatch(/\bok\b/);
  }, 120_000);

  it('over bags already made, says what their bytes say now (--json)', async () => {
    const before = (await sandbox.controlClient.stats()).downloads;
    const archive = join(home.path, 'first', 'archive');
    const list = await runCli(['--home', join(home.path, 'first'), '--json', 'verify', archive]);
    const bag = (JSON.parse(list.stdout) as { bags: { bagPath: string; documentId: string }[] }).bags.find(
      (b) => b.documentId === good,
    )!.bagPath;
    appendFileSync(join(bag, 'data', 'signed.pdf'), '\n% added later\n');
    await writeTagFiles(
      bag,
      await readBagInfo(bag),
      ['data/certificate.pdf', 'data/package.zip', 'data/signed.pdf', 'data/verification.json'].map((path) => ({ path })),
    );
    const run = await runCli(['--home', join(home.path, 'second'), '--json', 'archive', good, '--dir', archive], { env });
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as {
      bags: { documentId: string; verdict: string; checks: { id: string; status: string }[] }[];
      verdicts: Record<string, number>;
    };
    expect(result.verdicts).toEqual({ passed: 0, failed: 1, incomplete: 0 });
    expect(result.bags[0]?.checks.map((c) => `${c.id} ${c.status}`)).toContain('signed.nothingAdded failed');
    expect((await sandbox.controlClient.stats()).downloads[good]).toEqual(before[good]);
  }, 120_000);
});
