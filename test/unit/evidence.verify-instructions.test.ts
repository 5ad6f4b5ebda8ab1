import { describe, expect, it } from 'vitest';
import { verifyText } from '../../electron/core/evidence/reports/verify-instructions';
import type { TimestampCheck } from '../../shared/domain/timestamp';

/**
 * VERIFY.txt of a counsel export: the openssl command for each token of a bag's chain with the bag's
 * shipped tsa-chain.pem, the roots' fingerprints to compare, and SignDock's own check in words.
 */
describe('VERIFY.txt names each timestamp token and what SignDock found', () => {
  const bag = 'Export/data/bags/lease';
  const check: TimestampCheck = {
    state: 'passed',
    time: '2026-11-27T10:00:00.000Z',
    renewedAt: '2026-11-27T11:00:00.000Z',
    tsa: 'Sandbox TSA\nrm -rf ~',
    trusted: true,
    tokens: 2,
    detail: '',
    warnings: [],
  };
  const root = { subject: 'CN=Sandbox TSA root', fingerprint: 'AB:'.repeat(31) + 'AB', anchor: true };

  it('a renewal is checked over the tag manifest joined to the token before it; a first token over the tag manifest alone', () => {
    const text = verifyText('Export', [
      {
        bag,
        tokens: [`${bag}/tagmanifest-sha256.txt.tsr`, `${bag}/timestamps/0002.tsr`],
        timestamp: check,
        chain: { file: `${bag}/tsa-chain.pem`, roots: [root] },
      },
    ]);
    expect(text).toContain(
      `   $ openssl ts -verify -data '${bag}/tagmanifest-sha256.txt' -in '${bag}/tagmanifest-sha256.txt.tsr' -CAfile '${bag}/tsa-chain.pem'`,
    );
    expect(text).toContain(
      `   $ cat '${bag}/tagmanifest-sha256.txt' '${bag}/tagmanifest-sha256.txt.tsr' > chain.bin && openssl ts -verify -data chain.bin -in '${bag}/timestamps/0002.tsr' -CAfile '${bag}/tsa-chain.pem'`,
    );
    expect(text).not.toContain(`-data '${bag}/tagmanifest-sha256.txt' -in '${bag}/timestamps/0002.tsr'`);
  });

  it("prints each root's SHA-256 fingerprint once, whether the exporter trusted it, and says the chain is no reason to trust", () => {
    const other = { subject: 'CN=Came with the token', fingerprint: 'CD:'.repeat(31) + 'CD', anchor: false };
    const text = verifyText('Export', [
      { bag, tokens: [`${bag}/tagmanifest-sha256.txt.tsr`], timestamp: check, chain: { file: `${bag}/tsa-chain.pem`, roots: [root] } },
      {
        bag: `${bag}2`,
        tokens: [`${bag}2/tagmanifest-sha256.txt.tsr`],
        timestamp: check,
        chain: { file: `${bag}2/tsa-chain.pem`, roots: [root, other] },
      },
    ]);
    expect(text.split(`SHA-256 fingerprint ${root.fingerprint}`)).toHaveLength(2);
    expect(text).toContain(`SHA-256 fingerprint ${root.fingerprint}\n     (trusted by the SignDock user who exported this)`);
    expect(text).toContain(`SHA-256 fingerprint ${other.fingerprint}\n     (came with a token or the bag: NOT trusted`);
    expect(text).toContain('it is NOT a\n   reason to trust');
    expect(text).not.toContain('<TSA-CA.pem>');
  });

  it('a chain with no root, or no chain, says where the CA certificate must come from', () => {
    const noRoot = verifyText('Export', [
      { bag, tokens: [`${bag}/tagmanifest-sha256.txt.tsr`], timestamp: check, chain: { file: `${bag}/tsa-chain.pem`, roots: [] } },
    ]);
    expect(noRoot).toContain(`holds no root certificate: obtain the authority's CA certificate, compare its fingerprint, and add it`);
    const none = verifyText('Export', [{ bag, tokens: [`${bag}/tagmanifest-sha256.txt.tsr`], timestamp: check, chain: null }]);
    expect(none).toContain("its tokens carry no certificate: obtain the authority's CA certificate and give it as -CAfile instead");
  });

  it('says the fresh check on one line: a TSA name from the token cannot add a line of its own', () => {
    const text = verifyText('Export', [
      { bag, tokens: [`${bag}/tagmanifest-sha256.txt.tsr`, `${bag}/timestamps/0002.tsr`], timestamp: check },
    ]);
    expect(text).toContain(
      `   ${bag}: timestamped 2026-11-27T10:00:00.000Z by Sandbox TSA rm -rf ~ (renewed 1 time); SignDock found the tokens valid at export time, TSA trusted`,
    );
    expect(text.split('\n').some((line) => line.startsWith('rm -rf'))).toBe(false);
    expect(
      verifyText('Export', [
        {
          bag,
          tokens: [`${bag}/tagmanifest-sha256.txt.tsr`],
          timestamp: { ...check, state: 'failed', detail: 'the imprint\ndoes not match' },
        },
      ]),
    ).toContain('timestamp FAILED when SignDock checked it at export time: the imprint does not match');
  });
});
