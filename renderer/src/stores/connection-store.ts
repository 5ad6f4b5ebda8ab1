import { create } from 'zustand';
import type { ConnectionState } from '../bridge/connection';

interface ConnectionStore {
  state: ConnectionState;
  setState(state: ConnectionState): void;
}

/** Whether live updates are flowing; the shell shows a banner while reconnecting. */
export const useConnectionStore = create<ConnectionStore>()((set) => ({
  state: 'connecting',
  setState: (state) => set({ state }),
}));
