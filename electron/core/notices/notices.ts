import type { BatchSummary } from '../../../shared/domain/batches';
import type { Document } from '../../../shared/domain/documents';
import type { Notice } from '../../../shared/domain/notices';
import type { EventBus } from '../events/event-bus';
import type { SettingsRepo } from '../settings/settings-repo';

export interface NoticesDeps {
  events: EventBus;
  settings: SettingsRepo;
  /** A document of the mirror. */
  document: (accountId: string, documentId: string) => Document | undefined;
  /** Milliseconds a group stays open (default 3 s): 300 completions at once make one notice. */
  groupMs?: number;
}

/**
 * What deserves a notification: a batch that finished, documents that completed, signers who rejected.
 * It watches the mirror's changes (a document is remembered the first time it is seen, so a full sync
 * notifies nothing), groups what happens within a few seconds, and emits one `notices` event per kind;
 * the app shows a desktop notification and the web UI a browser one, each as its setting says.
 * Answers its stop.
 */
export function watchNotices(deps: NoticesDeps): () => void {
  const seen = new Map<string, { status: string; rejected: Set<string> }>();
  const running = new Set<string>();
  const pending = { completed: [] as string[], rejected: [] as string[], batchDone: [] as string[] };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    const wanted = deps.settings.get().notifications;
    for (const kind of ['batchDone', 'completed', 'rejected'] as const) {
      const titles = pending[kind].splice(0);
      if (titles.length === 0 || !wanted[kind]) continue;
      const notice: Notice = { kind, count: titles.length, titles: titles.slice(0, 3) };
      deps.events.emit('notices', notice);
    }
  };
  const add = (kind: keyof typeof pending, title: string) => {
    pending[kind].push(title);
    timer ??= setTimeout(flush, deps.groupMs ?? 3_000);
    timer.unref?.();
  };
  const unsubscribe = deps.events.subscribe((message) => {
    if (message.event === 'documents.changed') {
      const { accountId, documentIds } = message.payload as { accountId: string; documentIds: string[] };
      for (const id of documentIds) {
        const document = deps.document(accountId, id);
        if (!document) continue;
        const key = `${accountId}:${id}`;
        const before = seen.get(key);
        const rejected = new Set(document.signatures.filter((s) => s.status === 'DE').map((s) => s.id));
        seen.set(key, { status: document.status, rejected });
        if (!before) continue;
        if (document.status === 'CO' && before.status !== 'CO') add('completed', document.title);
        for (const signature of document.signatures) {
          if (signature.status === 'DE' && !before.rejected.has(signature.id))
            add('rejected', `${signature.displayName || '?'} · ${document.title}`);
        }
      }
    } else if (message.event === 'batches.changed') {
      const { batch } = message.payload as { batch: BatchSummary };
      if (batch.state === 'sending' || batch.state === 'checking') running.add(batch.id);
      else if (batch.state === 'done' && running.delete(batch.id))
        add('batchDone', `${batch.progress.byState.sent}/${batch.progress.total}`);
    }
  });
  // Stopped (the core closing): a group still open is dropped, so nothing reads the settings or emits afterwards.
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
  };
}
