import type { Transport } from '../../../shared';
import { alwaysOpen, type ConnectionMonitor } from './connection';
import { electronTransport } from './electron-transport';
import { desktopFileSource, uploadFileSource, type FileSource } from './file-source';
import { hostSession } from './host-session';
import { takeSessionToken } from './session-token';
import { webTransport } from './web-transport';

export interface Bridge {
  kind: 'electron' | 'web';
  transport: Transport;
  monitor: ConnectionMonitor;
  /** How dropped and picked files reach the host. */
  files: FileSource;
}

/** Electron when the preload exposed `window.signdock`; else the web host, which needs a session token. */
export function connectBridge(): Bridge | { kind: 'noToken' } {
  const desktop = electronTransport();
  if (desktop) return { kind: 'electron', transport: desktop, monitor: alwaysOpen, files: desktopFileSource(desktop) };
  const token = takeSessionToken();
  if (token === null) return { kind: 'noToken' };
  const session = hostSession(token);
  return { kind: 'web', ...webTransport(session), files: uploadFileSource(session) };
}
