import type { Logger } from '../logging/logger';
import type {
  ArchiveClaimAnswer,
  ArchiveClaimRequest,
  ArchiveClaims,
  ArchivedBy,
  ArchiveOutcome,
  RecordedBag,
} from '../evidence/archive/archive-claims';
import type { TeamStore } from './team-store';
import { pause } from './team-ledger';
import { teamFailure, teamWaits } from './team-words';

/**
 * The archive's claims in a team (the second implementation of `ArchiveClaims`): a claim on (account,
 * document) in the team store (`signdock.archive_bags`), taken before a bag is written, by the rule
 * sending follows (team-ledger.ts):
 * - Taking it is one INSERT … ON CONFLICT DO NOTHING on the unique index of open and archived claims
 *   (`archive_bags_once`): of computers archiving one document at once exactly one inserts and writes
 *   the bag; the others read its claim — archived: the item is skipped ("Already archived on … by
 *   <member> from <computer> (<bag>)"); still `archiving`: waited for (`waitMs`, looked at every
 *   `pollMs`), then the item is tried again later.
 * - A claim still `archiving` after `staleMs` (default 15 minutes; SIGNDOCK_ARCHIVE_CLAIM_STALE_MS):
 *   its computer died mid-bag. Whoever next touches it looks at the bag on the shared folder, from its
 *   bytes: whole → the claim is settled as archived (by its first member, from its computer); absent or
 *   half-written → let go, and this item archives the document (files in place are kept).
 * - After: archived (with the SHA-256 its verification covered) or released. A settlement the store
 *   could not take is kept here and written before the next claim (or found stale and settled by a look).
 * - The store unreachable: nothing is archived on a local claim alone; the job pauses (`teamWaits`).
 * `recorded` lists the archived bags of this computer's accounts for the index (never a verdict).
 */

export interface TeamArchiveDeps {
  store: TeamStore;
  accountKey: (accountId: string) => Promise<string>;
  /** This computer's accounts. */
  accounts: () => readonly string[];
  logger?: Logger;
  waitMs?: number;
  pollMs?: number;
  staleMs?: number;
}

interface BagRow {
  claim_id: string;
  holder: string;
  account: string;
  document_id: string;
  state: 'archiving' | 'archived' | 'released';
  title: string;
  bag_path: string;
  member: string;
  computer: string;
  claimed_at: Date;
  archived_at: Date | null;
  stale: boolean;
}

export class TeamArchiveClaims implements ArchiveClaims {
  private readonly unsettled = new Map<string, ArchiveOutcome>();
  private readonly staleMs: number;

  constructor(private readonly deps: TeamArchiveDeps) {
    this.staleMs = deps.staleMs ?? (Number(process.env.SIGNDOCK_ARCHIVE_CLAIM_STALE_MS) || 15 * 60_000);
  }

  /** Throws "Team store unreachable — sending and bulk actions wait: <reason>" when the store cannot be used: nothing is archived. */
  async claim(request: ArchiveClaimRequest, signal: AbortSignal): Promise<ArchiveClaimAnswer> {
    try {
      return await this.take(request, signal);
    } catch (error) {
      throw teamWaits(teamFailure(error, this.deps.store.config));
    }
  }

  private async take(request: ArchiveClaimRequest, signal: AbortSignal): Promise<ArchiveClaimAnswer> {
    const { store } = this.deps;
    await store.ready();
    await this.flush();
    const account = await this.deps.accountKey(request.accountId);
    const mine = await store.query(`SELECT 1 FROM signdock.archive_bags WHERE holder = $1 AND state <> 'released'`, [request.holder]);
    if (mine.rowCount) return { taken: true };
    const deadline = Date.now() + (this.deps.waitMs ?? 60_000);
    for (;;) {
      const inserted = await store.query(
        `INSERT INTO signdock.archive_bags (account, document_id, holder, title, bag_path, computer)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING claim_id`,
        [account, request.documentId, request.holder, request.title, request.bagPath, store.computer],
      );
      if (inserted.rowCount) return { taken: true };
      const held = await store.query<BagRow>(
        `SELECT *, now() - claimed_at > make_interval(secs => $3::double precision / 1000) AS stale
         FROM signdock.archive_bags WHERE account = $1 AND document_id = $2 AND state <> 'released'`,
        [account, request.documentId, this.staleMs],
      );
      const claim = held.rows[0];
      if (!claim) continue; // let go meanwhile: take it now
      if (claim.holder === request.holder) return { taken: true };
      if (claim.state === 'archived') return { taken: false, archived: byWhom(claim) };
      if (claim.stale) {
        const answer = await this.resolveStale(claim, request);
        if (answer) return answer;
        continue;
      }
      if (Date.now() > deadline || signal.aborted) return { taken: false, archiving: byWhom(claim) };
      await pause(this.deps.pollMs ?? 200, signal);
    }
  }

