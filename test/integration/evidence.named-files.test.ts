import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check } from '../../shared/domain/evidence';
import { checkWords } from '../../shared/domain/evidence-checks';
import { runCli } from '../helpers/run-cli';
import { tempFolder } from '../helpers/temp-folder';
import { samplePdf, startSandbox, type Sandbox } from '../sandbox';

/**
 * Issue 31, point 8 (and two of point 6): a failed check names its files. Real bags archived from the
 * sandbox by the real CLI: a package whose SHA256SUMS lies (the sandbox's `hash_mismatch`), a signed PDF
 * that grew after archiving (manifests left as they were), the same bag with files added, and one whose
 * package was removed. `archive` and `verify` name each file that did not pass under its check line (the
 * first 5, then "and N more"), `--json` holds every one, and the report PDF (read with pdftotext) names
 * them too; a file that grew is a failed Payload-Oxum that says so, the hash found is never "expected",
 * and no check's words keep a `{placeholder}`. A title with U+202E and ESC leaves bag-info.txt clean.
 */
interface JsonBag {
  bagPath: string;
  verdict: string;
  checks: (Check & { items: Check['items'] })[];
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const placeholder = /\{\w+\}/;

function expectNoPlaceholder(checks: readonly Check[]): void {
  for (const c of checks)
    for (const lang of ['en', 'es'] as const) {
      const words = checkWords(c, lang);
      expect(`${c.id} ${c.status} ${lang}: ${words.title} — ${words.detail}`).not.toMatch(placeholder);
    }
}

describe('a failed check names its files', () => {
  let sandbox: Sandbox;
  let home: ReturnType<typeof tempFolder>;
  let env: Record<string, string>;
  const ids: Record<'liar' | 'grown' | 'controls', string> = { liar: '', grown: '', controls: '' };
  let archive = '';
  let firstRun = { code: null as number | null, stdout: '', stderr: '' };
  const bags = new Map<string, string>();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, seed: 131, autoSign: { enabled: false } });
    const file = await samplePdf('Named files');
    const make = (title: string) =>
      sandbox.services.workflow.create({ title, file, signatures: [{ validations: { EM: 'n@example.com' }, inviteChannel: ['EM'] }] }).id;
    ids.liar = make('Lying package');
    ids.grown = make('Lease that grew');
    ids.controls = make('NDA \u202egpj.exe\x1b]0;owned\x07 final');
    await sandbox.controlClient.signAll();
    await sandbox.controlClient.setFaults({ evidence_fault: 'hash_mismatch', evidence_fault_documents: [ids.liar] });
    home = tempFolder('signdock-named-files-');
    env = { SIGNDOCK_API_KEY: sandbox.key, SIGNDOCK_BASE_URL: sandbox.url };
    archive = join(home.path, 'main', 'archive');
    firstRun = await runCli(['--home', join(home.path, 'main'), 'archive', ids.liar, ids.grown, ids.controls], { env });
    const listed = await runCli(['--home', join(home.path, 'main'), '--json', 'verify', archive]);
    for (const bag of (JSON.parse(listed.stdout) as { bags: (JsonBag & { documentId: string })[] }).bags)
      bags.set(bag.documentId, bag.bagPath);
  }, 240_000);
  afterAll(async () => {
    await sandbox?.stop();
    home?.remove();
  });

  const bagOf = (documentId: string): string => bags.get(documentId)!;

  it('archive names the file SHA256SUMS lies about, in its words and in --json', async () => {
    expect(firstRun.code, firstRun.stderr).toBe(1);
    expect(firstRun.stdout).toMatch(
      / {12}failed: {4}1 of \d+ files do not match SHA256SUMS[^\n]*\n {23}original\.pdf: changed — SHA256SUMS lists SHA-256 [0-9a-f]{64}, the file now has [0-9a-f]{64}\n/,
    );
    const json = await runCli(['--home', join(home.path, 'again'), '--json', 'archive', ids.liar, '--dir', archive], { env });
    const results = (JSON.parse(json.stdout) as { bags: JsonBag[] }).bags;
    const listed = results[0]!.checks.find((c) => c.id === 'package.listedHash' && c.status === 'failed');
    expect(listed?.items.map((i) => `${i.file} ${i.status}`)).toEqual(['original.pdf failed']);
  }, 120_000);

  it('verify names a file that grew (human, --json, the report PDF); Payload-Oxum says it changed size; found is not "expected"', async () => {
    const grown = bagOf(ids.grown);
    appendFileSync(join(grown, 'data', 'signed.pdf'), '\n% appended after archiving\n');
    const now = sha256(readFileSync(join(grown, 'data', 'signed.pdf')));
    // The same tampered bag with seven files added, and another whose package was removed (manifests as they were).
    const crowded = `${grown}-crowded`;
    cpSync(grown, crowded, { recursive: true });
    for (let n = 1; n <= 6; n += 1) writeFileSync(join(crowded, 'data', `added-${n}.txt`), `added ${n}\n`);
    const noPackage = `${bagOf(ids.liar)}-no-package`;
    cpSync(bagOf(ids.liar), noPackage, { recursive: true });
    rmSync(join(noPackage, 'data', 'package.zip'));

    const report = join(home.path, 'report.pdf');
    const human = await runCli(['--home', join(home.path, 'reviewer'), 'verify', grown, crowded, noPackage, '--report', report]);
    expect(human.code).toBe(1);
    const grownLines = human.stdout.slice(human.stdout.indexOf(`FAILED      ${grown} ·`), human.stdout.indexOf(`${crowded} ·`));
    expect(grownLines).toMatch(
      new RegExp(
        ` {12}failed: {4}1 of 4 files do not match manifest-sha256\\.txt[^\\n]*\\n {23}data/signed\\.pdf: changed — manifest-sha256\\.txt lists SHA-256 [0-9a-f]{64}, the file now has ${now}\\n`,
      ),
    );
    expect(grownLines).toMatch(
      / {12}failed: {4}A payload file changed size \(bag-info\.txt\) — bag-info\.txt says \d+\.4 \(bytes\.files\); the payload holds \d+\.4/,
    );
    expect(grownLines).not.toMatch(/not complete/);
    const crowdedLines = human.stdout.slice(human.stdout.indexOf(`${crowded} ·`), human.stdout.indexOf(`${noPackage} ·`));
    expect(crowdedLines).toMatch(/7 of 10 files do not match manifest-sha256\.txt/);
    expect(crowdedLines.match(/^ {23}data\/\S+: (changed|added) — /gm)).toHaveLength(5);
    expect(crowdedLines).toMatch(/^ {23}… and 2 more \(the full list is in --json\)\.$/m);
    expect(human.stdout).not.toMatch(placeholder);

    const json = await runCli(['--home', join(home.path, 'reviewer'), '--json', 'verify', grown, crowded, noPackage]);
    const results = (JSON.parse(json.stdout) as { bags: JsonBag[] }).bags;
    const [grownJson, crowdedJson, noPackageJson] = [grown, crowded, noPackage].map((path) => results.find((b) => b.bagPath === path)!);
    const manifest = (bag: JsonBag) => bag.checks.find((c) => c.id === 'bag.manifest')!;
    expect(manifest(grownJson!).items.filter((i) => i.status !== 'passed')).toEqual([
      { file: 'data/signed.pdf', status: 'failed', expected: expect.stringMatching(/^[0-9a-f]{64}$/), found: now },
    ]);
    expect(manifest(crowdedJson!).items.filter((i) => i.status !== 'passed')).toHaveLength(7);
    expect(grownJson!.checks.find((c) => c.id === 'bag.oxum')).toMatchObject({ status: 'failed', params: { case: 'size' } });
    expect(grownJson!.checks.find((c) => c.id === 'signed.inCertificate')).toMatchObject({ status: 'failed', expected: null, found: now });
    expect(noPackageJson!.checks.find((c) => c.id === 'signature.cms')).toMatchObject({ status: 'incomplete' });
    for (const bag of results) expectNoPlaceholder(bag.checks);

    const text = spawnSync('pdftotext', ['-layout', report, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).toContain('data/signed.pdf: changed — manifest-sha256.txt lists SHA-256');
    expect(text).toContain(now.slice(0, 40));
    expect(text).toContain('data/added-1.txt: added — in the bag, not listed in manifest-sha256.txt');
    expect(text).toContain('A payload file changed size');
  }, 300_000);

  it("a title's control and bidi characters do not reach bag-info.txt", async () => {
    const info = readFileSync(join(bagOf(ids.controls), 'bag-info.txt'), 'utf8');
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(info.replace(/\n/g, '')).not.toMatch(/[\x00-\x1f\x7f\u0080-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
    expect(info).toMatch(/^SignDock-Document-Title: NDA gpj\.exe]0;owned final$/m);
  }, 60_000);
});
