/** Made-up batches for the Send page (shapes of shared/domain/batches.ts). */

type ItemState = 'draft' | 'ready' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'cancelled';
type BatchState = 'draft' | 'checking' | 'sending' | 'paused' | 'done' | 'cancelled';

export const BATCH_ID = 'batch-0001';

export interface FakeItem {
  id: string;
  batchId: string;
  position: number;
  path: string;
  fileName: string;
  title: string;
  size: number | null;
  pages: number | null;
  sha256: string | null;
  checked: boolean;
  problems: { code: string; message: string; params: Record<string, string | number>; field?: string }[];
  signers: { validations: Record<string, string | null>; invite: ('EM' | 'PH')[]; name?: string }[];
  excluded: boolean;
  state: ItemState;
  attempts: number;
  documentId: string | null;
  signatures: { id: string; url: string | null; label: string }[];
  error: { kind: string; message: string; code?: string; params?: Record<string, string | number> } | null;
  recovered: boolean;
  updatedAt: string;
}

let clock = Date.UTC(2025, 10, 21, 9, 0, 0);
const stamp = () => new Date((clock += 1000)).toISOString();

export function fakeItem(n: number, state: ItemState, extra: Partial<FakeItem> = {}): FakeItem {
  const fileName = `Contract ${String(n).padStart(3, '0')}.pdf`;
  const sent = state === 'sent';
  return {
    id: `item-${n}`,
    batchId: BATCH_ID,
    position: n,
    path: `/data/uploads/${n}/${fileName}`,
    fileName,
    title: `Contract ${String(n).padStart(3, '0')}`,
    size: 180_000 + n * 1_000,
    pages: 2,
    sha256: `${n}`.padStart(64, '0'),
    checked: true,
    problems: [],
    signers: [{ validations: { EM: `signer${n}@example.com` }, invite: [] }],
    excluded: false,
    state,
    attempts: state === 'ready' ? 0 : 1,
    documentId: sent ? `doc-${n}` : null,
    signatures: sent ? [{ id: `sig-${n}`, url: `https://sign.example.test/s/${n}`, label: `signer${n}@example.com` }] : [],
    error: null,
    recovered: false,
    updatedAt: stamp(),
    ...extra,
  };
}

export function fakeSummary(
  state: BatchState,
  items: FakeItem[],
  progress: { secondsLeft?: number | null; rateLimitedUntil?: string | null } = {},
) {
  const byState: Record<ItemState, number> = { draft: 0, ready: 0, sending: 0, sent: 0, failed: 0, uncertain: 0, cancelled: 0 };
  for (const item of items) byState[item.state] += 1;
  const bytes = (filter: (item: FakeItem) => boolean) => items.filter(filter).reduce((sum, item) => sum + (item.size ?? 0), 0);
  return {
    id: BATCH_ID,
    accountId: 'acct-office',
    state,
    source: 'app' as const,
    concurrency: 4,
    createdAt: '2025-11-21T09:00:00.000Z',
    startedAt: state === 'draft' ? null : '2025-11-21T09:01:00.000Z',
    finishedAt: state === 'done' || state === 'cancelled' ? '2025-11-21T09:05:00.000Z' : null,
    stoppedBy: null,
    progress: {
      total: items.length,
      byState,
      sendable: items.filter((item) => item.state === 'draft' && item.checked && !item.excluded && item.problems.length === 0).length,
      bytesTotal: bytes((item) => item.state !== 'draft'),
      bytesDone: bytes((item) => item.state === 'sent'),
      secondsLeft: progress.secondsLeft ?? null,
      rateLimitedUntil: progress.rateLimitedUntil ?? null,
      checking: items.filter((item) => !item.checked).length,
    },
  };
}

export function fakeBatch(state: BatchState, items: FakeItem[], progress: Parameters<typeof fakeSummary>[2] = {}) {
  return { ...fakeSummary(state, items, progress), items, skipped: [], manifestProblems: [] };
}
