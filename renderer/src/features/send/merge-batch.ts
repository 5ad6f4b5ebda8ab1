import type { Batch, BatchItem, BatchSummary } from '../../../../shared';

/**
 * The batch as shown, brought up to date with what the host said: a whole batch (an operation's
 * answer) or a summary with the rows that changed (`batches.changed`). Answers and events travel on
 * different channels and may cross, so nothing goes back: a row never to an older version of itself
 * (`updatedAt`), the summary (state, counts, bytes) never to one the host read earlier (`readAt`). An
 * answer read before the batch's last event, arriving after it, would otherwise show "Sending" for good.
 */
export function mergeBatch(shown: Batch | null, next: Batch): Batch {
  if (!shown || shown.id !== next.id) return next;
  const known = new Map(shown.items.map((item) => [item.id, item]));
  const items = next.items.map((item) => newer(known.get(item.id), item));
  return { ...next, ...newerSummary(shown, next), items };
}

/** A `batches.changed` event applied to the batch shown; events of another batch are ignored. */
export function applyChange(shown: Batch | null, change: { batch: BatchSummary; items: BatchItem[] }): Batch | null {
  if (!shown || shown.id !== change.batch.id) return shown;
  const byId = new Map(change.items.map((item) => [item.id, item]));
  const items = shown.items.map((item) => {
    const fresh = byId.get(item.id);
    if (!fresh) return item;
    byId.delete(item.id);
    return newer(item, fresh);
  });
  // Rows added elsewhere (the CLI, another window) join in their place.
  const added = [...byId.values()];
  const all = added.length > 0 ? [...items, ...added].sort((a, b) => a.position - b.position) : items;
  return { ...shown, ...newerSummary(shown, change.batch), items: all };
}

/** A `batches.changed` event's payload. */
export interface BatchChange {
  batch: BatchSummary;
  items: BatchItem[];
}

/**
 * Events of a batch that came before the page knew it (the answer that makes it, e.g. the first files
 * added, still on its way), folded into that answer when it arrives: a file checked at once would
 * otherwise show "Checking the file…" for good. Only rows the answer has are moved on.
 */
export function withEarly(next: Batch, early: readonly BatchChange[]): Batch {
  const ids = new Set(next.items.map((item) => item.id));
  return early
    .filter((change) => change.batch.id === next.id)
    .reduce<Batch>(
      (batch, change) => applyChange(batch, { ...change, items: change.items.filter((item) => ids.has(item.id)) }) ?? batch,
      next,
    );
}

function newer(known: BatchItem | undefined, fresh: BatchItem): BatchItem {
  if (!known) return fresh;
  return Date.parse(known.updatedAt) > Date.parse(fresh.updatedAt) ? known : fresh;
}

/** The summary read later of the two (the fresh one when either carries no read time), without a whole batch's rows and lists. */
function newerSummary(shown: BatchSummary, fresh: BatchSummary): BatchSummary {
  const newer = shown.readAt !== undefined && fresh.readAt !== undefined && shown.readAt > fresh.readAt ? shown : fresh;
  const { items: _items, skipped: _skipped, manifestProblems: _problems, ...summary } = newer as Partial<Batch> & BatchSummary;
  return summary;
}
