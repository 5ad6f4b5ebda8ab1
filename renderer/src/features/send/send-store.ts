import { create } from 'zustand';
import type { Batch, SignerPreset, SkippedInputInfo } from '../../../../shared';
import { applyChange, mergeBatch, withEarly, type BatchChange } from './merge-batch';
import type { UndoStep } from './undo-steps';

/** Which action is running (one at a time on this page), so its button can show it. */
export type SendAction =
  'add' | 'update' | 'remove' | 'undo' | 'manifest' | 'template' | 'send' | 'pause' | 'resume' | 'cancel' | 'retry' | 'export' | 'create';

interface SendState {
  /** The account whose batch is shown (the page starts over when it changes). */
  accountId: string | null;
  batch: Batch | null;
  load: 'loading' | 'ready' | 'failed';
  loadError: unknown;
  /** `batches.changed` events of a batch not shown yet, kept until its answer arrives (the newest 50). */
  early: BatchChange[];
  /** Ids of the rows ticked. */
  selected: ReadonlySet<string>;
  /** Files of the last addition that were left out, with why: the host's `skipped` and those never uploaded. */
  skipped: SkippedInputInfo[];
  /** Uploading dropped files: how many of how many. */
  adding: { done: number; total: number } | null;
  busy: Partial<Record<SendAction, boolean>>;
  /** The last action that failed, for a notice. */
  actionError: unknown;
  /** Saved signer presets (null until read). */
  presets: SignerPreset[] | null;
  /** Removals and exclusions that Undo can take back, newest last (emptied when the batch is sent). */
  undo: UndoStep[];
  /** The step the toast is about, and whether it was just undone (null: no toast). */
  toast: { step: UndoStep; undone: boolean } | null;

  start(accountId: string): void;
  loaded(batch: Batch | null): void;
  loadFailed(error: unknown): void;
  /** An operation's answer. */
  show(batch: Batch): void;
  /** A `batches.changed` event. */
  changed(change: BatchChange): void;
  select(ids: string[], on: boolean): void;
  setSelected(ids: string[]): void;
  setSkipped(skipped: SkippedInputInfo[]): void;
  setAdding(adding: { done: number; total: number } | null): void;
  setBusy(action: SendAction, on: boolean): void;
  setActionError(error: unknown): void;
  setPresets(presets: SignerPreset[]): void;
  pushUndo(step: UndoStep): void;
  /** Takes the newest step off the stack (the caller undoes it). */
  popUndo(): UndoStep | undefined;
  setToast(toast: SendState['toast']): void;
}

const keepExisting = (selected: ReadonlySet<string>, batch: Batch | null): ReadonlySet<string> => {
  if (selected.size === 0) return selected;
  const ids = new Set(batch?.items.map((item) => item.id) ?? []);
  const kept = [...selected].filter((id) => ids.has(id));
  return kept.length === selected.size ? selected : new Set(kept);
};

/** The early events still waiting once `batch` is shown (those of other batches). */
const lateOnes = (early: BatchChange[], batch: Batch | null): BatchChange[] =>
  early.length === 0 || !batch ? early : early.filter((change) => change.batch.id !== batch.id);

export const useSendStore = create<SendState>()((set) => ({
  accountId: null,
  batch: null,
  load: 'loading',
  loadError: null,
  early: [],
  selected: new Set(),
  skipped: [],
  adding: null,
  busy: {},
  actionError: null,
  presets: null,
  undo: [],
  toast: null,

  start: (accountId) =>
    set((state) =>
      state.accountId === accountId
        ? state
        : {
            accountId,
            batch: null,
            load: 'loading',
            loadError: null,
            early: [],
            selected: new Set(),
            skipped: [],
            adding: null,
            busy: {},
            actionError: null,
            presets: null,
            undo: [],
            toast: null,
          },
    ),
  loaded: (batch) =>
    set((state) => {
      const next = batch ? mergeBatch(state.batch, withEarly(batch, state.early)) : null;
      const first = state.load !== 'ready';
      return {
        batch: next,
        early: lateOnes(state.early, batch),
        load: 'ready',
        loadError: null,
        selected: keepExisting(state.selected, next),
        ...(first ? { skipped: next?.skipped ?? [] } : {}),
      };
    }),
  loadFailed: (error) => set({ load: 'failed', loadError: error }),
  show: (batch) =>
    set((state) => {
      const next = mergeBatch(state.batch, withEarly(batch, state.early));
      const fresh = state.batch?.id !== batch.id;
      return {
        batch: next,
        early: lateOnes(state.early, batch),
        load: 'ready',
        selected: fresh ? new Set() : keepExisting(state.selected, next),
        ...(fresh ? { skipped: [], undo: [], toast: null } : {}),
      };
    }),
  changed: (change) =>
    set((state) =>
      state.batch?.id === change.batch.id ? { batch: applyChange(state.batch, change) } : { early: [...state.early.slice(-49), change] },
    ),
  select: (ids, on) =>
    set((state) => {
      const next = new Set(state.selected);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return { selected: next };
    }),
  setSelected: (ids) => set({ selected: new Set(ids) }),
  setSkipped: (skipped) => set({ skipped }),
  setAdding: (adding) => set({ adding }),
  setBusy: (action, on) => set((state) => ({ busy: { ...state.busy, [action]: on } })),
  setActionError: (actionError) => set({ actionError }),
  setPresets: (presets) => set({ presets }),
  pushUndo: (step) => set((state) => ({ undo: [...state.undo.slice(-49), step], toast: { step, undone: false } })),
  popUndo: () => {
    let step: UndoStep | undefined;
    set((state) => {
      step = state.undo.at(-1);
      return step ? { undo: state.undo.slice(0, -1) } : state;
    });
    return step;
  },
  setToast: (toast) => set({ toast }),
}));
