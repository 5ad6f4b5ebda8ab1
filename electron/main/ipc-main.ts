import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent, type WebFrameMain } from 'electron';
import type { Core } from '../core/host';
import { parseDialogRequest } from './dialog-request';
import { showDialog } from './dialogs';

export const CALL_CHANNEL = 'signdock:call';
export const EVENT_CHANNEL = 'signdock:event';
export const DIALOG_CHANNEL = 'signdock:dialog';

/**
 * The only place `ipcMain` is used: one invoke channel for contract calls (checked against the
 * contract by the dispatcher), one for the system's folder and save dialogs (dialogs.ts: the page gets
 * the path its user picked, which it then hands to a contract call), and one push channel for events.
 * Calls from any frame other than the app's own top-level page are refused.
 */
export function wireIpc(core: Core, window: BrowserWindow, isTrustedUrl: (url: string) => boolean): () => void {
  const trusted = (event: IpcMainInvokeEvent): boolean => {
    const frame: WebFrameMain | null = event.senderFrame;
    return event.sender === window.webContents && frame !== null && frame.parent === null && isTrustedUrl(frame.url);
  };

  ipcMain.handle(CALL_CHANNEL, async (event, name: unknown, input: unknown) => {
    if (!trusted(event)) {
      core.logger.log('warn', 'refused an IPC call from an untrusted sender', { url: event.senderFrame?.url ?? 'unknown' });
      return { ok: false, error: { kind: 'Unauthorized', message: 'This window may not call SignDock.' } };
    }
    return core.dispatch(name, input);
  });

  ipcMain.handle(DIALOG_CHANNEL, async (event, request: unknown) => {
    const parsed = parseDialogRequest(request);
    if (!trusted(event) || parsed === null) {
      core.logger.log('warn', 'refused a dialog request', { url: event.senderFrame?.url ?? 'unknown' });
      return null;
    }
    return showDialog(window, parsed);
  });

  const unsubscribe = core.events.subscribe((message) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, message);
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(CALL_CHANNEL);
    ipcMain.removeHandler(DIALOG_CHANNEL);
  };
}
