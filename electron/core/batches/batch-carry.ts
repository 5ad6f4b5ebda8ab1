import { AppError } from '../../../shared/contract/errors';
import type { Db } from '../db/database';
import type { BatchRepo } from './batch-repo';
import type { CarriedRow, SendSharing } from './send-sharing';

/**
 * A batch another computer of the team started and left (its lease ran out), carried on here: its rows
 * written into this data folder with the ids they have everywhere (so the team's claims on their files
 * are theirs here too), as the team's copy has them — settled ones as they are, ones in flight at the
 * other's death as uncertain (looked up before anything is sent again), the rest ready — and its
 * files fetched from the team store. A ready row whose file the store never got fails with words (one
 * in doubt is still looked up first: the look-up needs no file). The batch
 * is then an ordinary CLI batch of this folder whose job is the team's.
 */
export async function carryBatch(
  db: Db,
  repo: BatchRepo,
  sharing: SendSharing,
  job: { id: string; accountId: string; concurrency: number },
): Promise<void> {
  const rows = await sharing.carry(job);
  const stamp = repo.stamp();
  repo.transaction(() => {
    if (repo.batch(job.id)) return; // carried on here already (another process of this folder)
    db.prepare(
      `INSERT INTO batches (id, account_id, state, source, concurrency, created_at, started_at) VALUES (?, ?, 'sending', 'cli', ?, ?, ?)`,
    ).run(job.id, job.accountId, job.concurrency, stamp, stamp);
    const insert = db.prepare(
      `INSERT INTO batch_items (id, batch_id, position, path, file_name, title, size, pages, sha256, checked, signers, state,
         attempts, attempt_at, document_id, error, send_again, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const row of rows) {
      const missing = row.path === null && row.state === 'ready';
      insert.run(
        row.rowId,
        job.id,
        row.position,
        row.path ?? row.fileName,
        row.fileName,
        row.title,
        row.size,
        row.pages,
        row.sha256,
        JSON.stringify(row.signers),
        missing ? 'failed' : row.state,
        row.attempts,
        row.attemptAt,
        row.documentId,
        missing ? JSON.stringify(notShared(row)) : row.error ? JSON.stringify(row.error) : null,
        row.sendAgain ? 1 : 0,
        stamp,
      );
    }
  });
}

function notShared(row: CarriedRow) {
  return new AppError({
    kind: 'NotFound',
    code: 'batch.fileNotShared',
    params: { file: row.fileName },
    message: `“${row.fileName}” stayed on the computer that started this batch: it stopped before the file reached the team store. Add the file again here to send it.`,
  }).toShape();
}
