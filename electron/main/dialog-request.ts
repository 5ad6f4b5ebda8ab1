import { basename } from 'node:path';

/**
 * The system's folder and save dialogs, asked for by the page (the preload's `chooseFolder` and
 * `chooseSaveFile`). The page gets back only the path the user picked (null when cancelled); what it
 * names stays a suggestion: a title for the folder dialog, a file name (no folder) for the save dialog.
 */
export type DialogRequest = { kind: 'folder'; title: string } | { kind: 'save'; suggestedName: string };

/** The request as the page may make it, or null (malformed requests are dropped). */
export function parseDialogRequest(value: unknown): DialogRequest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, title, suggestedName } = value as Record<string, unknown>;
  if (kind === 'folder' && typeof title === 'string' && title.length <= 200) return { kind, title };
  if (kind === 'save' && typeof suggestedName === 'string' && suggestedName.length > 0 && suggestedName.length <= 200) {
    // A name only: whatever folder the page put in it is dropped, and the dialog opens in Documents.
    const name = basename(suggestedName.replace(/\\/g, '/')).replace(/[\0<>:"|?*]/g, '_');
    return name === '' || name === '.' || name === '..' ? null : { kind, suggestedName: name };
  }
  return null;
}
