import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readBagInfo, writeTagFiles, type BagInfo } from '../../electron/core/evidence/bag/bagit';

/**
 * The hostile-bag corpus: each case turns a real bag (archived from the sandbox) into one a reviewer
 * planted, and says the words `verify` must use for it. Manifests are recomputed where the case says
 * so (BagIt manifests are unkeyed: anyone who edits a bag can rewrite them).
 */
export interface HostileBag {
  name: string;
  /** The verdict SignDock must give. */
  verdict: 'failed' | 'incomplete';
  /** Words `verify` must print for it (its own, not another case's). */
  words: RegExp;
  make: (bag: string, outside: string) => Promise<void>;
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The tag manifest rewritten over the tag files as they are now. */
function rewriteTagManifest(bag: string): void {
  const lines = ['bagit.txt', 'bag-info.txt', 'manifest-sha256.txt'].map((name) => `${sha256(readFileSync(join(bag, name)))}  ${name}\n`);
  writeFileSync(join(bag, 'tagmanifest-sha256.txt'), lines.join(''));
}

/** Every manifest (and Payload-Oxum) recomputed over these payload files, as a forger would. */
async function recomputeManifests(bag: string, payload: string[], info?: BagInfo): Promise<void> {
  await writeTagFiles(
    bag,
    info ?? (await readBagInfo(bag)),
    payload.map((path) => ({ path })),
  );
}

const allPayload = ['data/certificate.pdf', 'data/package.zip', 'data/signed.pdf', 'data/verification.json'];

export const hostileBags: HostileBag[] = [
  {
    name: 'symlinked file',
    verdict: 'failed',
    words: /notRegular: data\/signed\.pdf: a symbolic link, not a regular file/,
    make: async (bag) => {
      rmSync(join(bag, 'data', 'signed.pdf'));
      symlinkSync('/etc/passwd', join(bag, 'data', 'signed.pdf'));
    },
  },
  {
    name: 'symlinked data folder',
    verdict: 'failed',
    words: /notRegular: data: a symbolic link, not a regular file/,
    make: async (bag, outside) => {
      const moved = join(outside, `data-of-${basename(bag)}`);
      renameSync(join(bag, 'data'), moved);
      symlinkSync(moved, join(bag, 'data'));
    },
  },
  {
    name: 'FIFO',
    verdict: 'failed',
    words: /notRegular: data\/certificate\.pdf: a FIFO, not a regular file/,
    make: async (bag) => {
      rmSync(join(bag, 'data', 'certificate.pdf'));
      const made = spawnSync('mkfifo', [join(bag, 'data', 'certificate.pdf')]);
      if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr.toString()}`);
    },
  },
  {
    name: 'manifest naming ../../etc/passwd',
    verdict: 'failed',
    words: /invalid: \.\.\/\.\.\/etc\/passwd: manifest-sha256\.txt names a path outside data\/; it was not read/,
    make: async (bag) => {
      appendFileSync(join(bag, 'manifest-sha256.txt'), `${sha256('root')}  ../../etc/passwd\n`);
      rewriteTagManifest(bag);
    },
  },
  {
    name: 'package removed, manifests recomputed',
    verdict: 'incomplete',
    words: /not run: {3}The package could not be checked \(data\/package\.zip\) — data\/package\.zip is not in the bag\./,
    make: async (bag) => {
      rmSync(join(bag, 'data', 'package.zip'));
      await recomputeManifests(
        bag,
        allPayload.filter((p) => p !== 'data/package.zip'),
      );
    },
  },
  {
    name: 'signed PDF altered, manifests recomputed',
    verdict: 'failed',
    words: /failed: {4}\d+ bytes were added after the last PDF signature/,
    make: async (bag) => {
      appendFileSync(join(bag, 'data', 'signed.pdf'), '\n% added after signing\n99 0 obj\n<< /Changed true >>\nendobj\n');
      await recomputeManifests(bag, allPayload);
    },
  },
  {
    name: 'poisoned verification.json saying passed',
    verdict: 'failed',
    words: /failed: {4}PDF signature signed\.pdf#1 does not verify/,
    make: async (bag) => {
      const signed = join(bag, 'data', 'signed.pdf');
      const bytes = readFileSync(signed);
      const at = bytes.indexOf('/MediaBox');
      bytes[at + 2] = bytes[at + 2]! ^ 0x01;
      writeFileSync(signed, bytes);
      const stored = JSON.parse(readFileSync(join(bag, 'data', 'verification.json'), 'utf8')) as {
        verdict: string;
        checks: { status: string }[];
      };
      stored.verdict = 'passed';
      stored.checks.forEach((c) => (c.status = 'passed'));
      writeFileSync(join(bag, 'data', 'verification.json'), JSON.stringify(stored, null, 2));
      await recomputeManifests(bag, allPayload);
    },
  },
  {
    name: '5 MB bag-info.txt title',
    verdict: 'incomplete',
    words: /not run: {3}Payload-Oxum could not be checked \(bag-info\.txt\)/,
    make: async (bag) => {
      const info = (await readBagInfo(bag)).map(
        ([label, value]) => [label, label === 'SignDock-Document-Title' ? 'A'.repeat(5 * 1024 * 1024) : value] as [string, string],
      );
      writeFileSync(join(bag, 'bag-info.txt'), info.map(([label, value]) => `${label}: ${value}\n`).join(''));
      rewriteTagManifest(bag);
    },
  },
];

export function outsideFolder(root: string): string {
  const outside = join(root, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), 'OUTSIDE-THE-BAG-CANARY\n');
  return outside;
}
