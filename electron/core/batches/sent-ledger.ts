import type { Signer } from '../../../shared/domain/signers';
import type { BatchRepo, SentFile } from './batch-repo';

/**
 * The sent-file ledger, as a port with two implementations: which files (account, SHA-256) were sent,
 * and the claim a row takes before its create goes out.
 * - `LocalSentLedger` (here): this data folder alone, as SignDock has always worked. The ledger is
 *   `sent_files`, fed by `BatchRepo.markSent` in the transaction that marks a row sent and read when a
 *   draft row is shown (`find`); the row's own claim (state `sending`) is all the claim there is.
 * - `TeamSentLedger` (../team/team-ledger.ts): the same rule across computers, the claim taken in the
 *   team store (PostgreSQL) before the create goes out; `find` shows who sent a file, from where.
 */

export interface ClaimRequest {
  accountId: string;
  sha256: string;
  /** The batch row's id (one claim per row, taken again by the same row after a restart). */
  itemId: string;
  title: string;
  signers: Signer[];
  /** The clerk chose Send again: the claim never conflicts with the file's earlier sends. */
  again: boolean;
}

/** The claim is this row's; or the file was sent (or is being sent) by another, and this row leaves it out. */
export type ClaimAnswer =
  | { taken: true }
  /** `own`: the claim is this row's and its document was made (before a kill, or by the computer that carried the batch on). */
  | { taken: false; sent: SentFile; own?: boolean }
  | { taken: false; inFlight: InFlight };

/** A claim another computer holds whose create has not answered yet. */
export interface InFlight {
  member: string;
  computer: string;
  since: string;
  title: string;
  /**
   * Set when the claim is older than any create takes (its computer died between request and answer):
   * the row that found it looks the document up, as it does for its own uncertain creates, and settles
   * the claim with `resolve` — the claim's row, title and signers as the other computer sent them.
   */
  stale?: { itemId: string; signers: Signer[] };
}

/** What came of a claimed row's create: a document, certainly none (the claim is let go), or not known yet (kept). */
export type ClaimOutcome = { state: 'sent'; documentId: string; status: string | null } | { state: 'released' } | { state: 'uncertain' };

export interface SentLedger {
  /** The newest document this account made from these bytes (with who and where, in a team); one local look-up. */
  find(accountId: string, sha256: string): SentFile | undefined;
  /** Learns what the team sent of these files, so `find` can say it before anything is queued (nothing alone). */
  learn(accountId: string, hashes: readonly string[]): Promise<void>;
  /** Before the create goes out. Throws (in words) when the claim cannot be taken: nothing is sent then. */
  claim(request: ClaimRequest, signal: AbortSignal): Promise<ClaimAnswer>;
  /** After: what came of the create. */
  settle(request: ClaimRequest, outcome: ClaimOutcome): Promise<void>;
  /** Settles a stale claim of another computer: its document was found (sent), or certainly none was made (released). */
  resolve(stale: { itemId: string }, outcome: Exclude<ClaimOutcome, { state: 'uncertain' }>): Promise<void>;
}

/** One data folder alone: the ledger is `sent_files`; the row's own state is its claim. */
export class LocalSentLedger implements SentLedger {
  constructor(private readonly repo: BatchRepo) {}

  find(accountId: string, sha256: string): SentFile | undefined {
    return this.repo.sentFile(accountId, sha256);
  }

  learn(): Promise<void> {
    return Promise.resolve();
  }

  claim(): Promise<ClaimAnswer> {
    return Promise.resolve({ taken: true });
  }

  settle(): Promise<void> {
    return Promise.resolve();
  }

  resolve(): Promise<void> {
    return Promise.resolve();
  }
}
