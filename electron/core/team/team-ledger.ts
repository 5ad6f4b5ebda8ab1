import type { Signer } from '../../../shared/domain/signers';
import type { Logger } from '../logging/logger';
import type { BatchRepo, SentFile } from '../batches/batch-repo';
import type { ClaimAnswer, ClaimOutcome, ClaimRequest, InFlight, SentLedger } from '../batches/sent-ledger';
import type { TeamSentCache } from './team-sent-cache';
import type { TeamStore } from './team-store';
import { teamFailure, teamWaits } from './team-words';

/**
 * The sent-file ledger of a team (the second implementation of `SentLedger`): a claim on (account,
 * SHA-256 of the file) in the team store, taken before the create goes out, by the rule the single
 * computer follows — a file the account already sent is left out unless the clerk chose Send again.
 * - Taking it is one INSERT … ON CONFLICT DO NOTHING on the unique index of open claims
 *   (`sent_claims_once`): of computers racing on one file, exactly one inserts; the others read the
 *   winner's claim. The same row taking it again (after a restart) finds its own claim (`sent_claims_item`).
 * - A claim already sent: this row is left out, "Already sent on … by <member> from <computer> …";
 *   the claim is kept in this computer's cache (`TeamSentCache`) so every look-up says so.
 * - A claim whose create has not answered: waited for (`waitMs`, looked at after 20 ms, doubling to 200 ms); still
 *   open after that, the caller hears who holds it (its row is tried again later).
 * - After the create: sent (the document and its status recorded), released (certainly not created:
 *   another computer may send the file), or kept (not known yet; the holder's look-up settles it).
 *   A settlement the store could not take is kept here and written before the next claim; at the
 *   first use, the claims this computer left open are set from its own rows (`reconcile`).
 * The account is named in the store by `accountKey` (the same on every computer of the account).
 */

export interface TeamLedgerDeps {
  store: TeamStore;
  cache: TeamSentCache;
  repo: BatchRepo;
  accountKey: (accountId: string) => Promise<string>;
  logger?: Logger;
  waitMs?: number;
  pollMs?: number;
  /** A claim still `sending` after this long is stale: its computer died mid-create (default 5 minutes; SIGNDOCK_CLAIM_STALE_MS). */
  staleMs?: number;
}

interface ClaimRow {
  item_id: string;
  state: 'sending' | 'sent' | 'released';
  title: string;
  member: string;
  computer: string;
  claimed_at: Date;
  document_id: string | null;
  status: string | null;
  sent_at: Date | null;
  sha256: string;
  signers: Signer[];
}

const claimColumns = 'item_id, state, title, member, computer, claimed_at, document_id, status, sent_at, sha256, signers';

export class TeamSentLedger implements SentLedger {
  private readonly unsettled = new Map<string, ClaimOutcome>();
  private reconciled: Promise<void> | null = null;

  private readonly staleMs: number;

  constructor(private readonly deps: TeamLedgerDeps) {
    this.staleMs = deps.staleMs ?? (Number(process.env.SIGNDOCK_CLAIM_STALE_MS) || 5 * 60_000);
  }

  find(accountId: string, sha256: string): SentFile | undefined {
    const local = this.deps.repo.sentFile(accountId, sha256);
    const team = this.deps.cache.find(accountId, sha256);
    if (!local || !team) return team ?? local;
    return team.sentAt >= local.sentAt ? team : local;
  }

  async learn(accountId: string, hashes: readonly string[]): Promise<void> {
    if (hashes.length === 0) return;
    try {
      await this.deps.store.ready();
      const account = await this.deps.accountKey(accountId);
      const rows = await this.deps.store.query<ClaimRow>(
        `SELECT DISTINCT ON (sha256) ${claimColumns} FROM signdock.sent_claims
         WHERE account = $1 AND sha256 = ANY($2) AND state = 'sent' AND document_id IS NOT NULL ORDER BY sha256, sent_at DESC`,
        [account, [...new Set(hashes)]],
      );
      for (const row of rows.rows) this.remember(accountId, row);
    } catch (error) {
      // Only what a draft row shows: the claim at sending time still decides.
      this.deps.logger?.log('warn', 'team: the files the team sent could not be read', { error: String(error) });
    }
  }

  /** Throws "Team store unreachable — sending and bulk actions wait: <reason>" when the store cannot be used: nothing is sent. */
  async claim(request: ClaimRequest, signal: AbortSignal): Promise<ClaimAnswer> {
    try {
      return await this.take(request, signal);
    } catch (error) {
      throw teamWaits(teamFailure(error, this.deps.store.config));
    }
  }

