import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/core/host';
import { verifyPdfSignatures } from '../../electron/core/evidence/checks/pdf-signatures';
import { verifyEvidence } from '../../electron/core/evidence/checks/verify-evidence';
import type { BagDetail } from '../../shared/domain/evidence';
import { bagOf, sandboxCore, startArchive } from '../helpers/evidence-core';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, sandboxCaCertPem, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 14, must show: the sandbox's signed PDF, archived through SignDock's real archive path (the
 * evidence service against the sandbox over HTTP), carries a PDF signature that Poppler's `pdfsig`
 * reports valid; SignDock's own check agrees (trusted with the sandbox CA as anchor, "issuer not
 * trusted" without), and flags a copy with bytes appended after the signature.
 */
const pdfsig = (path: string) => spawnSync('pdfsig', [path], { encoding: 'utf8' });

describe('the sandbox seal, archived', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let core: Core;
  let bag: BagDetail;
  let signedPath: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 41, autoSign: { enabled: false } });
    const id = sandbox.services.workflow.create({
      title: 'Sealed contract',
      file: await samplePdf('Sealed'),
      signatures: [{ validations: { EM: 'a@example.com' }, inviteChannel: ['EM'] }],
    }).id;
    await sandbox.controlClient.signAll();
    home = tempFolder('signdock-seal-');
    core = await sandboxCore(sandbox, home.path);
    await core.jobs.whenSettled((await startArchive(core, [id])).id);
    bag = (await bagOf(core, id))!;
    signedPath = join(bag.bagPath, 'data', 'signed.pdf');
  }, 120_000);
  afterAll(async () => {
    await core.close();
    await sandbox.stop();
    home.remove();
  });

  it('pdfsig reports the archived signed PDF valid, covering the whole document', () => {
    const run = pdfsig(signedPath);
    expect(run.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(run.stdout).toContain('Total document signed');
    // Poppler does not know the sandbox CA.
    expect(run.stdout).toContain("Certificate Validation: Certificate issuer isn't Trusted.");
  });

  it('SignDock agrees: valid and trusted with the sandbox CA as anchor, valid but not trusted without', async () => {
    expect(bag.verdict).toBe('passed');
    const seal = bag.report.signatures.find((s) => s.file === 'signed.pdf#1');
    expect(seal).toMatchObject({ valid: true, trust: 'trusted', problem: null });
    expect(seal?.subject).toContain('CN=SignDock Sandbox document seal');
    expect(bag.trust).toBe('trusted');
    const checks = bag.report.checks.filter((c) => c.id === 'signed.pdfSignature' || c.id === 'signed.nothingAdded');
    expect(checks.map((c) => [c.id, c.status, c.params.case ?? null])).toEqual([
      ['signed.pdfSignature', 'passed', 'trusted'],
      ['signed.nothingAdded', 'passed', null],
    ]);
    expect(checks[1]?.detail).toMatch(/no bytes were added after it/);
    const untrusted = await verifyPdfSignatures(signedPath, 'signed.pdf', []);
    expect(untrusted.checks[0]).toMatchObject({ valid: true, trust: 'untrusted' });
    const trusted = await verifyPdfSignatures(signedPath, 'signed.pdf', [new X509Certificate(sandboxCaCertPem)]);
    expect(trusted).toMatchObject({ bytesAfterLast: 0, checks: [{ valid: true, trust: 'trusted' }] });
  });

  it('flags a copy with bytes appended after the signature; pdfsig no longer says the whole document is signed', async () => {
    const copy = join(home.path, 'copy');
    cpSync(join(bag.bagPath, 'data'), copy, { recursive: true });
    const appended = '\n% added after signing\n99 0 obj\n<< /Changed true >>\nendobj\n';
    appendFileSync(join(copy, 'signed.pdf'), appended);
    expect(pdfsig(join(copy, 'signed.pdf')).stdout).not.toContain('Total document signed');
    const report = await verifyEvidence(
      { dataFolder: copy, documentId: bag.documentId },
      { anchors: [new X509Certificate(sandboxCaCertPem)], tool: 'test' },
    );
    const checks = report.checks.filter((c) => c.id === 'signed.pdfSignature' || c.id === 'signed.nothingAdded');
    // The signature still verifies over what it covers; what came after is its own check, said plainly.
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['signed.pdfSignature', 'passed'],
      ['signed.nothingAdded', 'failed'],
    ]);
    expect(checks[1]?.title).toBe(`${Buffer.byteLength(appended)} bytes were added after the last PDF signature`);
    expect(checks[1]?.params.bytesAfter).toBe(Buffer.byteLength(appended));
    expect(report.verdict).toBe('failed');
    // The original in the bag is untouched.
    expect(readFileSync(signedPath).length).toBe(readFileSync(join(copy, 'signed.pdf')).length - Buffer.byteLength(appended));
  });
});
