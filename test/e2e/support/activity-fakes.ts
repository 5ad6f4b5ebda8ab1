/** Made-up host answers for the Activity page (shapes of shared/domain/sync.ts and webhooks.ts). */
import type { InboxItem, InboxState } from '../../../shared/domain/webhooks';

export const fakeAccount = {
  id: 'acct-office',
  name: 'Office',
  baseUrl: 'https://connect.signatura.co',
  createdAt: '2025-11-20T09:00:00.000Z',
  hasKey: true,
  demo: false,
};

export const accountsState = (selected: boolean) => ({ accounts: [fakeAccount], selectedId: selected ? fakeAccount.id : null });

export interface FakeSync {
  accountId: string | null;
  state: 'idle' | 'syncing' | 'error' | 'no-account';
  progress: { pages: number; documents: number; total: number | null } | null;
  lastFullSync: { startedAt: string; finishedAt: string | null; documents: number; error: string | null } | null;
  counts: Record<string, number>;
  total: number;
  watching: number;
}

export const syncStatus = (patch: Partial<FakeSync> = {}): FakeSync => ({
  accountId: fakeAccount.id,
  state: 'idle',
  progress: null,
  lastFullSync: null,
  counts: {},
  total: 0,
  watching: 0,
  ...patch,
});

export const webhookState = (patch: Record<string, unknown> = {}) => ({
  listening: true,
  port: 47821,
  localUrl: 'http://127.0.0.1:47821',
  publicBaseUrl: null as string | null,
  hookUrl: 'http://127.0.0.1:47821/hooks/Zk3v9Qm1x7LrT0aB2cD4eF6gH8iJ0kL2mN4oP6qR8sT',
  hmacConfigured: false,
  error: null as string | null,
  ...patch,
});

/** A notification as the service would send it, and how far SignDock got with it. */
export function inboxItem(id: number, kind: string, state: InboxState, extra: Partial<InboxItem> = {}): InboxItem {
  const documentId = `doc-${String(id).padStart(4, '0')}-7f3a9c2e`;
  const receivedAt = new Date(Date.UTC(2025, 10, 21, 9, 0, 0) + id * 61_000).toISOString();
  const body = { notification_id: 9000 + id, notification_action: kind, document_id: documentId, signature_id: `sig-${id}` };
  return {
    id,
    kind,
    documentId,
    signatureId: `sig-${id}`,
    notificationId: String(9000 + id),
    receivedAt,
    duplicates: 0,
    state,
    attempts: state === 'pending' ? 0 : 1,
    lastError: null,
    processedAt: state === 'pending' ? null : receivedAt,
    raw: JSON.stringify(body),
    ...extra,
  };
}

/** An inbox kept by the test: `inbox.list` answers from it (newest first, filtered, paged). */
export class FakeInbox {
  items: InboxItem[] = [];
  refused: Record<string, number> = { 'not-found': 0, 'bad-signature': 0 };

  stats() {
    const of = (state: InboxState) => this.items.filter((item) => item.state === state).length;
    return {
      received: this.items.length,
      duplicates: this.items.reduce((sum, item) => sum + item.duplicates, 0),
      pending: of('pending'),
      done: of('done'),
      ignored: of('ignored'),
      failed: of('failed'),
      refused: { ...this.refused },
    };
  }

  list(input: Record<string, unknown>) {
    const state = input.state as InboxState | undefined;
    const limit = Number(input.limit ?? 50);
    const offset = Number(input.offset ?? 0);
    const matching = this.items.filter((item) => state === undefined || item.state === state).sort((a, b) => b.id - a.id);
    return { stats: this.stats(), total: matching.length, items: matching.slice(offset, offset + limit) };
  }
}

/** The Documents dashboard's "needs attention" lists, all empty. */
export const noAttention = {
  rejected: { count: 0, items: [] },
  stalePending: { count: 0, before: 0, items: [] },
  unopened: { count: 0, before: 0, items: [] },
  unsentBatches: { count: 0, items: [] },
};
