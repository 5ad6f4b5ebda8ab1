import type { SyncStatus } from '../../../shared/domain/sync';
import { call, emit, UsageError, type CliContext } from '../io';

/** `sync`: a full sync of the account, with progress on stderr; waits until it ends. */
export async function syncCommand(ctx: CliContext, args: string[]): Promise<number> {
  if (args.length > 0) throw new UsageError('Usage: sync');
  const finished = new Promise<SyncStatus>((resolve) => {
    const unsubscribe = ctx.core.events.subscribe((message) => {
      if (message.event !== 'sync.changed') return;
      const status = message.payload as SyncStatus;
      if (status.state === 'syncing' && status.progress) {
        const of = status.progress.total !== null ? ` of ${status.progress.total}` : '';
        ctx.err(`\rRead ${status.progress.documents}${of} documents (${status.progress.pages} pages)…`);
      } else if (status.state !== 'syncing') {
        unsubscribe();
        resolve(status);
      }
    });
  });
  const started = await call<SyncStatus>(ctx, 'sync.now', {});
  const status = started.state === 'syncing' ? await finished : started;
  ctx.err('\n');
  emit(ctx, status, () => describeStatus(status));
  return status.state === 'error' ? 1 : 0;
}

export function describeStatus(status: SyncStatus): string {
  const last = status.lastFullSync;
  const counts = Object.entries(status.counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  const head = last?.error ? `Sync failed: ${last.error}` : `Synced ${last?.documents ?? 0} documents.`;
  return `${head}\nIn the mirror: ${status.total} documents${counts ? ` (${counts})` : ''}; ${status.watching} not final, re-read on a schedule.`;
}
