import type { Db } from '../db/migration';
import { asCheckpoint, type JournalCheckpoint } from './checkpoint';

/**
 * The checkpoints the archive jobs keep (each archive job's input holds the journal's sealed checkpoint
 * taken when it was created) and the ones that were taken away: an archive job whose checkpoint is gone
 * though the journal says it had one (its items' entries carry it), or though it was made after the
 * journal began sealing (every archive job since gets one). Removing them is how someone hides a
 * journal cut short, so it is a finding, never silence.
 */
export function archiveJobCheckpoints(db: Db): { source: string; checkpoint: JournalCheckpoint }[] {
  if (!hasJobs(db)) return [];
  const rows = db
    .prepare(
      `SELECT id, json_extract(input, '$.journalCheckpoint') AS c FROM jobs WHERE kind = 'archive' AND json_valid(input) AND json_type(input, '$.journalCheckpoint') = 'object' ORDER BY created_at`,
    )
    .all() as { id: string; c: string }[];
  return rows.flatMap((row) => {
    const checkpoint = asCheckpoint(safeParse(row.c));
    return checkpoint ? [{ source: `archive job ${row.id}`, checkpoint }] : [];
  });
}

/** Archive jobs that held a journal checkpoint and hold none now (or are gone), each with how that is known. */
export function removedJobCheckpoints(db: Db): { job: string; why: string }[] {
  const found = new Map<string, string>();
  const named = db
    .prepare(
      `SELECT json_extract(inputs, '$.job') AS job, MIN(seq) AS seq FROM audit_journal
       WHERE action = 'archive' AND json_valid(inputs) AND json_type(inputs, '$.journalCheckpoint') = 'object' AND json_type(inputs, '$.job') = 'text'
       GROUP BY 1 ORDER BY 2`,
    )
    .all() as { job: string; seq: number }[];
  const jobs = hasJobs(db);
  const holds = jobs
    ? db.prepare(`SELECT json_valid(input) AND json_type(input, '$.journalCheckpoint') = 'object' AS held FROM jobs WHERE id = ?`)
    : null;
  for (const { job, seq } of named) {
    const row = holds?.get(job) as { held: number } | undefined;
    if (!row) found.set(job, `journal entry ${seq} names it with its checkpoint, and the job is gone`);
    else if (!row.held) found.set(job, `journal entry ${seq} names it with its checkpoint, and the job holds none now`);
  }
  if (!jobs) return [...found].map(([job, why]) => ({ job, why }));
  const firstSealed = db.prepare('SELECT at FROM audit_journal WHERE version >= 2 ORDER BY seq LIMIT 1').get() as
    { at: string } | undefined;
  if (firstSealed) {
    const since = Date.parse(firstSealed.at);
    const bare = db
      .prepare(
        `SELECT id FROM jobs WHERE kind = 'archive' AND created_at >= ? AND NOT (json_valid(input) AND json_type(input, '$.journalCheckpoint') = 'object') ORDER BY created_at`,
      )
      .all(since) as { id: string }[];
    for (const { id } of bare)
      if (!found.has(id)) found.set(id, 'it was made after the journal began sealing, when every archive job gets one, and holds none');
  }
  return [...found].map(([job, why]) => ({ job, why }));
}

const hasJobs = (db: Db): boolean => Boolean(db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'jobs'`).get());

const safeParse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
