import { randomFillSync } from 'node:crypto';
import { mkdirSync, openSync, writeSync, closeSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTagFiles } from '../../electron/core/evidence/bag/bagit';
import type { VerificationReport } from '../../shared/domain/evidence';

/**
 * Bags written the way SignDock writes them (tag files by `writeTagFiles`), without a service: for
 * tests of re-verification and for the `verify` bench. Payload files are copies of fixture PDFs or
 * random bytes of a given size; `data/verification.json` is a minimal report (no checks were made).
 */
export interface FixtureBag {
  title: string;
  documentId: string;
  date?: string;
  /** data/<name> → bytes of random content, or a file to copy. */
  files: Record<string, number | { copy: string }>;
}

export function writeRandomFile(path: string, bytes: number): void {
  const chunk = Buffer.alloc(Math.min(bytes, 8 * 1024 * 1024));
  const fd = openSync(path, 'w');
  try {
    for (let left = bytes; left > 0; left -= chunk.length) {
      randomFillSync(chunk);
      writeSync(fd, chunk, 0, Math.min(chunk.length, left));
    }
  } finally {
    closeSync(fd);
  }
}

export async function writeFixtureBag(archive: string, bag: FixtureBag): Promise<string> {
  const date = bag.date ?? '2025-03-14';
  const path = join(archive, date.slice(0, 4), `${date}_${bag.title.replace(/[^A-Za-z0-9]+/g, '-')}_${bag.documentId.slice(0, 8)}`);
  mkdirSync(join(path, 'data'), { recursive: true });
  for (const [name, content] of Object.entries(bag.files)) {
    if (typeof content === 'number') writeRandomFile(join(path, 'data', name), content);
    else copyFileSync(content.copy, join(path, 'data', name));
  }
  const report: VerificationReport = {
    format: 'signdock-verification/1',
    documentId: bag.documentId,
    checkedAt: `${date}T12:00:00.000Z`,
    tool: 'SignDock tests',
    verdict: 'passed',
    trust: 'none',
    checks: [],
    covers: null,
    signatures: [],
    signers: [],
    scope: ['A fixture: no check was made.'],
  };
  writeFileSync(join(path, 'data', 'verification.json'), JSON.stringify(report, null, 2));
  await writeTagFiles(
    path,
    [
      ['Bagging-Date', date],
      ['SignDock-Document-Id', bag.documentId],
      ['SignDock-Document-Title', bag.title],
      ['SignDock-Document-Date', date],
    ],
    [...Object.keys(bag.files), 'verification.json'].map((name) => ({ path: `data/${name}` })),
  );
  return path;
}
