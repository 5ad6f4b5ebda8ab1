import { describe, expect, it } from 'vitest';
import { verifyText } from '../../electron/core/evidence/reports/verify-instructions';
import type { TimestampCheck } from '../../shared/domain/timestamp';

/** VERIFY.txt of a counsel export: the openssl command for each token of a bag's chain, and SignDock's own check of it in words. */
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

  it('a renewal is checked over the tag manifest joined to the token before it; a first token over the tag manifest alone', () => {
    const text = verifyText('Export', [
      { bag, tokens: [`${bag}/tagmanifest-sha256.txt.tsr`, `${bag}/timestamps/0002.tsr`], timestamp: check },
    ]);
    expect(text).toContain(
      `openssl ts -verify -data '${bag}/tagmanifest-sha256.txt' -in '${bag}/tagmanifest-sha256.txt.tsr' -CAfile <TSA-CA.pem>`,
    );
    expect(text).toContain(
      `cat '${bag}/tagmanifest-sha256.txt' '${bag}/tagmanifest-sha256.txt.tsr' > chain.bin && openssl ts -verify -data chain.bin -in '${bag}/timestamps/0002.tsr' -CAfile <TSA-CA.pem>`,
    );
    expect(text).not.toContain(`-data '${bag}/tagmanifest-sha256.txt' -in '${bag}/timestamps/0002.tsr'`);
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
