import { create } from 'zustand';
import type { DocumentColumn, DocumentFilter, DocumentSelection, DocumentSort } from '../../../shared';

/** Filters as the page holds them: what is typed in the search box is applied after a pause. */
export interface FilterState {
  /** One status code, or null for all. */
  status: string | null;
  search: string;
  signerStatus: string | null;
  batchId: string | null;
  /** Local dates, `YYYY-MM-DD` ('' for none); `to` includes its whole day. */
  from: string;
  to: string;
  /** Created before this time (ms), from a "needs attention" list ("pending for more than 14 days"). */
  before: number | null;
}

export const emptyFilter: FilterState = { status: null, search: '', signerStatus: null, batchId: null, from: '', to: '', before: null };

/**
 * Picked rows: ids, or "all N matching" kept as the filter it was taken with (minus the rows unticked
 * since), never as the list of rows on screen.
 */
export type SelectionState =
  { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'query'; filter: DocumentFilter; except: ReadonlySet<string> };

const noSelection: SelectionState = { kind: 'ids', ids: new Set() };

/** Where the table stands: the first page, or the page after/before a row (keyset cursors). */
export interface PageState {
  cursor: { after: string } | { before: string } | null;
  /** Rows before this page (for "51–100 of 120"). */
  offset: number;
}

export type ChartRange = '30d' | '12w' | '6m';

interface DocumentsStore {
  accountId: string | null;
  filter: FilterState;
  sort: DocumentSort;
  page: PageState;
  selection: SelectionState;
  /** The row the keyboard and shift-click start from. */
  anchorId: string | null;
  overviewOpen: boolean;
  chartRange: ChartRange;
  /** Starts over for another account (filters, page and selection belong to one account). */
  forAccount(accountId: string): void;
  /** Shows the account's documents with only this filter (from another page: Activity's figures). */
  showFiltered(accountId: string, patch: Partial<FilterState>): void;
  /** A document to open in the panel when the Documents page shows (from another page: an Activity line). */
  pendingOpen: { id: string; title: string } | null;
  /** Shows the account's documents, unfiltered, with this document open in the panel. */
  showDocument(accountId: string, documentId: string, title: string): void;
  takePendingOpen(): { id: string; title: string } | null;
  setFilter(patch: Partial<FilterState>): void;
  setSort(column: DocumentColumn): void;
  setPage(page: PageState): void;
  select(selection: SelectionState, anchorId?: string | null): void;
  toggleOverview(): void;
  setChartRange(range: ChartRange): void;
}

const firstPage: PageState = { cursor: null, offset: 0 };

/** View state of the Documents page. The host decides everything; this remembers what the user chose. */
export const useDocumentsStore = create<DocumentsStore>()((set, get) => ({
  accountId: null,
  filter: emptyFilter,
  sort: { column: 'created', direction: 'desc' },
  page: firstPage,
  selection: noSelection,
  anchorId: null,
  overviewOpen: true,
  chartRange: '30d',
  forAccount: (accountId) => {
    if (get().accountId !== accountId) set({ accountId, filter: emptyFilter, page: firstPage, selection: noSelection, anchorId: null });
  },
  pendingOpen: null,
  showDocument: (accountId, documentId, title) =>
    set({
      accountId,
      filter: emptyFilter,
      page: firstPage,
      selection: noSelection,
      anchorId: null,
      pendingOpen: { id: documentId, title },
    }),
  takePendingOpen: () => {
    const pending = get().pendingOpen;
    if (pending) set({ pendingOpen: null });
    return pending;
  },
  showFiltered: (accountId, patch) =>
    set({ accountId, filter: { ...emptyFilter, ...patch }, page: firstPage, selection: noSelection, anchorId: null }),
  // Another filter is another set of rows: back to the first page, nothing selected.
  setFilter: (patch) =>
    set((state) => ({ filter: { ...state.filter, ...patch }, page: firstPage, selection: noSelection, anchorId: null })),
  setSort: (column) =>
    set((state) => ({
      sort: {
        column,
        direction: state.sort.column === column ? (state.sort.direction === 'asc' ? 'desc' : 'asc') : defaultDirection(column),
      },
      page: firstPage,
    })),
  setPage: (page) => set({ page }),
  select: (selection, anchorId) => set((state) => ({ selection, anchorId: anchorId === undefined ? state.anchorId : anchorId })),
  toggleOverview: () => set((state) => ({ overviewOpen: !state.overviewOpen })),
  setChartRange: (chartRange) => set({ chartRange }),
}));

/** Dates and counts read best newest or highest first; words A to Z. */
function defaultDirection(column: DocumentColumn): 'asc' | 'desc' {
  return column === 'title' || column === 'status' ? 'asc' : 'desc';
}

/** The filter as the host takes it: local dates become ms, the `to` day included. */
export function hostFilter(filter: FilterState, search: string): DocumentFilter {
  const from = localDayStart(filter.from);
  const toDay = localDayStart(filter.to);
  const ends = [toDay === null ? null : toDay + 86_400_000, filter.before].filter((end): end is number => end !== null);
  const to = ends.length > 0 ? Math.min(...ends) : null;
  return {
    ...(filter.status ? { statuses: [filter.status] } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(filter.signerStatus ? { signerStatus: filter.signerStatus } : {}),
    ...(filter.batchId ? { batchId: filter.batchId } : {}),
    ...(from !== null ? { createdFrom: from } : {}),
    ...(to !== null ? { createdTo: to } : {}),
  };
}

function localDayStart(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const ms = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

export function isSelected(selection: SelectionState, id: string): boolean {
  return selection.kind === 'ids' ? selection.ids.has(id) : !selection.except.has(id);
}

/** How many rows a selection holds, given how many match the filter. */
export function selectedCount(selection: SelectionState, total: number): number {
  return selection.kind === 'ids' ? selection.ids.size : Math.max(0, total - selection.except.size);
}

/** The selection as the contract takes it (null when empty). */
export function hostSelection(selection: SelectionState): DocumentSelection | null {
  if (selection.kind === 'query') return { kind: 'query', filter: selection.filter, exceptIds: [...selection.except] };
  return selection.ids.size > 0 ? { kind: 'ids', ids: [...selection.ids] } : null;
}

/** The selection with one row ticked or unticked. */
export function toggled(selection: SelectionState, id: string, on = !isSelected(selection, id)): SelectionState {
  if (selection.kind === 'ids') {
    const ids = new Set(selection.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    return { kind: 'ids', ids };
  }
  const except = new Set(selection.except);
  if (on) except.delete(id);
  else except.add(id);
  return { ...selection, except };
}

export const emptySelection = noSelection;
