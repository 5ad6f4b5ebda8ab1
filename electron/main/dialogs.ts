import { app, dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { DialogRequest } from './dialog-request';

/** The system's folder and save dialogs, for the request the page made (dialog-request.ts). */
export async function showDialog(window: BrowserWindow, request: DialogRequest): Promise<string | null> {
  if (request.kind === 'folder') {
    const picked = await dialog.showOpenDialog(window, { title: request.title, properties: ['openDirectory', 'dontAddToRecent'] });
    return picked.canceled ? null : (picked.filePaths[0] ?? null);
  }
  const saved = await dialog.showSaveDialog(window, {
    defaultPath: join(app.getPath('documents'), request.suggestedName),
    properties: ['showOverwriteConfirmation', 'createDirectory'],
  });
  return saved.canceled ? null : (saved.filePath ?? null);
}
