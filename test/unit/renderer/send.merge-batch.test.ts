import { describe, expect, it } from 'vitest';
import type { Batch, BatchItem } from '../../../shared';
import { applyChange, mergeBatch } from '../../../renderer/src/features/send/merge-batch';

const item = (id: string, position: number, updatedAt: string, patch: Partial<BatchItem> = {}): BatchItem => ({
  id,
  batchId: 'b1',
  position,
  path: `/tmp/${id}.pdf`,
  fileName: `${id}.pdf`,
  title: id,
  size: 10,
  pages: 1,
  sha256: null,
  checked: false,
  problems: [],
  signers: [],
  excluded: false,
  state: 'draft',
  attempts: 0,
  documentId: null,
  signatures: [],
  error: null,
  recovered: false,
  updatedAt,
  ...patch,
});

const batch = (items: BatchItem[], patch: Partial<Batch> = {}): Batch => ({
  id: 'b1',
  accountId: 'a1',
  state: 'draft',
  source: 'app',
  concurrency: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  stoppedBy: null,
  progress: {
    total: items.length,
    byState: { draft: 0, ready: 0, sending: 0, sent: 0, failed: 0, uncertain: 0, cancelled: 0 },
    sendable: 0,
    bytesTotal: 0,
    bytesDone: 0,
    secondsLeft: null,
    rateLimitedUntil: null,
    checking: 0,
  },
  items,
  skipped: [],
  manifestProblems: [],
  ...patch,
});

const t = (second: number) => `2025-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;

describe('the Send page merges what the host says', () => {
  it('takes an answer for another batch as it is', () => {
    const shown = batch([item('x', 1, t(1))]);
    const other = { ...batch([item('y', 1, t(2))]), id: 'b2' };
    expect(mergeBatch(shown, other)).toBe(other);
  });

  it('never brings a row back to an older version when an answer crosses an event', () => {
    const checked = item('a', 1, t(5), { checked: true, pages: 3 });
    const shown = batch([checked]);
    const staleAnswer = batch([item('a', 1, t(3)), item('b', 2, t(3))]);
    const merged = mergeBatch(shown, staleAnswer);
    expect(merged.items.map((i) => [i.id, i.checked])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('drops rows the answer no longer has (removed)', () => {
    const shown = batch([item('a', 1, t(1)), item('b', 2, t(1))]);
    expect(mergeBatch(shown, batch([item('b', 2, t(2))])).items.map((i) => i.id)).toEqual(['b']);
  });

  it('applies an event: its summary, the rows it names, new rows in their place; other batches are ignored', () => {
    const shown = batch([item('a', 1, t(1)), item('c', 3, t(1))]);
    const { items: _items, skipped: _skipped, manifestProblems: _problems, ...summary } = batch([], { state: 'sending' });
    const next = applyChange(shown, { batch: summary, items: [item('a', 1, t(2), { state: 'sent' }), item('b', 2, t(2))] });
    expect(next?.state).toBe('sending');
    expect(next?.items.map((i) => [i.id, i.state])).toEqual([
      ['a', 'sent'],
      ['b', 'draft'],
      ['c', 'draft'],
    ]);
    expect(applyChange(shown, { batch: { ...summary, id: 'b9' }, items: [] })).toBe(shown);
    expect(applyChange(null, { batch: summary, items: [] })).toBeNull();
  });
});
