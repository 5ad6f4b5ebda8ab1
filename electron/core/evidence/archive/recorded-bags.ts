import { lstat } from 'node:fs/promises';
import type { BagProblem } from '../../../../shared/domain/evidence';
import type { BagVerification } from '../checks/bag-verify';
import type { RecordedBag } from './archive-claims';
import { resolveBag } from './archive-folder';
import { uncheckedReport, type EvidenceIndex } from './evidence-index';

/**
 * The bags a shared archive's index holds (in a team: every computer's) that this computer's index
 * lacks, indexed here from their bytes on the shared folder: a row of the team store says where a bag
 * is and who made it, never its verdict. A bag the row names but this computer cannot reach (the share
 * not mounted here, the bag moved or removed) is listed as incomplete, with why.
 */

export interface RecordedBagsDeps {
  index: EvidenceIndex;
  /** The archive folder here (each computer mounts the shared folder where it likes; rows hold paths relative to it). */
  archiveFolder: () => string;
  verify: (bag: string) => Promise<BagVerification>;
  /** Stores a bag verified from its bytes (the row keeps the account and time the team recorded). */
  indexVerified: (found: BagVerification, recorded: { accountId: string; archivedAt: string }) => void;
}

/** Indexes the recorded bags this index lacks; returns how many it added. */
export async function indexRecorded(recorded: readonly RecordedBag[], deps: RecordedBagsDeps): Promise<number> {
  let added = 0;
  const root = deps.archiveFolder();
  for (const row of recorded) {
    let bag: string;
    try {
      bag = resolveBag(root, row.bagPath);
    } catch {
      continue; // a path that leaves the archive folder is never followed
    }
    if (deps.index.get(bag)) continue;
    added += 1;
    if (await lstat(bag).catch(() => null)) {
      deps.indexVerified(await deps.verify(bag), { accountId: row.accountId, archivedAt: row.at });
      continue;
    }
    deps.index.put({
      bagPath: bag,
      documentId: row.documentId,
      accountId: row.accountId || null,
      accountName: null,
      title: row.title || row.documentId,
      documentDate: null,
      archivedAt: row.at,
      verifiedAt: null,
      bytes: 0,
      report: uncheckedReport(
        row.documentId,
        new Date().toISOString(),
        'SignDock',
        'The bag was not reachable from this computer: nothing in it was checked.',
      ),
      problems: [unreachable(row, bag)],
    });
  }
  return added;
}

/** A bag listed as unreachable here, not yet verified: nothing to re-check until its folder is there. */
export async function unreachableHere(bag: { bagPath: string; verdict: string; verifiedAt: string | null }): Promise<boolean> {
  return bag.verdict === 'incomplete' && bag.verifiedAt === null && !(await lstat(bag.bagPath).catch(() => null));
}

function unreachable(row: RecordedBag, bag: string): BagProblem {
  return {
    kind: 'missing',
    path: '.',
    detail: `Archived on ${row.at.slice(0, 10)} by ${row.member} from ${row.computer}, but this computer cannot reach the bag at ${bag}: is the shared archive folder there (Settings → Evidence)?`,
  };
}
