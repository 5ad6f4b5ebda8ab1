import type { Transport } from '../../../shared';
import { alwaysOpen, type ConnectionMonitor } from './connection';
import { electronTransport } from './electron-transport';
import { takeSessionToken } from './session-token';
import { webTransport } from './web-transport';

export interface Bridge {
  kind: 'electron' | 'web';
  transport: Transport;
  monitor: ConnectionMonitor;
}

/** Electron when the preload exposed `window.signdock`; else the web host, which needs a session token. */
export function connectBridge(): Bridge | { kind: 'noToken' } {
  const desktop = electronTransport();
  if (desktop) return { kind: 'electron', transport: desktop, monitor: alwaysOpen };
  const token = takeSessionToken();
  if (token === null) return { kind: 'noToken' };
  return { kind: 'web', ...webTransport(token) };
}
