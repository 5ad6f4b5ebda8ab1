import type { AppErrorShape } from '../../../shared/contract/errors';
import type { BatchItemState } from '../../../shared/domain/batches';
import type { Signer } from '../../../shared/domain/signers';

/**
 * A batch in a team (issue 32): its `send` job is the team's, so another computer may carry it on when
 * this one goes away. What that computer needs besides the job — each row's inputs and its file — goes
 * through this port (implemented over the team store in `../team/team-send-files.ts`; absent alone).
 */

/** What a row's item in the team's copy carries: enough to send it from another computer. */
export interface SharedRowInput {
  rowId: string;
  fileName: string;
  title: string;
  signers: Signer[];
  sha256: string | null;
  size: number | null;
  pages: number | null;
  sendAgain: boolean;
}

/** A row of a batch carried on here, as the team has it. */
export interface CarriedRow extends SharedRowInput {
  position: number;
  state: BatchItemState;
  attempts: number;
  /** When the other computer's create went out (its claim), for the look-up of rows in doubt. */
  attemptAt: number | null;
  documentId: string | null;
  error: AppErrorShape | null;
  /** Where its file was written here; null when the team store never got it. */
  path: string | null;
}

export interface SendSharing {
  /** The files of a batch whose job the team holds, copied into the team store in the background. */
  share(batchId: string, files: readonly { seq: number; path: string }[]): void;
  /** A batch another computer started: its rows as the team has them (in flight ones from their claims), its files fetched into this data folder. */
  carry(job: { id: string; accountId: string }): Promise<CarriedRow[]>;
  /** The batch's job ended: its files in the store are let go (and the copies fetched here). */
  drop(batchId: string): Promise<void>;
}