  private async take(request: ClaimRequest, signal: AbortSignal): Promise<ClaimAnswer> {
    const { store } = this.deps;
    await store.ready();
    await this.firstUse();
    await this.flush();
    const account = await this.deps.accountKey(request.accountId);
    const mine = await store.query<ClaimRow>(
      `SELECT ${claimColumns} FROM signdock.sent_claims WHERE item_id = $1 AND state <> 'released'`,
      [request.itemId],
    );
    const own = mine.rows[0];
    // This row's own claim, already sent (by this computer before a kill, or by another that carried its batch on): never sent again.
    if (own?.state === 'sent' && own.document_id) return { taken: false, sent: this.remember(request.accountId, own), own: true };
    if (own) return { taken: true };
    const deadline = Date.now() + (this.deps.waitMs ?? 60_000);
    let poll = 20;
    for (;;) {
      const inserted = await store.query(
        `INSERT INTO signdock.sent_claims (account, sha256, item_id, again, title, signers, computer)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING claim_id`,
        [account, request.sha256, request.itemId, request.again, request.title, JSON.stringify(request.signers), store.computer],
      );
      if (inserted.rowCount) return { taken: true };
      const held = await store.query<ClaimRow>(
        `SELECT ${claimColumns} FROM signdock.sent_claims WHERE account = $1 AND sha256 = $2 AND NOT again AND state <> 'released'`,
        [account, request.sha256],
      );
      const claim = held.rows[0];
      if (!claim) continue; // let go meanwhile: take it now
      if (claim.item_id === request.itemId) return { taken: true };
      if (claim.state === 'sent' && claim.document_id) return { taken: false, sent: this.remember(request.accountId, claim) };
      if (Date.now() - claim.claimed_at.getTime() > this.staleMs)
        return { taken: false, inFlight: { ...inFlight(claim), stale: { itemId: claim.item_id, signers: claim.signers } } };
      if (Date.now() > deadline || signal.aborted) return { taken: false, inFlight: inFlight(claim) };
      // A create answers in a tenth of a second or so: looked at again soon, then less often (20 ms doubling to 200 ms).
      await pause(this.deps.pollMs ?? poll, signal);
      poll = Math.min(200, poll * 2);
    }
  }

  /** Another computer's stale claim, settled by the look-up this computer made: its document, or none made. */
  async resolve(stale: { itemId: string }, outcome: Exclude<ClaimOutcome, { state: 'uncertain' }>): Promise<void> {
    try {
      await this.deps.store.query(
        outcome.state === 'sent'
          ? `UPDATE signdock.sent_claims SET state = 'sent', document_id = $2, status = $3, sent_at = now() WHERE item_id = $1 AND state = 'sending'`
          : `UPDATE signdock.sent_claims SET state = 'released' WHERE item_id = $1 AND state = 'sending'`,
        outcome.state === 'sent' ? [stale.itemId, outcome.documentId, outcome.status] : [stale.itemId],
      );
    } catch (error) {
      throw teamWaits(teamFailure(error, this.deps.store.config));
    }
  }

  async settle(request: ClaimRequest, outcome: ClaimOutcome): Promise<void> {
    if (outcome.state === 'uncertain') return;
    this.unsettled.set(request.itemId, outcome);
    await this.flush().catch((error: unknown) =>
      this.deps.logger?.log('warn', 'team: a claim could not be settled yet; written before the next claim', { error: String(error) }),
    );
  }

  /** Writes the settlements the store could not take yet. */
  private async flush(): Promise<void> {
    for (const [itemId, outcome] of [...this.unsettled]) {
      if (outcome.state === 'sent') {
        await this.deps.store.query(
          `UPDATE signdock.sent_claims SET state = 'sent', document_id = $2, status = $3, sent_at = now() WHERE item_id = $1 AND state <> 'released'`,
          [itemId, outcome.documentId, outcome.status],
        );
      } else if (outcome.state === 'released') {
        await this.deps.store.query(`UPDATE signdock.sent_claims SET state = 'released' WHERE item_id = $1 AND state = 'sending'`, [
          itemId,
        ]);
      }
      this.unsettled.delete(itemId);
    }
  }

  /** Claims this computer left open (it stopped before it could settle them), set from its own rows. */
  private firstUse(): Promise<void> {
    this.reconciled ??= (async () => {
      const open = await this.deps.store.query<{ item_id: string }>(
        `SELECT item_id FROM signdock.sent_claims WHERE computer = $1 AND state = 'sending'`,
        [this.deps.store.computer],
      );
      for (const { item_id: itemId } of open.rows) {
        const row = this.deps.repo.item(itemId);
        if (row?.state === 'sent' && row.documentId)
          this.unsettled.set(itemId, { state: 'sent', documentId: row.documentId, status: null });
        else if (!row || row.state === 'failed' || row.state === 'cancelled' || row.state === 'draft')
          this.unsettled.set(itemId, { state: 'released' });
      }
    })().catch((error: unknown) => {
      this.reconciled = null;
      throw error;
    });
    return this.reconciled;
  }

  private remember(accountId: string, claim: ClaimRow): SentFile {
    const sent = {
      documentId: claim.document_id ?? '',
      title: claim.title,
      sentAt: (claim.sent_at ?? claim.claimed_at).toISOString(),
      status: claim.status,
      member: claim.member,
      computer: claim.computer,
    };
    this.deps.cache.remember(accountId, claim.sha256, sent);
    return this.deps.cache.find(accountId, claim.sha256) ?? sent;
  }
}

function inFlight(claim: ClaimRow): InFlight {
  return { member: claim.member, computer: claim.computer, since: claim.claimed_at.toISOString(), title: claim.title };
}

/** Waits `ms`, or less when `signal` aborts (the claims' look-ups between two reads of a claim). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
