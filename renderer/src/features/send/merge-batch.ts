import type { Batch, BatchItem, BatchSummary } from '../../../../shared';

/**
 * The batch as shown, brought up to date with what the host said: a whole batch (an operation's
 * answer) or a summary with the rows that changed (`batches.changed`). A row never goes back to an
 * older version (answers and events travel on different channels and may cross).
 */
export function mergeBatch(shown: Batch | null, next: Batch): Batch {
  if (!shown || shown.id !== next.id) return next;
  const known = new Map(shown.items.map((item) => [item.id, item]));
  const items = next.items.map((item) => newer(known.get(item.id), item));
  return { ...next, items };
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
  return { ...shown, ...change.batch, items: all };
}

function newer(known: BatchItem | undefined, fresh: BatchItem): BatchItem {
  if (!known) return fresh;
  return Date.parse(known.updatedAt) > Date.parse(fresh.updatedAt) ? known : fresh;
}