  /** A claim its computer left `archiving`: the bag on the shared folder says what became of it. */
  private async resolveStale(claim: BagRow, request: ArchiveClaimRequest): Promise<ArchiveClaimAnswer | null> {
    const look = await request.look(claim.bag_path);
    if (look.whole) {
      const settled = await this.deps.store.query<{ archived_at: Date }>(
        `UPDATE signdock.archive_bags SET state = 'archived', covers = $2, archived_at = now()
         WHERE claim_id = $1 AND state = 'archiving' RETURNING archived_at`,
        [claim.claim_id, look.covers],
      );
      this.deps.logger?.log('info', 'team: a bag left half-claimed by another computer is whole: settled as archived', {
        bag: claim.bag_path,
        computer: claim.computer,
      });
      return { taken: false, archived: byWhom({ ...claim, archived_at: settled.rows[0]?.archived_at ?? new Date() }) };
    }
    await this.deps.store.query(`UPDATE signdock.archive_bags SET state = 'released' WHERE claim_id = $1 AND state = 'archiving'`, [
      claim.claim_id,
    ]);
    this.deps.logger?.log('warn', 'team: a bag another computer left unfinished is archived again here', {
      bag: claim.bag_path,
      computer: claim.computer,
    });
    return null;
  }

  async settle(request: ArchiveClaimRequest, outcome: ArchiveOutcome): Promise<void> {
    this.unsettled.set(request.holder, outcome);
    await this.flush().catch((error: unknown) =>
      this.deps.logger?.log('warn', 'team: an archive claim could not be settled yet; written before the next claim', {
        error: String(error),
      }),
    );
  }

  /** Writes the settlements the store could not take yet. */
  private async flush(): Promise<void> {
    for (const [holder, outcome] of [...this.unsettled]) {
      if (outcome.state === 'archived')
        await this.deps.store.query(
          `UPDATE signdock.archive_bags SET state = 'archived', covers = $2, archived_at = now() WHERE holder = $1 AND state = 'archiving'`,
          [holder, outcome.covers],
        );
      else
        await this.deps.store.query(`UPDATE signdock.archive_bags SET state = 'released' WHERE holder = $1 AND state = 'archiving'`, [
          holder,
        ]);
      this.unsettled.delete(holder);
    }
  }

  async recorded(): Promise<RecordedBag[]> {
    try {
      await this.deps.store.ready();
      const byKey = new Map<string, string>();
      for (const accountId of this.deps.accounts()) byKey.set(await this.deps.accountKey(accountId), accountId);
      if (byKey.size === 0) return [];
      const rows = await this.deps.store.query<BagRow>(
        `SELECT * FROM signdock.archive_bags WHERE account = ANY($1) AND state = 'archived' ORDER BY archived_at`,
        [[...byKey.keys()]],
      );
      return rows.rows.map((row) => ({
        ...byWhom(row),
        accountId: byKey.get(row.account) ?? '',
        documentId: row.document_id,
        title: row.title,
      }));
    } catch (error) {
      this.deps.logger?.log('warn', 'team: the shared archive index could not be read; this computer lists its own bags', {
        error: teamFailure(error, this.deps.store.config).message,
      });
      return [];
    }
  }
}

function byWhom(row: Pick<BagRow, 'member' | 'computer' | 'bag_path' | 'claimed_at' | 'archived_at'>): ArchivedBy {
  return { at: (row.archived_at ?? row.claimed_at).toISOString(), member: row.member, computer: row.computer, bagPath: row.bag_path };
}
