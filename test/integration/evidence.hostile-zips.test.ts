import { existsSync, mkdirSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyEvidence } from '../../electron/core/evidence/checks/verify-evidence';
import { folderTree } from '../helpers/evidence-core';
import { hostileCases } from '../helpers/hostile-zips';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';

/**
 * Issue 14, must show: crafted packages (`../` entries, an absolute path, a backslash path, a symlink
 * entry, a zip bomb, an entry whose size lies, a duplicate name) are refused with the reason and the
 * entry, and nothing is written anywhere: the folder tree around the bag is listed before and after.
 */
const tree = folderTree;

describe('hostile evidence packages', () => {
  let home: ReturnType<typeof tempFolder>;
  beforeAll(() => {
    home = tempFolder('signdock-hostile-');
  });
  afterAll(() => home.remove());

  for (const hostile of hostileCases) {
    it(`refuses ${hostile.name} (${hostile.reason}) and writes nothing`, async () => {
      const root = join(home.path, hostile.name);
      const data = join(root, 'archive', '2025', `2025-01-01_${hostile.name}_00000000`, 'data');
      mkdirSync(data, { recursive: true });
      mkdirSync(join(root, 'outside'));
      writeFileSync(join(data, 'package.zip'), await hostile.build());
      copyFileSync('test/fixtures/pdfs/one-page.pdf', join(data, 'certificate.pdf'));
      copyFileSync('test/fixtures/pdfs/one-page.pdf', join(data, 'signed.pdf'));
      const before = tree(root);

      const report = await verifyEvidence({ dataFolder: data, documentId: hostile.name }, { anchors: [], tool: 'test' });

      expect(report.verdict).toBe('failed');
      const safe = report.checks.find((c) => c.id === 'package.safe');
      expect(safe?.status).toBe('failed');
      expect(safe?.params.refusalReason).toBe(hostile.reason);
      expect(safe?.file).toBe(hostile.entry);
      expect(safe?.title).toBe('The package was refused');
      expect(safe?.detail).toMatch(/Nothing in it was extracted or checked further\.$/);
      if (hostile.words) expect(safe?.detail).toMatch(hostile.words);
      // Nothing inside the package is claimed as checked: what needs it could not run.
      expect(report.checks.filter((c) => c.id === 'package.listedHash')).toEqual([]);
      expect(
        report.checks.filter((c) => c.id === 'signature.cms' || c.id === 'signed.inPackage').map((c) => [c.status, c.params.reason]),
      ).toEqual([
        ['incomplete', 'packageRefused'],
        ['incomplete', 'packageRefused'],
      ]);
      expect(tree(root)).toEqual(before);
      expect(existsSync('/tmp/signdock-absolute.txt')).toBe(false);
    });
  }

  it('the CLI verify names the refused package and exits 1, from the bag alone', async () => {
    const bag = join(home.path, 'cli-bag');
    mkdirSync(join(bag, 'data'), { recursive: true });
    writeFileSync(join(bag, 'data', 'package.zip'), await hostileCases[0]!.build());
    copyFileSync('test/fixtures/pdfs/one-page.pdf', join(bag, 'data', 'certificate.pdf'));
    copyFileSync('test/fixtures/pdfs/one-page.pdf', join(bag, 'data', 'signed.pdf'));
    writeFileSync(join(bag, 'bagit.txt'), 'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n');
    writeFileSync(join(bag, 'manifest-sha256.txt'), '');
    const run = await runCli(['--home', join(home.path, 'cli-home'), '--json', 'verify', bag]);
    expect(run.code, run.stderr).toBe(1);
    const result = JSON.parse(run.stdout) as { bags: { problems: { kind: string; path: string }[] }[] };
    const kinds = result.bags[0]!.problems.map((p) => `${p.kind} ${p.path}`);
    expect(kinds).toContain('refused data/package.zip:../../escaped.txt');
    // The three payload files are in data/ but in no manifest: each is reported, none silently accepted.
    expect(kinds).toContain('unexpected data/package.zip');
  });
});
