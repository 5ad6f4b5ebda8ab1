import type { Batch, ItemPatch } from '../../../../shared';
import type { useClient } from '../../lib/client-context';
import { useSendStore, type SendAction } from './send-store';
import { removedRow, type RemovedRow, type UndoStep } from './undo-steps';

type Client = ReturnType<typeof useClient>;
type Run = <T>(action: SendAction, work: () => Promise<T>) => Promise<T | undefined>;

/**
 * Removing, excluding and "Send again" on rows, each remembered so Undo takes it back while the batch
 * is a draft: an exclusion or Send again by setting each row back as it was; a removal by adding the same files again (the
 * host keeps removed uploads until the batch is sent) with their titles, signers and exclusion.
 */
export function undoableActions(client: Client, run: Run) {
  const store = useSendStore.getState;

  const restore = async (batch: Batch, rows: RemovedRow[]) => {
    const known = new Set(batch.items.map((item) => item.id));
    let answer = await client.call('batches.addFiles', { batchId: batch.id, paths: rows.map((row) => row.path) });
    store().show(answer);
    for (const row of rows) {
      const item = answer.items.find((candidate) => candidate.path === row.path && !known.has(candidate.id));
      if (!item) continue;
      const patch: ItemPatch = {
        title: row.title,
        signers: row.signers,
        ...(row.excluded ? { excluded: true } : {}),
        ...(row.sendAgain ? { sendAgain: true } : {}),
      };
      answer = await client.call('batches.updateItems', { batchId: batch.id, itemIds: [item.id], patch });
      store().show(answer);
    }
  };

  const undoStep = async (batch: Batch, step: UndoStep) => {
    if (step.kind === 'remove') return restore(batch, step.rows);
    if (step.kind === 'sendAgain') {
      const ids = step.ids.filter((id) => batch.items.some((item) => item.id === id));
      if (ids.length > 0)
        store().show(await client.call('batches.updateItems', { batchId: batch.id, itemIds: ids, patch: { sendAgain: !step.sendAgain } }));
      return;
    }
    const present = new Set(batch.items.map((item) => item.id));
    for (const excluded of [true, false]) {
      const ids = step.before.filter((row) => row.excluded === excluded && present.has(row.id)).map((row) => row.id);
      if (ids.length > 0) store().show(await client.call('batches.updateItems', { batchId: batch.id, itemIds: ids, patch: { excluded } }));
    }
  };

  return {
    /** Excludes (or includes again) rows; only rows that change are remembered. */
    setExcluded: (itemIds: string[], excluded: boolean) =>
      run('update', async () => {
        const batch = store().batch;
        if (!batch) return;
        const changing = batch.items.filter((item) => itemIds.includes(item.id) && item.excluded !== excluded);
        if (changing.length === 0) return;
        store().show(
          await client.call('batches.updateItems', { batchId: batch.id, itemIds: changing.map((item) => item.id), patch: { excluded } }),
        );
        const title = changing.length === 1 ? changing[0]!.title : null;
        store().pushUndo({ kind: 'exclude', excluded, before: changing.map((item) => ({ id: item.id, excluded: item.excluded })), title });
      }),

    /** "Send again" on rows whose file was already sent (or leaves them out again). */
    setSendAgain: (itemIds: string[], sendAgain: boolean) =>
      run('update', async () => {
        const batch = store().batch;
        if (!batch) return;
        const changing = batch.items.filter((item) => itemIds.includes(item.id) && (item.sendAgain === true) !== sendAgain);
        if (changing.length === 0) return;
        store().show(
          await client.call('batches.updateItems', { batchId: batch.id, itemIds: changing.map((item) => item.id), patch: { sendAgain } }),
        );
        store().pushUndo({
          kind: 'sendAgain',
          sendAgain,
          ids: changing.map((item) => item.id),
          title: changing.length === 1 ? changing[0]!.title : null,
        });
      }),

    remove: (itemIds: string[]) =>
      run('remove', async () => {
        const batch = store().batch;
        if (!batch || itemIds.length === 0) return;
        const rows = batch.items.filter((item) => itemIds.includes(item.id)).map(removedRow);
        store().show(await client.call('batches.removeItems', { batchId: batch.id, itemIds }));
        store().pushUndo({ kind: 'remove', rows });
      }),

    /** Takes back the newest removal or exclusion (nothing once the batch was sent). */
    undo: () =>
      run('undo', async () => {
        const batch = store().batch;
        if (!batch || batch.state !== 'draft') return;
        const step = store().popUndo();
        if (!step) return;
        await undoStep(batch, step);
        store().setToast({ step, undone: true });
      }),
  };
}
