/**
 * The archive's claims, as a port with two implementations: which document is being (or was) archived
 * into which bag, taken before a bag is written, and the bags a shared archive's index holds.
 * - `LocalArchiveClaims` (here): this data folder alone, as SignDock has always worked: every claim is
 *   taken (the bag folder and this computer's SQLite index are all the record there is).
 * - `TeamArchiveClaims` (../../team/team-archive.ts): the same rule across computers, the claim taken in
 *   the team store (PostgreSQL): two computers archiving one document make one bag; the index of every
 *   computer's bags is read from there, and each bag verified from its bytes wherever it is listed.
 */

export interface ArchiveClaimRequest {
  accountId: string;
  documentId: string;
  title: string;
  /** The job item taking it (taken again by the same item after a restart or a retry). */
  holder: string;
  /** Where its bag goes, relative to the archive folder. */
  bagPath: string;
  /**
   * Looks, from its bytes, at a bag another computer began (its path relative to the archive folder):
   * whole (complete and verifying, with what its verification covered), or not (absent, half-written).
   */
  look: (bagPath: string) => Promise<{ whole: true; covers: string | null } | { whole: false }>;
}

/** Who archived (or is archiving) a document: when, the member (the store's login), the computer, the bag. */
export interface ArchivedBy {
  at: string;
  member: string;
  computer: string;
  bagPath: string;
}

/** The claim is this item's; or another computer archived the document (or is archiving it now). */
export type ArchiveClaimAnswer = { taken: true } | { taken: false; archived: ArchivedBy } | { taken: false; archiving: ArchivedBy };

/** What came of a claimed item: its bag made (with what its verification covered), or none (the claim is let go). */
export type ArchiveOutcome = { state: 'archived'; covers: string | null } | { state: 'released' };

/** A bag the shared index holds (`bagPath` relative to the archive folder), as a row says it: never a verdict. */
export interface RecordedBag extends ArchivedBy {
  accountId: string;
  documentId: string;
  title: string;
}

export interface ArchiveClaims {
  /** Before a bag is written. Throws (in words) when the claim cannot be taken: nothing is archived then. */
  claim(request: ArchiveClaimRequest, signal: AbortSignal): Promise<ArchiveClaimAnswer>;
  /** After: the bag made, or none. */
  settle(request: ArchiveClaimRequest, outcome: ArchiveOutcome): Promise<void>;
  /** The bags the shared index holds for this computer's accounts (none alone; the store not answering: none, logged). */
  recorded(): Promise<RecordedBag[]>;
}

/** One data folder alone: every claim is taken; the bag folder and this SQLite index are the record. */
export class LocalArchiveClaims implements ArchiveClaims {
  claim(): Promise<ArchiveClaimAnswer> {
    return Promise.resolve({ taken: true });
  }

  settle(): Promise<void> {
    return Promise.resolve();
  }

  recorded(): Promise<RecordedBag[]> {
    return Promise.resolve([]);
  }
}

/** The words a document archived by another computer is skipped with. */
export function archivedWords(by: ArchivedBy): string {
  return `Already archived on ${by.at.slice(0, 10)} by ${by.member} from ${by.computer} (${by.bagPath}).`;
}

/** The words an item waits with while another computer archives its document. */
export function archivingWords(by: ArchivedBy): string {
  return `Being archived by ${by.member} from ${by.computer} since ${by.at.slice(0, 16).replace('T', ' ')} (${by.bagPath}): tried again shortly.`;
}
