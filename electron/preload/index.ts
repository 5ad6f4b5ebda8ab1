// The preload bridge: exposes the contract's call/subscribe as `window.signdock`, and where a dropped
// or picked file lives on disk (so the host reads it there), and the system's folder and save dialogs
// (the path the user picked, or null), nothing else.
// Sandboxed, so it may import only `electron`; channel names are repeated here on purpose.
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';

const CALL_CHANNEL = 'signdock:call';
const EVENT_CHANNEL = 'signdock:event';
const DIALOG_CHANNEL = 'signdock:dialog';

interface EventMessage {
  event: string;
  payload: unknown;
}

contextBridge.exposeInMainWorld('signdock', {
  call: (name: string, input: unknown): Promise<unknown> => ipcRenderer.invoke(CALL_CHANNEL, String(name), input),
  subscribe: (name: string, listener: (payload: unknown) => void): (() => void) => {
    const handler = (_event: IpcRendererEvent, message: EventMessage) => {
      if (message && message.event === name) listener(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
  /** The path of a File from a drop or a file input ('' for a file made in the page). */
  pathForFile: (file: Parameters<typeof webUtils.getPathForFile>[0]): string => webUtils.getPathForFile(file),
  /** A folder picked in the system's dialog (null: cancelled). */
  chooseFolder: (title: string): Promise<string | null> => ipcRenderer.invoke(DIALOG_CHANNEL, { kind: 'folder', title: String(title) }),
  /** Where to save a file, from the system's save dialog (null: cancelled). */
  chooseSaveFile: (suggestedName: string): Promise<string | null> =>
    ipcRenderer.invoke(DIALOG_CHANNEL, { kind: 'save', suggestedName: String(suggestedName) }),
});
