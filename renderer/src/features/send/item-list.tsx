import { useMemo } from 'react';
import type { Batch } from '../../../../shared';
import { ItemRow, type RowHandlers } from './item-row';
import { useSendStore } from './send-store';
import type { SendActions } from './use-send-actions';

/** The rows of the batch. Rows are memoised: an event about one row re-renders that row only. */
export function ItemList({ batch, actions }: { batch: Batch; actions: SendActions }) {
  const selected = useSendStore((store) => store.selected);
  const draft = batch.state === 'draft';
  const handlers = useMemo<RowHandlers>(
    () => ({
      select: (id, on) => useSendStore.getState().select([id], on),
      update: (ids, patch) => actions.update(ids, patch),
      remove: (ids) => void actions.remove(ids),
      setExcluded: (ids, excluded) => void actions.setExcluded(ids, excluded),
    }),
    // The actions read the store when they run; they need not be fresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return (
    <ul className="send-rows" data-testid="send-rows">
      {batch.items.map((item) => (
        <ItemRow key={item.id} item={item} draft={draft} selected={selected.has(item.id)} handlers={handlers} />
      ))}
    </ul>
  );
}
