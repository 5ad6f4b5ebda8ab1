import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/host';
import type { JobItemView } from '../../shared/domain/jobs';
import { bagOf, folderTree, jobItems, sandboxCore, startArchive } from '../helpers/evidence-core';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 14, must show, driven by the sandbox's own evidence faults over real HTTP through SignDock's
 * archive job: crafted packages (`../` entry, absolute path, symlink entry, zip bomb) are refused
 * with the reason and the entry, a clear per-document outcome, and nothing is written outside the
 * document's bag (the archive folder's tree is listed before and after); a truncated download is
 * retried and never leaves a finished bag with bad data. (A listed hash that is wrong:
 * evidence.archive-sandbox.test.ts, with the sandbox's `hash_mismatch` fault.)
 */
const crafted = [
  { fault: 'zip_slip', reason: 'parentPath', entry: '../../signdock-sandbox-zip-slip.txt' },
  { fault: 'absolute_path', reason: 'absolutePath', entry: '/tmp/signdock-sandbox-absolute.txt' },
  { fault: 'symlink', reason: 'symlink', entry: 'metadata/signer-link.json' },
  { fault: 'zip_bomb', reason: 'ratio', entry: 'metadata/zeros.bin' },
] as const;
const bagFiles = [
  'bag-info.txt',
  'bagit.txt',
  'data',
  'data/certificate.pdf',
  'data/package.zip',
  'data/signed.pdf',
  'data/verification.json',
  'manifest-sha256.txt',
  'tagmanifest-sha256.txt',
];

describe('evidence faults of the sandbox, archived', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let archive: string;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 42, autoSign: { enabled: false } });
    const file = await samplePdf('Faulty');
    for (const name of [...crafted.map((c) => c.fault), 'truncated']) {
      ids.set(
        name,
        sandbox.services.workflow.create({
          title: `Faulty ${name}`,
          file,
          signatures: [{ validations: { EM: `${name}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
      );
    }
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-faults-');
    archive = join(home.path, 'archive');
    core = await sandboxCore(sandbox, home.path);
  }, 120_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
  });

  for (const { fault, reason, entry } of crafted) {
    it(`${fault}: the package is refused (${reason}, naming ${entry}) and nothing is written outside its bag`, async () => {
      const id = ids.get(fault)!;
      await sandbox.controlClient.setFaults({ evidence_fault: fault, evidence_fault_documents: [id] });
      const before = existsSync(archive) ? folderTree(archive) : [];

      const job = await core.jobs.whenSettled((await startArchive(core, [id])).id);

      expect(job.state).toBe('finished');
      const [item] = await jobItems(core, job.id);
      // The job item names the bag's verdict and the check that failed.
      expect(item).toMatchObject({ subject: id, state: 'done', outcome: { verdict: 'failed' } });
      expect((item!.outcome!.checks as unknown[])[0]).toMatchObject({ id: 'package.safe', status: 'failed', file: entry });
      const bag = (await bagOf(core, id))!;
      expect(bag.verdict).toBe('failed');
      const safe = bag.report.checks.find((c) => c.id === 'package.safe');
      expect(safe).toMatchObject({ status: 'failed', file: entry, title: 'The package was refused', params: { refusalReason: reason } });
      // Nothing inside a refused package is claimed as checked: what needs it could not run.
      expect(bag.report.checks.filter((c) => c.id === 'signature.cms' || c.id === 'signed.inPackage').map((c) => c.status)).toEqual([
        'incomplete',
        'incomplete',
      ]);
      expect(bag.report.checks.some((c) => c.id === 'package.listedHash')).toBe(false);

      // The tree after is the tree before plus this bag's own files, and nothing else.
      const relative = bag.bagPath.slice(archive.length);
      const added = folderTree(archive).filter((line) => !before.includes(line));
      expect(
        added
          .filter((line) => !line.startsWith(`${relative} `) && !line.startsWith(`${relative}/`))
          .every((line) => relative.startsWith(line.split(' ')[0]!)),
      ).toBe(true);
      expect(
        folderTree(bag.bagPath)
          .map((line) => line.split(' ')[0]!.slice(1))
          .sort(),
      ).toEqual(bagFiles);
      expect(folderTree(home.path).some((line) => /signdock-sandbox-(zip-slip|absolute)|signer-link|zeros\.bin/.test(line))).toBe(false);
      expect(existsSync('/tmp/signdock-sandbox-absolute.txt')).toBe(false);
      expect(existsSync(join(home.path, '..', 'signdock-sandbox-zip-slip.txt'))).toBe(false);
    });
  }

  it('truncated: the cut download is retried, no finished bag holds its bytes, and once the fault is gone the bag is whole', async () => {
    const id = ids.get('truncated')!;
    await sandbox.controlClient.setFaults({ evidence_fault: 'truncated', evidence_fault_documents: [id] });
    // The engine retries the item after the cut (the client's own retries first): wait for its second attempt.
    const errors: string[] = [];
    const retried = new Promise<JobItemView>((resolve) => {
      const off = core.events.subscribe((message) => {
        if (message.event !== 'jobs.changed') return;
        void jobItems(core, (message.payload as { id: string }).id).then(([item]) => {
          if (item?.subject !== id) return;
          if (item.error) errors.push(`${item.error.kind}: ${item.error.message}`);
          if (item.attempts >= 2) {
            off();
            resolve(item);
          }
        });
      });
    });
    const job = await startArchive(core, [id]);
    const second = await retried;

    // Still the document's own, unfinished item: no bag is indexed or finished, no evidence file is in place (only removed .part files were ever written).
    expect(second.state).not.toBe('done');
    expect(errors.every((e) => /^Network: The connection to 127\.0\.0\.1:\d+ was cut off/.test(e))).toBe(true);
    expect(await bagOf(core, id)).toBeNull();
    expect(folderTree(archive).filter((line) => line.includes('tagmanifest') && line.includes('_Faulty-truncated_'))).toEqual([]);
    expect(
      folderTree(archive).filter(
        (line) => line.includes('_Faulty-truncated_') && /package\.zip |signed\.pdf |certificate\.pdf /.test(line),
      ),
    ).toEqual([]);
    expect((await sandbox.controlClient.stats()).faults.evidence).toBeGreaterThanOrEqual(1);

    await sandbox.controlClient.setFaults({ evidence_fault: null });
    const settled = await core.jobs.whenSettled(job.id);
    expect(settled.state).toBe('finished');
    const [item] = await jobItems(core, job.id);
    expect(item).toMatchObject({ state: 'done', outcome: { verdict: 'passed' } });
    expect(item!.attempts).toBeGreaterThanOrEqual(2);
    const bag = (await bagOf(core, id))!;
    expect(bag.verdict).toBe('passed');
    const served = Buffer.from(
      await (
        await fetch(`${sandbox.url}/api/v2/documents/${id}/download/zipfile`, { headers: { authorization: `Bearer ${sandbox.key}` } })
      ).arrayBuffer(),
    );
    expect(readFileSync(join(bag.bagPath, 'data', 'package.zip')).equals(served)).toBe(true);
  });
});
