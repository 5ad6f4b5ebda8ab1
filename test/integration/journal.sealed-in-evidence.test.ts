import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/core/host';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import type { JournalVerification } from '../../electron/core/journal/journal-verify';
import { sealedText } from '../../electron/core/journal/checkpoint';
import type { BagSummary } from '../../shared/domain/evidence';
import type { JobView } from '../../shared/domain/jobs';
import { call, syncAll } from '../helpers/evidence-core';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, sandboxCaCertPem, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 23, point 5, against the sandbox over real HTTP: the journal's sealed checkpoint travels outside
 * the journal table — in the archive job's record and in the counsel export's custody.json — and each copy
 * catches the journal cut short even when the data folder's checkpoint file is put back to an older copy.
 */
describe('journal checkpoints sealed into archive jobs and counsel exports', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let firstJob: JobView;
  const documents: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 23, autoSign: { enabled: false } });
    const file = await samplePdf('Journal');
    for (let i = 1; i <= 3; i += 1)
      documents.push(
        sandbox.services.workflow.create({
          title: `Lease ${i}`,
          file,
          signatures: [{ validations: { EM: `s${i}@example.com` }, inviteChannel: ['EM'] }],
        }).id,
      );
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-journal-evidence-');
    core = createCore({ dataFolder: home.path, hostKind: 'cli', version: '0.1.0', secrets: new MemorySecretStore() });
    await call(core, 'accounts.add', { name: 'Sandbox', baseUrl: sandbox.url, apiKey: sandbox.key });
    await call(core, 'evidence.addTrustAnchor', { pem: sandboxCaCertPem });
    await syncAll(core);
    // What a backup taken now would hold: the checkpoint file before any archive.
    copyFileSync(join(home.path, 'journal-checkpoint.json'), join(home.path, 'early-checkpoint.json'));
    firstJob = await core.jobs.whenSettled(
      (await call<JobView>(core, 'evidence.archive', { documentIds: [documents[0], documents[1]] })).id,
    );
  }, 120_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
  });

  const jobCheckpoint = (jobId: string) =>
    (
      JSON.parse((core.db.prepare('SELECT input FROM jobs WHERE id = ?').get(jobId) as { input: string }).input) as {
        journalCheckpoint: { count: number; head: string; mac: string };
      }
    ).journalCheckpoint;

  it('seals a checkpoint into each archive job and into custody.json, and verifies against them', async () => {
    const before = core.journal.entries().length;
    const second = await core.jobs.whenSettled((await call<JobView>(core, 'evidence.archive', { documentIds: [documents[2]] })).id);
    const sealed = jobCheckpoint(second.id);
    expect(sealed).toMatchObject({ format: 'signdock-journal-checkpoint/1', count: before, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(jobCheckpoint(firstJob.id).count).toBeLessThan(sealed.count);

    const bags = (await call<{ bags: BagSummary[] }>(core, 'evidence.list', {})).bags;
    const out = join(home.path, 'counsel', 'for-counsel.zip');
    await call(core, 'evidence.export', { bagPaths: bags.map((b) => b.bagPath), outFile: out });
    const custodyText = spawnSync('unzip', ['-p', out, 'for-counsel/data/custody.json'], { encoding: 'utf8' }).stdout;
    const custody = JSON.parse(custodyText) as { journal_checkpoint: { count: number; head: string; keyId: string; mac: string } };
    const entries = core.journal.entries();
    expect(custody.journal_checkpoint).toMatchObject({
      count: entries.length,
      head: entries.at(-1)!.hash,
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const verdict = await call<JournalVerification>(core, 'journal.verify', {});
    // The file, the two archive jobs and the copy beside the key (this test's keychain is in memory).
    expect(verdict).toMatchObject({ ok: true, key: 'keychain', checkpointsChecked: 4, problems: [] });
  });

  it("finds the newest entries deleted through the archive job's copy, though the checkpoint file was put back", async () => {
    const secondCount = (
      core.db
        .prepare(
          `SELECT json_extract(input, '$.journalCheckpoint.count') AS c FROM jobs WHERE kind = 'archive' ORDER BY created_at DESC LIMIT 1`,
        )
        .get() as { c: number }
    ).c;
    expect(secondCount).toBeGreaterThan(jobCheckpoint(firstJob.id).count);
    // The newest entries deleted, and the checkpoint file rolled back to the early copy, which agrees with what is left.
    core.db.prepare('DELETE FROM audit_journal WHERE seq >= ?').run(secondCount);
    copyFileSync(join(home.path, 'early-checkpoint.json'), join(home.path, 'journal-checkpoint.json'));
    const verdict = await call<JournalVerification>(core, 'journal.verify', {});
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toHaveLength(1);
    expect(verdict.problem).toMatch(
      new RegExp(`cut short: archive job [0-9a-f-]+ of .* counts ${secondCount} entries, the journal ends at entry ${secondCount - 1}`),
    );
  });
  it('with a TSA set, the checkpoint sealed into an archive job carries an RFC 3161 token over its sealed text that openssl accepts', async () => {
    await call(core, 'settings.update', {
      timestamps: { tsaUrl: sandbox.tsa.url, tsaAnchors: [{ pem: sandbox.tsa.caPem, subject: '', fingerprint: '' }] },
    });
    const job = await core.jobs.whenSettled((await call<JobView>(core, 'evidence.archive', { documentIds: [documents[0]] })).id);
    const sealed = jobCheckpoint(job.id) as unknown as { count: number; head: string; at: string; timestampToken?: string };
    expect(sealed.timestampToken, 'a token over the checkpoint').toEqual(expect.any(String));
    const data = join(home.path, 'checkpoint-sealed.txt');
    const token = join(home.path, 'checkpoint.tsr');
    writeFileSync(data, sealedText(sealed));
    writeFileSync(token, Buffer.from(sealed.timestampToken!, 'base64'));
    const run = spawnSync('openssl', ['ts', '-verify', '-data', data, '-in', token, '-CAfile', sandbox.tsa.caFile], { encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toMatch(/Verification: OK/);
    // The token covers exactly the sealed text: another count does not verify.
    writeFileSync(data, sealedText({ ...sealed, count: sealed.count + 1 }));
    const forged = spawnSync('openssl', ['ts', '-verify', '-data', data, '-in', token, '-CAfile', sandbox.tsa.caFile], {
      encoding: 'utf8',
    });
    expect(`${forged.stdout}${forged.stderr}`).not.toMatch(/Verification: OK/);
  }, 120_000);
});
