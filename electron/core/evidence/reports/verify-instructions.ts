import type { TimestampCheck } from '../../../../shared/domain/timestamp';
import type { ChainRoot } from '../timestamp/tsa-chain';

/**
 * `VERIFY.txt` of an export for counsel: how to check it with standard tools alone (no SignDock):
 * `sha256sum -c` over each manifest, `openssl ts -verify` over each timestamp token with the bag's
 * shipped `tsa-chain.pem`, `pdfsig` on each signed PDF. Every command is on a line of its own starting
 * with `$ ` and runs as written (`sh -c`) in the export's top folder, on its files alone. The chain is a
 * convenience, not a reason to trust: the text prints each root's SHA-256 fingerprint to compare with
 * what the authority publishes.
 */
export interface ExportedBag {
  /** `data/bags/<name>` inside the export. */
  bag: string;
  /** The bag's timestamp chain, oldest first, relative to the export's top folder (`…/tagmanifest-sha256.txt.tsr`, then `…/timestamps/0002.tsr`…). */
  tokens: string[];
  /** What SignDock found checking those tokens at export time (null: not checked). */
  timestamp?: TimestampCheck | null;
  /** The bag's `tsa-chain.pem` in the export (relative to its top folder) and its root certificates; null: no token carries a certificate. */
  chain?: { file: string; roots: ChainRoot[] } | null;
}

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;
/** A command line: `$ ` then what to type (a reader, or a test, runs it with `sh -c` in the export's top folder). */
const run = (command: string) => `   $ ${command}`;

export function verifyText(top: string, bags: readonly ExportedBag[]): string {
  const lines = [
    'HOW TO CHECK THIS EXPORT WITH STANDARD TOOLS ALONE',
    '',
    `This folder (${top}) is a BagIt bag (RFC 8493) holding one BagIt bag per document under data/bags/.`,
    'Nothing here needs SignDock. Each command below prints OK (or "Verification: OK", or a valid',
    'signature) when the files are as they were; any other answer means they are not.',
    '',
    `1. The export itself: every file is the one listed. Run every command below (each after "$ ") in the`,
    `   folder ${top}, the one holding bagit.txt (not in data/).`,
    '',
    run('sha256sum -c tagmanifest-sha256.txt'),
    run('sha256sum -c manifest-sha256.txt'),
    '',
    "2. Each document's bag: its files are the ones its own manifests list.",
    '',
  ];
  for (const { bag } of bags)
    lines.push(run(`(cd ${quote(bag)} && sha256sum -c tagmanifest-sha256.txt && sha256sum -c manifest-sha256.txt)`));
  if (bags.length === 0) lines.push('   (no document bag in this export)');
  lines.push('', ...timestampSteps(bags));
  lines.push('', '4. The signatures inside each signed PDF (poppler-utils):', '');
  for (const { bag } of bags) lines.push(run(`pdfsig ${quote(`${bag}/data/signed.pdf`)}`));
  lines.push(
    '',
    'What the checks prove: 1 and 2, that the files are those the manifests list (the manifests are not',
    'signed: compare with a copy kept elsewhere, or rely on 3); 3, that the tag manifest (and so every',
    "file it covers through manifest-sha256.txt) existed at the token's time; 4, that the PDF has not",
    "changed since it was signed with its signer's key (who holds that key is as certain as its issuer).",
    "data/custody.json lists each document's checks as SignDock ran them at export time, and the bags",
    'left out of this export with why.',
    '',
  );
  return lines.join('\n');
}

/**
 * Step 3: each token with `openssl ts -verify`, its bag's `tsa-chain.pem` as `-CAfile`; first the roots of
 * those chains with their fingerprints, which the reader compares with the authority's own.
 */
