import type { Transport } from '../../../shared';

declare global {
  interface Window {
    /** Exposed by the Electron preload through contextBridge; absent in a browser. */
    signdock?: Transport;
  }
}

export function electronTransport(): Transport | null {
  const bridge = window.signdock;
  return bridge && typeof bridge.call === 'function' && typeof bridge.subscribe === 'function' ? bridge : null;
}
