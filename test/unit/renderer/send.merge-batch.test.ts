import { describe, expect, it } from 'vitest';
import type { Batch, BatchItem } from '../../../shared';
import { applyChange, mergeBatch, withEarly } from '../../../renderer/src/features/send/merge-batch';

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

  it('keeps the summary read last: an answer read before the last event, arriving after it, does not bring "Sending" back', () => {
    const rows = [item('a', 1, t(1), { state: 'sent' }), item('b', 2, t(1), { state: 'sent' })];
    const sent = { ...batch([], { state: 'sending' }).progress, byState: { ...batch([]).progress.byState, sent: 2 } };
    const shown = batch([item('a', 1, t(0)), item('b', 2, t(0))], { state: 'draft', readAt: 100 });
    // The last event (read at 300: the batch ended) arrives first...
    const { items: _i, skipped: _s, manifestProblems: _m, ...endedSummary } = batch([], { state: 'done', readAt: 300, progress: sent });
    const afterEvent = applyChange(shown, { batch: endedSummary, items: rows })!;
    expect(afterEvent.state).toBe('done');
    // ...then the answer to "send", read at 200 while it was still sending.
    const staleAnswer = batch([item('a', 1, t(0), { state: 'sending' }), item('b', 2, t(0), { state: 'ready' })], {
      state: 'sending',
      readAt: 200,
    });
    const merged = mergeBatch(afterEvent, staleAnswer);
    expect(merged.state).toBe('done');
    expect(merged.progress.byState.sent).toBe(2);
    expect(merged.items.map((i) => i.state)).toEqual(['sent', 'sent']);
    // An event read earlier than what is shown moves rows on but not the summary.
    const { items: _j, skipped: _t, manifestProblems: _n, ...early } = batch([], { state: 'sending', readAt: 250 });
    expect(applyChange(merged, { batch: early, items: [] })?.state).toBe('done');
    // A later answer is taken.
    expect(mergeBatch(merged, batch(rows, { state: 'draft', readAt: 400 })).state).toBe('draft');
  });

  it('folds in the events of a batch that came before its answer: a file checked at once is not "Checking" for good', () => {
    // The first files dropped: the batch is made, the PNG's check ends and its event arrives before the answer does.
    const { items: _i, skipped: _s, manifestProblems: _m, ...summary } = batch([], { readAt: 200 });
    const early = [
      { batch: summary, items: [item('png', 2, t(5), { checked: true, problems: [] }), item('gone', 3, t(5))] },
      { batch: { ...summary, id: 'other' }, items: [item('a', 1, t(9), { checked: true })] },
    ];
    const answer = batch([item('a', 1, t(1)), item('png', 2, t(1))], { readAt: 100 });
    const shown = withEarly(answer, early);
    expect(shown.items.map((i) => [i.id, i.checked])).toEqual([
      ['a', false],
      ['png', true],
    ]);
    expect(shown.readAt).toBe(200);
    expect(withEarly(answer, [])).toBe(answer);
  });
});
