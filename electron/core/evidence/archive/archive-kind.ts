import { AppError, isAppError } from '../../../../shared/contract/errors';
import type { ItemResult, JobContext, JobKind } from '../../jobs/job-runner';
import type { JobItem } from '../../jobs/item-store';
import type { JobRow } from '../../jobs/jobs-repo';
import { retryAfterMs } from '../../actions/action-deps';
import { buildBag, type BagDeps, type BagTarget } from './archive-bag';
import { resolveBag } from './archive-folder';
import { notPassedItems } from '../checks/checks';
import type { IndexedBag } from './evidence-index';
import { archivedWords, archivingWords, type ArchiveClaimRequest, type ArchiveClaims } from './archive-claims';

/** Each item's input, written at planning: where its bag goes (relative to the job's archive folder). */
export interface ArchiveItemInput {
  bagPath: string;
  title: string;
  documentDate: string | null;
}

export interface ArchiveKindDeps {
  bagDeps: (accountId: string, signal: AbortSignal) => BagDeps;
  account: (accountId: string) => { name: string; baseUrl: string } | null;
  indexed: (bag: IndexedBag) => void;
  /** Who archives which document (this computer alone, or the team's claims): taken before a bag is written. */
  claims: ArchiveClaims;
  /** In a team: the jobs are the team's (every computer sees them and may carry one on). */
  shared: boolean;
  /** The archive folder a job's bags go to (relative bag paths are the same on every computer). */
  root: (job: JobRow) => string;
  /** A bag left half-claimed by a computer that went away, looked at from its bytes: whole (complete and verifying), or not. */
  look: (bag: string) => Promise<{ whole: true; covers: string | null } | { whole: false }>;
}

/**
 * `archive`: one document per item, into its bag (archive-bag.ts). A 404 or 400 (the service has no
 * files for it yet) skips the document with the service's words, it does not fail the job; files
 * already in place are kept, so the next run downloads only what is missing. 429 and cut connections
 * try again later; a refused key stops the job; a disk that cannot be written stops it too.
 * Before its bag is written the item claims the document (`ArchiveClaims`): in a team, a document
 * another computer archived is skipped with who and where; one being archived is waited for; the store
 * unreachable pauses the job (nothing is archived on a local claim alone). The claim is settled after.
 */
export function archiveKind(deps: ArchiveKindDeps): JobKind {
  return {
    kind: 'archive',
    concurrency: 2,
    shared: deps.shared,
    async run(item, ctx) {
      const input = item.input as unknown as ArchiveItemInput;
      const root = deps.root(ctx.job);
      const request: ArchiveClaimRequest = {
        accountId: ctx.job.accountId,
        documentId: item.subject,
        title: input.title,
        holder: `${ctx.job.id}/${item.seq}`,
        bagPath: input.bagPath,
        look: (path) => deps.look(resolveBag(root, path)),
      };
      let answer;
      try {
        answer = await deps.claims.claim(request, ctx.interrupted);
      } catch (error) {
        if (!isAppError(error)) throw error;
        return { state: 'stop', error: error.toShape() };
      }
      if ('archived' in answer) {
        const by = answer.archived;
        const words = new AppError({
          kind: 'Conflict',
          code: 'evidence.archivedByTeam',
          params: { ...by, date: by.at.slice(0, 10) },
          message: archivedWords(by),
        });
        const outcome = { reason: 'alreadyArchived', bagPath: resolveBag(root, by.bagPath), member: by.member, computer: by.computer };
        return { state: 'skipped', error: words.toShape(), outcome: { ...outcome, archivedAt: by.at } };
      }
      if ('archiving' in answer) {
        const by = answer.archiving;
        const words = new AppError({ kind: 'Conflict', code: 'evidence.archivingByTeam', params: { ...by }, message: archivingWords(by) });
        return { state: 'retry', afterMs: 5_000, error: words.toShape() };
      }
      const result = await archiveOne(deps, item, ctx, input, resolveBag(root, input.bagPath));
      if (result.state === 'done') await deps.claims.settle(request, { state: 'archived', covers: covers(result) });
      else if (result.state !== 'retry') await deps.claims.settle(request, { state: 'released' });
      return result;
    },
  };
}

function covers(result: ItemResult): string | null {
  const value = result.state === 'done' ? result.outcome?.covers : null;
  return typeof value === 'string' ? value : null;
}

/** The claimed document into its bag, verified and indexed; a failure said as the item's result. */
async function archiveOne(
  deps: ArchiveKindDeps,
  item: JobItem,
  ctx: JobContext,
  input: ArchiveItemInput,
  bag: string,
): Promise<ItemResult> {
  const target: BagTarget = {
    bag,
    documentId: item.subject,
    title: input.title,
    documentDate: input.documentDate,
    account: deps.account(ctx.job.accountId),
  };
  try {
    const result = await buildBag(target, deps.bagDeps(ctx.job.accountId, ctx.signal));
    const account = target.account;
    const { report, problems } = result.verification;
    deps.indexed({
      bagPath: bag,
      documentId: item.subject,
      accountId: ctx.job.accountId,
      accountName: account?.name ?? null,
      title: input.title,
      documentDate: input.documentDate,
      archivedAt: new Date().toISOString(),
      verifiedAt: report.checkedAt,
      bytes: result.bytes,
      report,
      problems,
    });
    // The outcome names the bag's verdict, its signers' trust and each check that failed or could not run (ids: words come from
    // the catalogue), with every file of it that did not pass.
    const checks = report.checks
      .filter((c) => c.status === 'failed' || c.status === 'incomplete')
      .slice(0, 20)
      .map((c) => ({ id: c.id, status: c.status, file: c.file, title: c.title, params: c.params, items: notPassedItems(c.items) }));
    return {
      state: 'done',
      bytes: result.downloaded,
      outcome: {
        bagPath: bag,
        verdict: report.verdict,
        trust: report.trust,
        checks,
        fetched: result.fetched,
        already: result.already,
        timestamp: result.timestamp.state,
        covers: report.covers,
      },
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    switch (error.kind) {
      case 'NotFound':
      case 'Conflict':
      case 'InvalidInput':
        if (error.code === 'file.writeFailed') return { state: 'stop', error: error.toShape() };
        return { state: 'skipped', error: error.toShape(), outcome: { reason: 'notDownloadable', status: error.status ?? null } };
      case 'RateLimited':
      case 'Network':
      case 'ServerError':
      case 'Ambiguous':
        return { state: 'retry', afterMs: retryAfterMs(error.params), error: error.toShape() };
      case 'Unauthorized':
        return { state: 'stop', error: error.toShape() };
      default:
        if (error.code === 'file.writeFailed') return { state: 'stop', error: error.toShape() };
        return { state: 'failed', error: error.toShape() };
    }
  }
}