function timestampSteps(bags: readonly ExportedBag[]): string[] {
  const lines = [
    "3. Trusted timestamps (RFC 3161): each token vouches that the bag's tag manifest existed at the",
    "   time it states. Each timestamped bag carries tsa-chain.pem: the authority's certificates (from its",
    '   tokens, and the authority SignDock was told to trust). It is given so that openssl can run; it is NOT a',
    '   reason to trust. Before relying on step 3, compare the SHA-256 fingerprint of each root below with the',
    '   one the time-stamping authority publishes (its web site, or a copy of its CA certificate you obtained',
    '   from it: openssl x509 -in TSA-CA.pem -noout -fingerprint -sha256). If they differ, step 3 proves nothing.',
    '',
  ];
  const roots = new Map<string, ChainRoot>();
  for (const root of bags.flatMap((b) => b.chain?.roots ?? [])) if (!roots.get(root.fingerprint)?.anchor) roots.set(root.fingerprint, root);
  for (const root of roots.values())
    lines.push(
      `   Root: ${plain(root.subject)}`,
      `     SHA-256 fingerprint ${root.fingerprint}`,
      `     (${root.anchor ? 'trusted by the SignDock user who exported this' : 'came with a token or the bag: NOT trusted by the SignDock user who exported this'})`,
    );
  if (roots.size > 0) lines.push('');
  let chained = false;
  for (const { bag, tokens, timestamp, chain } of bags) {
    if (tokens.length === 0) continue;
    lines.push(`   ${bag}: ${checkedWords(timestamp ?? null)}`);
    if (!chain) lines.push("   (its tokens carry no certificate: obtain the authority's CA certificate and give it as -CAfile instead)");
    else if (chain.roots.length === 0)
      lines.push(
        `   (${chain.file} holds no root certificate: obtain the authority's CA certificate, compare its fingerprint, and add it: cat TSA-CA.pem >> ${quote(chain.file)})`,
      );
    const caFile = quote(chain?.file ?? 'TSA-CA.pem');
    // The first token covers the tag manifest; each renewal covers the tag manifest followed by the token before it.
    tokens.forEach((token, i) => {
      if (i === 0)
        lines.push(run(`openssl ts -verify -data ${quote(`${bag}/tagmanifest-sha256.txt`)} -in ${quote(token)} -CAfile ${caFile}`));
      else {
        chained = true;
        lines.push(
          run(
            `cat ${quote(`${bag}/tagmanifest-sha256.txt`)} ${quote(tokens[i - 1]!)} > chain.bin && openssl ts -verify -data chain.bin -in ${quote(token)} -CAfile ${caFile}`,
          ),
        );
      }
    });
  }
  if (bags.every((b) => b.tokens.length === 0))
    lines.push('   (no bag in this export is timestamped: nothing vouches for when its evidence existed)');
  if (chained)
    lines.push(
      '',
      '   A renewal (timestamps/NNNN.tsr) covers the tag manifest followed by the token before it; openssl checks',
      "   certificates at today's date, so an older token whose TSA certificate has expired is vouched for by the renewal over it.",
    );
  return lines;
}

/** Text from a token or a certificate on one line, no control characters, at most 200 characters. */
function plain(text: string): string {
  const line = [...text].map((c) => (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) ? ' ' : c)).join('');
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** SignDock's own check of a bag's tokens at export time, in words (the commands above check it again). */
function checkedWords(check: TimestampCheck | null): string {
  // The TSA's name and a failure's detail come from the token: one line, no control characters (plain).
  if (!check) return 'timestamp not checked by SignDock at export time';
  if (check.state === 'failed') return `timestamp FAILED when SignDock checked it at export time: ${plain(check.detail)}`;
  if (check.state !== 'passed') return 'not timestamped';
  return `timestamped ${check.time ?? '?'} by ${plain(check.tsa ?? 'an unnamed authority')}${check.tokens > 1 ? ` (renewed ${check.tokens - 1} time${check.tokens === 2 ? '' : 's'})` : ''}; SignDock found the tokens valid at export time, TSA ${check.trusted ? 'trusted' : 'not trusted there'}`;
}
