import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/domain/documents';
import { dueSignatures } from '../../electron/core/actions/auto-remind';
import { openDatabase, type Db } from '../../electron/core/db/database';
import { JobItemsRepo } from '../../electron/core/jobs/job-items-repo';
import { JobsRepo } from '../../electron/core/jobs/jobs-repo';
import { tempFolder } from '../helpers/temp-folder';

/** Issue 13 (automatic reminders): every N days for signers still pending, at most M times, never inside 2 hours. */
describe('automatic reminders: who is due', () => {
  const cleanup: (() => void)[] = [];
  afterEach(() => cleanup.splice(0).forEach((fn) => fn()));
  const DAY = 86_400_000;
  const now = Date.parse('2026-11-25T12:00:00Z');
  const signature = (id: string, status: string, daysAgo: number, channel = ['EM']) => ({
    id,
    status,
    displayName: `signer ${id}`,
    inviteChannel: channel,
    createdAt: new Date(now - daysAgo * DAY).toISOString(),
  });
  const pending = [
    {
      id: 'd1',
      title: 'NDA',
      status: 'PE',
      createdAt: null,
      signatures: [signature('old', 'IN', 4), signature('fresh', 'IN', 1), signature('signed', 'CO', 9), signature('link', 'PE', 9, [])],
    },
    {
      id: 'd2',
      title: 'Lease',
      status: 'PE',
      createdAt: null,
      signatures: [signature('reminded', 'PE', 10), signature('maxed', 'PE', 30)],
    },
  ] as unknown as Document[];

  it('picks pending signers with a channel whose last reminder is N days old, fewer than M times', () => {
    const folder = tempFolder();
    const db: Db = openDatabase(`${folder.path}/signdock.db`);
    cleanup.push(() => db.close(), folder.remove);
    const jobs = new JobsRepo(db, () => now);
    const remind = (jobId: string, subjects: string[], at: number) => {
      jobs.create({ id: jobId, kind: 'remind', accountId: 'acc', state: 'finished' });
      new JobItemsRepo(db, () => at).add(
        jobId,
        subjects.map((subject) => ({ subject, state: 'done' as never })),
      );
    };
    remind('j1', ['reminded'], now - 1 * DAY);
    remind('j2', ['maxed'], now - 20 * DAY);
    remind('j3', ['maxed'], now - 15 * DAY);
    remind('j4', ['maxed'], now - 10 * DAY);
    const due = dueSignatures(
      { reminders: new JobItemsRepo(db), pending: () => pending },
      'acc',
      { enabled: true, everyDays: 3, maxTimes: 3 },
      now,
    );
    expect(due.map((d) => d.signatureId)).toEqual(['old']);
    expect(due[0]).toMatchObject({ documentId: 'd1', label: 'signer old · NDA' });
    // Every day, at most 5 times: the one reminded a day ago is due again; the one with 3 is too.
    const daily = dueSignatures(
      { reminders: new JobItemsRepo(db), pending: () => pending },
      'acc',
      { enabled: true, everyDays: 1, maxTimes: 5 },
      now,
    );
    expect(daily.map((d) => d.signatureId).sort()).toEqual(['fresh', 'maxed', 'old', 'reminded']);
  });
});
