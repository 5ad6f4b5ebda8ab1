import type { Transport } from '../../../shared';

/** What the preload exposes: the contract's transport, and where a dropped or picked file lives on disk. */
export interface DesktopBridge extends Transport {
  /** The file's path ('' for a file made in the page); absent in preloads older than this renderer. */
  pathForFile?(file: File): string;
  /** A folder picked in the system's dialog (null: cancelled); absent in older preloads. */
  chooseFolder?(title: string): Promise<string | null>;
  /** Where to save, from the system's save dialog (null: cancelled); absent in older preloads. */
  chooseSaveFile?(suggestedName: string): Promise<string | null>;
}

declare global {
  interface Window {
    /** Exposed by the Electron preload through contextBridge; absent in a browser. */
    signdock?: DesktopBridge;
  }
}

export function electronTransport(): DesktopBridge | null {
  const bridge = window.signdock;
  return bridge && typeof bridge.call === 'function' && typeof bridge.subscribe === 'function' ? bridge : null;
}
