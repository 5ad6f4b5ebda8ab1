import type { TimestampCheck } from '../../../../shared/domain/timestamp';

/**
 * `VERIFY.txt` of an export for counsel: how to check it with standard tools alone (no SignDock):
 * `sha256sum -c` over each manifest, `openssl ts -verify` over each timestamp token, `pdfsig` on each
 * signed PDF. Paths are the export's own, relative to its top folder.
 */
export interface ExportedBag {
  /** `data/bags/<name>` inside the export. */
  bag: string;
  /** The bag's timestamp chain, oldest first, relative to the export's top folder (`…/tagmanifest-sha256.txt.tsr`, then `…/timestamps/0002.tsr`…). */
  tokens: string[];
  /** What SignDock found checking those tokens at export time (null: not checked). */
  timestamp?: TimestampCheck | null;
}

const quote = (path: string) => `'${path.replace(/'/g, `'\\''`)}'`;

export function verifyText(top: string, bags: readonly ExportedBag[]): string {
  const lines = [
    'HOW TO CHECK THIS EXPORT WITH STANDARD TOOLS ALONE',
    '',
    `This folder (${top}) is a BagIt bag (RFC 8493) holding one BagIt bag per document under data/bags/.`,
    'Nothing here needs SignDock. Each command below prints OK (or "Verification: OK", or a valid',
    'signature) when the files are as they were; any other answer means they are not.',
    '',
    '1. The export itself: every file is the one listed (run in this folder).',
    '',
    '   sha256sum -c tagmanifest-sha256.txt',
    '   sha256sum -c manifest-sha256.txt',
    '',
    "2. Each document's bag: its files are the ones its own manifests list.",
    '',
  ];
  for (const { bag } of bags)
    lines.push(`   (cd ${quote(bag)} && sha256sum -c tagmanifest-sha256.txt && sha256sum -c manifest-sha256.txt)`);
  if (bags.length === 0) lines.push('   (no document bag in this export)');
  lines.push(
    '',
    "3. Trusted timestamps (RFC 3161): each token vouches that the bag's tag manifest existed at the",
    '   time it states. <TSA-CA.pem> is the certificate of the time-stamping authority, obtained from',
    '   that authority (not from this export). Run in this folder:',
    '',
  );
  let chained = false;
  for (const { bag, tokens, timestamp } of bags) {
    if (tokens.length === 0) continue;
    lines.push(`   ${bag}: ${checkedWords(timestamp ?? null)}`);
    // The first token covers the tag manifest; each renewal covers the tag manifest followed by the token before it.
    tokens.forEach((token, i) => {
      if (i === 0)
        lines.push(`   openssl ts -verify -data ${quote(`${bag}/tagmanifest-sha256.txt`)} -in ${quote(token)} -CAfile <TSA-CA.pem>`);
      else {
        chained = true;
        lines.push(
          `   cat ${quote(`${bag}/tagmanifest-sha256.txt`)} ${quote(tokens[i - 1]!)} > chain.bin && openssl ts -verify -data chain.bin -in ${quote(token)} -CAfile <TSA-CA.pem>`,
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
  lines.push('', '4. The signatures inside each signed PDF (poppler-utils):', '');
  for (const { bag } of bags) lines.push(`   pdfsig ${quote(`${bag}/data/signed.pdf`)}`);
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

/** SignDock's own check of a bag's tokens at export time, in words (the commands above check it again). */
function checkedWords(check: TimestampCheck | null): string {
  // The TSA's name and a failure's detail come from the token: one line, no control characters.
  const plain = (text: string) => {
    const line = [...text].map((c) => (c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f) ? ' ' : c)).join('');
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
  };
  if (!check) return 'timestamp not checked by SignDock at export time';
  if (check.state === 'failed') return `timestamp FAILED when SignDock checked it at export time: ${plain(check.detail)}`;
  if (check.state !== 'passed') return 'not timestamped';
  return `timestamped ${check.time ?? '?'} by ${plain(check.tsa ?? 'an unnamed authority')}${check.tokens > 1 ? ` (renewed ${check.tokens - 1} time${check.tokens === 2 ? '' : 's'})` : ''}; SignDock found the tokens valid at export time, TSA ${check.trusted ? 'trusted' : 'not trusted there'}`;
}
