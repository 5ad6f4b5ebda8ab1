import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyPdfSignatures } from '../../electron/core/evidence/checks/pdf-signatures';
import { sandboxCaCertPem } from '../sandbox';

/**
 * A PDF signature's /Contents is the CMS padded with zeros to its reserved size. SignDock used to strip
 * the trailing zeros, which also cut a signature whose own last byte is 0x00 (about 1 in 256) and
 * reported it unreadable: an archive run said "did not pass verification" for a sound document. The
 * fixture is such a sandbox-sealed PDF, taken from that run's archive.
 */
const fixture = new URL('../fixtures/pdfs/sealed-signature-ends-in-zero.pdf', import.meta.url).pathname;

describe('the signature inside /Contents', () => {
  it('a sealed PDF whose CMS ends in a zero byte verifies, as pdfsig says', async () => {
    const run = spawnSync('pdfsig', [fixture], { encoding: 'utf8' });
    expect(run.stdout).toContain('Signature Validation: Signature is Valid.');
    const result = await verifyPdfSignatures(fixture, 'signed.pdf', [new X509Certificate(sandboxCaCertPem)]);
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]).toMatchObject({ valid: true, trust: 'trusted', problem: null });
  });
});
