import { create } from 'zustand';
import type { OperationOutput } from '../../../shared';

export type AppInfo = OperationOutput<'app.info'>;

interface AppInfoStore {
  info: AppInfo | null;
  setInfo(info: AppInfo): void;
}

export const useAppInfoStore = create<AppInfoStore>()((set) => ({
  info: null,
  setInfo: (info) => set({ info }),
}));
