import { create } from 'zustand';

export const views = ['send', 'documents', 'evidence', 'activity', 'settings'] as const;
export type ViewId = (typeof views)[number];

interface NavigationStore {
  view: ViewId;
  go(view: ViewId): void;
}

export const useNavigationStore = create<NavigationStore>()((set) => ({
  view: 'send',
  go: (view) => set({ view }),
}));
