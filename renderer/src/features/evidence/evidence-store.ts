import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import type { EvidenceFileKind, Verdict } from '../../../../shared/domain/evidence';

export const EVIDENCE_PAGE_SIZE = 50;

interface EvidenceStore {
  /** As typed; `search` follows it after a pause. */
  typed: string;
  search: string;
  verdict: Verdict | 'all';
  offset: number;
  /** Bag paths ticked for an export or a new check. */
  selected: string[];
  /** The bag whose panel is open. */
  open: string | null;
  /** A PDF of a bag shown in the viewer. */
  viewer: { bagPath: string; kind: EvidenceFileKind; title: string } | null;
  /** The page reviewed with no account (from the welcome screen). */
  offline: boolean;
  /**
   * Counts what changed on the host that every view of the page shows (a check ran, a certificate
   * authority was added or removed, another archive was opened): the list, the open bag and the archive
   * status each read again when it moves, so no two of them tell different runs.
   */
  revision: number;
  changed(): void;
  setOffline(offline: boolean): void;
  setTyped(typed: string): void;
  setSearch(search: string): void;
  setVerdict(verdict: Verdict | 'all'): void;
  setOffset(offset: number): void;
  toggle(bagPath: string, on: boolean): void;
  setSelected(bagPaths: string[]): void;
  openBag(bagPath: string | null): void;
  view(viewer: EvidenceStore['viewer']): void;
}

/** View state of the Evidence page (never business rules). */
export const useEvidenceStore = create<EvidenceStore>()((set) => ({
  typed: '',
  search: '',
  verdict: 'all',
  offset: 0,
  selected: [],
  open: null,
  viewer: null,
  offline: false,
  revision: 0,
  changed: () => set((state) => ({ revision: state.revision + 1 })),
  setOffline: (offline) => set({ offline }),
  setTyped: (typed) => set({ typed }),
  setSearch: (search) => set({ search, offset: 0 }),
  setVerdict: (verdict) => set({ verdict, offset: 0 }),
  setOffset: (offset) => set({ offset }),
  toggle: (bagPath, on) =>
    set((state) => ({ selected: on ? [...new Set([...state.selected, bagPath])] : state.selected.filter((p) => p !== bagPath) })),
  setSelected: (selected) => set({ selected }),
  openBag: (open) => set({ open }),
  view: (viewer) => set({ viewer }),
}));

/** Calls `reload` each time the page's revision moves (not on mount: the first load is the caller's own). */
export function useReloadOnChange(reload: () => void): void {
  const revision = useEvidenceStore((store) => store.revision);
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    reload();
  }, [revision, reload]);
}
