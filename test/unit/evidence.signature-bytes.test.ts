import { spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureBytes, verifyPdfSignatures } from '../../electron/core/evidence/pdf-signatures';
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

  it('keeps as many bytes as the outer element says, zeros included, and drops only the padding', () => {
    const body = Buffer.from([0x02, 0x01, 0x00]); // INTEGER 0: its last byte is zero
    const long = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00]), Buffer.alloc(0x100, 0)]);
    const padding = Buffer.alloc(64, 0);
    expect(signatureBytes(Buffer.concat([Buffer.from([0x30, 0x03]), body, padding]))).toEqual(Buffer.concat([Buffer.from([0x30, 0x03]), body]));
    expect(signatureBytes(Buffer.concat([long, padding]))).toEqual(long);
    // Indefinite length (BER), a length longer than the data, or too little to read: kept as they are.
    const indefinite = Buffer.concat([Buffer.from([0x30, 0x80]), body, Buffer.from([0, 0]), padding]);
    expect(signatureBytes(indefinite)).toEqual(indefinite);
    expect(signatureBytes(Buffer.from([0x30, 0x82, 0xff, 0xff, 0x01]))).toEqual(Buffer.from([0x30, 0x82, 0xff, 0xff, 0x01]));
    expect(signatureBytes(Buffer.from([0x30]))).toEqual(Buffer.from([0x30]));
  });
});
