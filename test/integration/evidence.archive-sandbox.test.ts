import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { ArchivePlan, BagDetail, BagSummary, ExportResult } from '../../shared/domain/evidence';
import type { JobItemView, JobView } from '../../shared/domain/jobs';
import { call, syncAll } from '../helpers/evidence-core';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, sandboxCaCertPem, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 14 against the sandbox over real HTTP: completed documents archived as bags that pass
 * `sha256sum -c`; a pending document is skipped, not a failure; archiving again downloads nothing;
 * a package whose listed hash is wrong is a mismatch naming the entry; verify (the CLI, from the files
 * alone) names modified, missing and unexpected files; the export for counsel is a valid bag.
 */
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every line of a manifest re-hashed by hand. */
function rehash(bag: string, manifest: string): void {
  const lines = readFileSync(join(bag, manifest), 'utf8').trim().split('\n');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const [hex, path] = line.split(/ {2}/);
    expect(sha256(readFileSync(join(bag, path!))), `${bag}/${path}`).toBe(hex);
  }
}

describe('archive against the sandbox', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  const completed: string[] = [];
  let pending = '';
  let liar = '';
  let job: JobView;
  let items: JobItemView[];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 14, autoSign: { enabled: false } });
    const file = await samplePdf('Evidence');
    for (let i = 1; i <= 4; i += 1) {
      completed.push(
        sandbox.services.workflow.create({
          title: i <= 2 ? 'Lease/2025: "Calle Mayor"' : `Lease ${i}/2025`,
          file,
          signatures: [
            { validations: { EM: `t${i}@example.com` }, inviteChannel: ['EM'] },
            { validations: { EM: `o${i}@example.com` }, inviteChannel: ['EM'] },
          ],
        }).id,
      );
    }
    await sandbox.controlClient.signAll();
    pending = sandbox.services.workflow.create({
      title: 'Still pending',
      file,
      signatures: [{ validations: { EM: 'p@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    liar = completed[3]!;
    // The sandbox's evidence fault: the liar's package lists a wrong SHA-256 for original.pdf (SHA256SUMS and hashes.json).
    await sandbox.controlClient.setFaults({ evidence_fault: 'hash_mismatch', evidence_fault_documents: [liar] });
    home = tempFolder('signdock-archive-');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    await call(core, 'accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    await call(core, 'evidence.addTrustAnchor', { pem: sandboxCaCertPem });
    await syncAll(core);
    const today = new Date().toISOString().slice(0, 10);
    job = await call<JobView>(core, 'evidence.archive', { from: '2000-01-01', to: today });
    job = await core.jobs.whenSettled(job.id);
    items = (await call<{ items: JobItemView[] }>(core, 'jobs.get', { jobId: job.id })).items;
  }, 120_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
  });

  it('archives every completed document of the range into a bag that sha256sum -c accepts', async () => {
    expect(job.state).toBe('finished');
    expect(
      items
        .filter((i) => i.state === 'done')
        .map((i) => i.subject)
        .sort(),
    ).toEqual([...completed].sort());
    const bags = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags;
    expect(bags).toHaveLength(4);
    for (const bag of bags) {
      expect(bag.bagPath.startsWith(join(home.path, 'archive', new Date().toISOString().slice(0, 4)))).toBe(true);
      expect(readdirSync(bag.bagPath).sort()).toEqual([
        'bag-info.txt',
        'bagit.txt',
        'data',
        'manifest-sha256.txt',
        'tagmanifest-sha256.txt',
      ]);
      expect(readdirSync(join(bag.bagPath, 'data')).sort()).toEqual(['certificate.pdf', 'package.zip', 'signed.pdf', 'verification.json']);
      rehash(bag.bagPath, 'manifest-sha256.txt');
      rehash(bag.bagPath, 'tagmanifest-sha256.txt');
      const check = spawnSync('sha256sum', ['-c', 'manifest-sha256.txt'], { cwd: bag.bagPath, encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
      const info = readFileSync(join(bag.bagPath, 'bag-info.txt'), 'utf8');
      expect(info).toContain(`SignDock-Document-Id: ${bag.documentId}`);
      expect(info).toMatch(/SignDock-Source-URL-package\.zip: http:\/\/127\.0\.0\.1:\d+\/api\/v2\/documents\/.+\/download\/zipfile/);
      expect(info).toMatch(/Payload-Oxum: \d+\.4/);
      // Said where it happens, private: the archive, year, bag and data folders 0700, every file 0600.
      const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
      for (const folder of [join(home.path, 'archive'), join(bag.bagPath, '..'), bag.bagPath, join(bag.bagPath, 'data')])
        expect([folder, mode(folder)]).toEqual([folder, '700']);
      for (const file of [
        'bagit.txt',
        'bag-info.txt',
        'manifest-sha256.txt',
        'tagmanifest-sha256.txt',
        'data/package.zip',
        'data/certificate.pdf',
        'data/signed.pdf',
        'data/verification.json',
      ])
        expect([file, mode(join(bag.bagPath, file))]).toEqual([file, '600']);
    }
    const stats = await sandbox.controlClient.stats();
    for (const id of completed) expect(stats.downloads[id]).toEqual({ zipfile: 1, 'pdf-certificate': 1, document: 1 });
  });

  it('gives two documents with the same title, day and id start two bags (the whole id in the second name)', async () => {
    expect(completed[0]!.slice(0, 8)).toBe(completed[1]!.slice(0, 8));
    const [first] = await call<BagSummary[]>(core, 'evidence.forDocument', { documentId: completed[0]! });
    const [second] = await call<BagSummary[]>(core, 'evidence.forDocument', { documentId: completed[1]! });
    const names = [first!.bagPath, second!.bagPath].map((p) => p.slice(p.lastIndexOf('/') + 1)).sort();
    expect(names[0]).toMatch(new RegExp(`_Lease-2025-Calle-Mayor_${completed[0]!.slice(0, 8)}$`));
    expect(names[1]).toMatch(/_Lease-2025-Calle-Mayor_[0-9a-f]{32}$/);
    for (const [id, bag] of [
      [completed[0]!, first!],
      [completed[1]!, second!],
    ] as const) {
      expect(readFileSync(join(bag.bagPath, 'bag-info.txt'), 'utf8')).toContain(`SignDock-Document-Id: ${id}`);
    }
  });

  it('verifies each bag: listed hashes, the signed PDF in package and certificate, signer signatures trusted through the anchor', async () => {
    const good = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', { verdict: 'passed' })).bags;
    expect(good).toHaveLength(3);
    const detail = await call<BagDetail>(core, 'evidence.get', { bagPath: good[0]!.bagPath });
    const byId = (id: string) => detail.report.checks.filter((c) => c.id === id);
    // One folded line per list of hashes ("N files match SHA256SUMS"), each file an item.
    expect(
      byId('package.listedHash')
        .map((c) => c.params.source)
        .sort(),
    ).toEqual(['SHA256SUMS', 'hashes.json']);
    expect(byId('package.listedHash').flatMap((c) => c.items).length).toBeGreaterThan(5);
    expect(
      byId('package.listedHash').every((c) => c.status === 'passed' && c.title === `${c.items.length} files match ${c.params.source}`),
    ).toBe(true);
    // The bag checked against itself first: only regular files, both manifests, Payload-Oxum.
    expect(['bag.files', 'bag.manifest', 'bag.tagManifest', 'bag.oxum'].map((id) => byId(id)[0]?.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
    expect(byId('bag.manifest')[0]?.title).toBe('4 files match manifest-sha256.txt');
    expect(detail.verdict).toBe('passed');
    expect(detail.trust).toBe('trusted');
    expect(byId('signed.inPackage')[0]?.status).toBe('passed');
    expect(byId('signed.inCertificate')[0]?.status).toBe('passed');
    // Two signers' .p7s files and the signed PDF's seal (signed.pdf#1).
    expect(detail.report.signatures.map((s) => [s.file, s.valid, s.trust])).toEqual([
      ['signatures/signer-1.p7s', true, 'trusted'],
      ['signatures/signer-2.p7s', true, 'trusted'],
      ['signed.pdf#1', true, 'trusted'],
    ]);
    expect(detail.report.signers.map((s) => s.ip).every(Boolean)).toBe(true);
    // The signed PDF's own PDF signature (the sandbox's seal) is checked too: valid, trusted through the anchor, covering the whole file.
    expect(byId('signed.pdfSignature').map((c) => c.status)).toEqual(['passed']);
    expect(byId('signed.nothingAdded').map((c) => c.status)).toEqual(['passed']);
    expect(detail.report.scope.join(' ')).toMatch(/does not prove who signed/);
    const stored = JSON.parse(readFileSync(join(good[0]!.bagPath, 'data', 'verification.json'), 'utf8')) as { verdict: string };
    expect(stored.verdict).toBe('passed');
  });

  it('reports a package whose listed hash differs as a mismatch naming the entry', async () => {
    const [bag] = await call<BagSummary[]>(core, 'evidence.forDocument', { documentId: liar });
    expect(bag?.verdict).toBe('failed');
    const detail = await call<BagDetail>(core, 'evidence.get', { bagPath: bag!.bagPath });
    const failed = detail.report.checks.filter((c) => c.status === 'failed');
    // Both lists (SHA256SUMS, hashes.json) name the same wrong hash for original.pdf, and nothing else fails.
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.every((c) => c.id === 'package.listedHash')).toBe(true);
    expect(failed.map((c) => c.params.source)).toContain('SHA256SUMS');
    const bad = failed.flatMap((c) => c.items.filter((i) => i.status === 'failed'));
    expect(bad.every((i) => i.file === 'original.pdf')).toBe(true);
    expect(bad[0]?.expected).toMatch(/^[0-9a-f]{64}$/);
    expect(failed[0]?.title).toMatch(/^1 of \d+ files do not match (SHA256SUMS|hashes\.json)$/);
  });

  it('skips a pending document (plan) and a document the service has no files for (404), without failing the job', async () => {
    const plan = await call<ArchivePlan>(core, 'evidence.planArchive', { documentIds: [pending, completed[0]!] });
    expect(plan.skipped.map((s) => s.reason).sort()).toEqual(['alreadyArchived', 'notCompleted']);
    // The mirror believes the pending document is completed: the service answers 404.
    const accountId = core.accounts.selectedId()!;
    const stale = core.spine.document(accountId, pending)!;
    core.spine.recordRead(accountId, { ...stale, status: 'CO', raw: { ...stale.raw, status: 'CO' } }, core.spine.readStamp());
    const before = (await sandbox.controlClient.stats()).downloads;
    let again = await call<JobView>(core, 'evidence.archive', { documentIds: [pending, ...completed] });
    again = await core.jobs.whenSettled(again.id);
    expect(again.state).toBe('finished');
    const result = (await call<{ items: JobItemView[] }>(core, 'jobs.get', { jobId: again.id })).items;
    const notReady = result.find((i) => i.subject === pending);
    expect(notReady).toMatchObject({ state: 'skipped', outcome: { reason: 'notDownloadable', status: 404 } });
    expect(notReady?.error?.message).toMatch(/not completed yet/);
    expect(result.filter((i) => i.subject !== pending).every((i) => i.state === 'skipped' && i.outcome?.reason === 'alreadyArchived')).toBe(
      true,
    );
    // Nothing finished was downloaded again.
    const after = (await sandbox.controlClient.stats()).downloads;
    for (const id of completed) expect(after[id]).toEqual(before[id]);
  });

  it('verify (CLI, no key, no network) names modified, missing and unexpected files and exits 1', async () => {
    const bags = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', { verdict: 'passed' })).bags.map((b) => b.bagPath);
    const clean = await runCli(['--home', home.path, '--json', 'verify', join(home.path, 'archive')]);
    const cleanResult = JSON.parse(clean.stdout) as { bags: { bagPath: string; verdict: string; problems: unknown[] }[] };
    // Only the liar's bag has a problem so far (its mismatch).
    expect(cleanResult.bags.filter((b) => b.problems.length > 0)).toHaveLength(1);
    expect(cleanResult.bags.map((b) => b.verdict).sort()).toEqual(['failed', 'passed', 'passed', 'passed']);
    const signed = join(bags[0]!, 'data', 'signed.pdf');
    const bytes = readFileSync(signed);
    bytes[200] = bytes[200]! ^ 0x01;
    writeFileSync(signed, bytes);
    rmSync(join(bags[1]!, 'data', 'certificate.pdf'));
    appendFileSync(join(bags[2]!, 'data', 'notes.txt'), 'added later');
    const run = await runCli(['--home', home.path, 'verify', join(home.path, 'archive')]);
    expect(run.code, run.stderr).toBe(1);
    // Each bag's verdict in its own words: a changed or added file fails it, a missing one leaves it incomplete.
    expect(run.stdout).toContain(`FAILED      ${bags[0]} ·`);
    expect(run.stdout).toContain('data/signed.pdf: changed — manifest-sha256.txt lists SHA-256');
    expect(run.stdout).toContain(`INCOMPLETE  ${bags[1]} ·`);
    expect(run.stdout).toContain('data/certificate.pdf: missing — listed in manifest-sha256.txt, not in the bag');
    expect(run.stdout).toContain(`FAILED      ${bags[2]} ·`);
    expect(run.stdout).toContain('data/notes.txt: added — in the bag, not listed in manifest-sha256.txt');
    expect(run.stdout).toMatch(/failed: {4}1 of \d+ files do not match SHA256SUMS/);
    expect(run.stdout).toMatch(/4 bags checked: 0 passed, 3 failed, 1 incomplete\./);
    // The report the legal team keeps: a PDF and a CSV beside it, the paths resolved from where the command was typed.
    const reported = await runCli(['--home', home.path, '--json', 'verify', join(home.path, 'archive'), '--report', 'reports/check.pdf'], {
      env: { INIT_CWD: home.path },
    });
    expect(reported.code, reported.stderr).toBe(1);
    const json = JSON.parse(reported.stdout) as { problems: number; report: { pdf: string; csv: string } };
    expect(json.report).toEqual({ pdf: join(home.path, 'reports', 'check.pdf'), csv: join(home.path, 'reports', 'check.csv') });
    const csv = readFileSync(json.report.csv, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFrecord,bag,document_id,title,verdict,kind,path,status,detail');
    expect(csv).toContain(`problem,${bags[0]},`);
    expect(csv).toMatch(/problem,[^\r]*,modified,data\/signed\.pdf,failed,/);
    expect(csv).toMatch(/problem,[^\r]*,missing,data\/certificate\.pdf,incomplete,/);
    expect(csv).toMatch(/problem,[^\r]*,unexpected,data\/notes\.txt,failed,/);
    expect(csv).toMatch(/problem,[^\r]*,mismatch,data\/package\.zip:original\.pdf,failed,/);
    expect(csv).toMatch(/item,[^\r]*,package\.listedHash,original\.pdf,failed,/);
    expect(csv).toContain('does not prove who signed');
    const text = spawnSync('pdftotext', ['-layout', json.report.pdf, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    const words = text.stdout.replace(/\s+/g, ' ');
    expect(words).toContain(`Result: 4 of 4 bags failed or are incomplete (${json.problems} problems).`);
    expect(words).toContain('a hash match does not prove who signed');
    for (const kind of [
      'MODIFIED data/signed.pdf',
      'MISSING data/certificate.pdf',
      'UNEXPECTED data/notes.txt',
      'MISMATCH data/package.zip:original.pdf',
    ])
      expect(words).toContain(kind);
    // The index remembers what the re-hash found.
    const changed = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags.filter((b) => b.verdict !== 'passed');
    expect(changed.map((b) => b.bagPath)).toEqual(expect.arrayContaining(bags));
    expect((await call<{ bags: BagSummary[] }>(core, 'evidence.list', { verdict: 'incomplete' })).bags.map((b) => b.bagPath)).toEqual([
      bags[1],
    ]);
  });

  it('exports selected documents for counsel as a serialized bag that sha256sum -c accepts', async () => {
    const bags = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags.slice(0, 2);
    const out = join(home.path, 'counsel', 'for-counsel.zip');
    // Every bag was changed by the test above: verified again at export, each is left out with why.
    const refused = await call<ExportResult>(core, 'evidence.export', {
      bagPaths: bags.map((b) => b.bagPath),
      outFile: join(home.path, 'counsel', 'nothing.zip'),
    });
    expect(refused.documents).toBe(0);
    expect(refused.bags.map((b) => [b.included, b.verdict !== 'passed', b.why.length > 0])).toEqual([
      [false, true, true],
      [false, true, true],
    ]);
    expect(refused.summary).toContain('LEFT OUT of this export');
    // Asked to include them: included, and marked.
    const exported = await call<ExportResult>(core, 'evidence.export', {
      bagPaths: bags.map((b) => b.bagPath),
      outFile: out,
      includeFailed: true,
    });
    expect(exported.documents).toBe(2);
    expect(exported.summary).toContain(bags[0]!.title);
    expect(exported.summary).toContain('INCLUDED AS ASKED, although it did not pass');
    expect((statSync(out).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(join(home.path, 'counsel')).mode & 0o777).toString(8)).toBe('700');
    const unpacked = join(home.path, 'counsel', 'unpacked');
    const unzip = spawnSync('unzip', ['-q', out, '-d', unpacked], { encoding: 'utf8' });
    expect(unzip.status, unzip.stderr).toBe(0);
    const root = join(unpacked, 'for-counsel');
    expect(existsSync(join(root, 'bagit.txt'))).toBe(true);
    for (const manifest of ['manifest-sha256.txt', 'tagmanifest-sha256.txt']) {
      const check = spawnSync('sha256sum', ['-c', manifest], { cwd: root, encoding: 'utf8' });
      expect(check.status, check.stdout + check.stderr).toBe(0);
    }
    const custody = JSON.parse(readFileSync(join(root, 'data', 'custody.json'), 'utf8')) as {
      exportedBy: { osUser: string };
      documents: {
        documentId: string;
        verdict: string;
        files: { sha256: string }[];
        journal: { action: string; outcome: { state: string }; hash: string }[];
      }[];
    };
    // The verdicts are the fresh ones, from the export's own verification.
    expect(custody.documents.map((d) => d.verdict).every((v) => v === 'failed' || v === 'incomplete')).toBe(true);
    expect(readFileSync(join(root, 'data', 'VERIFY.txt'), 'utf8')).toContain('sha256sum -c manifest-sha256.txt');
    // The audit journal's (hash-chained) entries of each document travel with it.
    expect(
      custody.documents[0]!.journal.some(
        (entry) => entry.action === 'archive' && entry.outcome.state === 'done' && /^[0-9a-f]{64}$/.test(entry.hash),
      ),
    ).toBe(true);
    expect(custody.exportedBy.osUser).toBeTruthy();
    expect(custody.documents.map((d) => d.documentId).sort()).toEqual(bags.map((b) => b.documentId).sort());
    expect(custody.documents[0]!.files.length).toBeGreaterThanOrEqual(8);
    expect(readFileSync(join(root, 'bag-info.txt'), 'utf8')).toMatch(/SignDock-Exported-By-OS-User: .+/);
  });
});
