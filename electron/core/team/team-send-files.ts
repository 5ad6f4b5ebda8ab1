import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppErrorShape } from '../../../shared/contract/errors';
import type { BatchItemState } from '../../../shared/domain/batches';
import type { CarriedRow, SendSharing, SharedRowInput } from '../batches/send-sharing';
import type { ItemState } from '../jobs/item-store';
import type { Logger } from '../logging/logger';
import type { TeamStore } from './team-store';

/**
 * A batch's send job in a team, carried on by another computer (the `SendSharing` port of the batches):
 * - While it sends, the computer that started it copies each row's file into `signdock.job_files`, in
 *   parts of 1 MB (one read buffer; a part is one INSERT), in the background, never on the way of a
 *   create. A file already there (another process of the batch) is not copied again.
 * - Another computer carrying the batch on reads the team's copy of its items and, for those not settled
 *   there, the claims on their files (`sent_claims`, the truth of what was in flight): a claim sent → the
 *   row is sent (and the copy's item settled with it); still `sending` → in doubt (looked up before anything is sent again); none or let go →
 *   ready. Each file still needed is fetched part by part and kept only when its SHA-256 is the row's.
 * - When the job ends its files are deleted from the store, and the copies fetched here with them.
 */

const partBytes = 1024 * 1024;

const fromItem: Record<ItemState, BatchItemState> = {
  pending: 'ready',
  running: 'ready',
  uncertain: 'uncertain',
  done: 'sent',
  skipped: 'draft',
  failed: 'failed',
  cancelled: 'cancelled',
};

interface RawItem {
  seq: number;
  input: Partial<SharedRowInput>;
  state: ItemState;
  attempts: number;
  outcome: { documentId?: string } | null;
  error: AppErrorShape | null;
  started_at: string | null;
}

export class TeamSendFiles implements SendSharing {
  private readonly copying = new Map<string, { stop: boolean; done: Promise<void> }>();

  constructor(
    private readonly deps: {
      store: TeamStore;
      /** Where files of batches carried on here are written (`<data folder>/carried`). */
      folder: string;
      logger?: Logger;
    },
  ) {}

  share(batchId: string, files: readonly { seq: number; path: string }[]): void {
    const state = { stop: false, done: Promise.resolve() };
    state.done = (async () => {
      for (const file of files) {
        if (state.stop) return;
        await this.copy(batchId, file, state);
      }
    })().catch((error: unknown) =>
      this.deps.logger?.log('warn', 'team: a batch’s files could not all be copied to the team store', { batchId, error: String(error) }),
    );
    this.copying.set(batchId, state);
  }

  private async copy(jobId: string, file: { seq: number; path: string }, state: { stop: boolean }): Promise<void> {
    const { store } = this.deps;
    const there = await store.query('SELECT 1 FROM signdock.job_files WHERE job_id = $1 AND seq = $2 AND part = 0', [jobId, file.seq]);
    if (there.rowCount) return;
    const handle = await open(file.path, 'r');
    try {
      const buffer = Buffer.alloc(partBytes);
      for (let part = 0; !state.stop; part += 1) {
        const { bytesRead } = await handle.read(buffer, 0, partBytes, part * partBytes);
        if (bytesRead === 0 && part > 0) return;
        await store.query('INSERT INTO signdock.job_files (job_id, seq, part, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
          jobId,
          file.seq,
          part,
          buffer.subarray(0, bytesRead),
        ]);
        if (bytesRead < partBytes) return;
      }
    } finally {
      await handle.close();
    }
  }

  async carry(job: { id: string; accountId: string }): Promise<CarriedRow[]> {
    const { store } = this.deps;
    const items = await store.query<RawItem>(
      'SELECT seq, input, state, attempts, outcome, error, started_at FROM signdock.job_items WHERE job_id = $1 ORDER BY seq',
      [job.id],
    );
    const ids = items.rows.map((item) => String(item.input.rowId ?? ''));
    const claims = await store.query<{ item_id: string; state: 'sending' | 'sent'; document_id: string | null; claimed_at: Date }>(
      `SELECT item_id, state, document_id, claimed_at FROM signdock.sent_claims WHERE item_id = ANY($1) AND state <> 'released'`,
      [ids],
    );
    const claimOf = new Map(claims.rows.map((claim) => [claim.item_id, claim]));
    const folder = join(this.deps.folder, job.id);
    await mkdir(folder, { recursive: true });
    const rows: CarriedRow[] = [];
    for (const item of items.rows) {
      const input = item.input;
      const rowId = String(input.rowId ?? '');
      const claim = claimOf.get(rowId);
      let state = fromItem[item.state];
      let documentId = item.outcome?.documentId ?? null;
      let attemptAt: number | null = null;
      if (state === 'ready' || state === 'uncertain') {
        if (claim?.state === 'sent' && claim.document_id) {
          [state, documentId] = ['sent', claim.document_id];
          // Its computer stopped between the claim's settlement and the item's: the copy says so now (every computer counts from it).
          await store.query(
            `UPDATE signdock.job_items SET state = 'done', outcome = $3, finished_at = $4 WHERE job_id = $1 AND seq = $2 AND state <> 'done'`,
            [job.id, item.seq, JSON.stringify({ documentId, signatures: [], recovered: true }), Date.now()],
          );
        } else if (claim?.state === 'sending') [state, attemptAt] = ['uncertain', claim.claimed_at.getTime()];
        else state = 'ready';
      }
      const needed = state === 'ready' || state === 'uncertain';
      const path = needed && input.sha256 ? await this.fetch(job.id, item.seq, input.sha256, join(folder, `${item.seq}.pdf`)) : null;
      rows.push({
        rowId,
        position: item.seq,
        fileName: String(input.fileName ?? `${item.seq}.pdf`),
        title: String(input.title ?? ''),
        signers: input.signers ?? [],
        sha256: input.sha256 ?? null,
        size: input.size ?? null,
        pages: input.pages ?? null,
        sendAgain: input.sendAgain === true,
        state,
        attempts: state === 'uncertain' ? Math.max(1, item.attempts) : item.attempts,
        attemptAt,
        documentId,
        error: item.error,
        path,
      });
    }
    return rows;
  }

  /** The file's parts written to `path`, kept when they are whole (its SHA-256), else null (the store never got it all). */
  private async fetch(jobId: string, seq: number, sha256: string, path: string): Promise<string | null> {
    const hash = createHash('sha256');
    const out = createWriteStream(path);
    const closed = new Promise<void>((resolve, reject) => out.on('close', resolve).on('error', reject));
    let parts = 0;
    try {
      for (; ; parts += 1) {
        const found = await this.deps.store.query<{ bytes: Buffer }>(
          'SELECT bytes FROM signdock.job_files WHERE job_id = $1 AND seq = $2 AND part = $3',
          [jobId, seq, parts],
        );
        const bytes = found.rows[0]?.bytes;
        if (!bytes) break;
        hash.update(bytes);
        if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    } finally {
      out.end();
      await closed;
    }
    if (parts > 0 && hash.digest('hex') === sha256) return path;
    await rm(path, { force: true });
    return null;
  }

  async drop(batchId: string): Promise<void> {
    const copying = this.copying.get(batchId);
    if (copying) {
      copying.stop = true;
      await copying.done;
      this.copying.delete(batchId);
    }
    await rm(join(this.deps.folder, batchId), { recursive: true, force: true });
    await this.deps.store.query('DELETE FROM signdock.job_files WHERE job_id = $1', [batchId]);
  }
}
