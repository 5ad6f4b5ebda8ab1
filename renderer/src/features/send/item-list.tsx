import { useMemo } from 'react';
import type { Batch } from '../../../../shared';
import { ItemRow, type RowHandlers } from './item-row';
import { useSendStore } from './send-store';
import type { SendActions } from './use-send-actions';

/** Once sent: rows not sent (failed, or left out as drafts) first, then those being verified. */
const needsLook = (item: Batch['items'][number]): number =>
  item.state === 'failed' || item.state === 'draft' ? 2 : item.state === 'uncertain' ? 1 : 0;

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
      sendAgain: (ids, on) => void actions.setSendAgain(ids, on),
    }),
    // The actions read the store when they run; they need not be fresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  // Once sent, rows that need a look (not sent, being verified) come first; the rest keep their order.
  const items = useMemo(
    () => (draft ? batch.items : [...batch.items].sort((a, b) => needsLook(b) - needsLook(a) || a.position - b.position)),
    [batch.items, draft],
  );
  return (
    <ul className="send-rows" data-testid="send-rows">
      {items.map((item) => (
        <ItemRow key={item.id} item={item} draft={draft} selected={selected.has(item.id)} handlers={handlers} />
      ))}
    </ul>
  );
}
