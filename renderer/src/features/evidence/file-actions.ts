import type { ContractClient } from '../../../../shared';
import type { EvidenceFileKind } from '../../../../shared/domain/evidence';
import { downloadBlob } from '../../lib/download-text';
import type { FileSource } from '../../lib/file-source-context';

/** The bytes of a base64 answer. */
export function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Hands bytes to the browser as a download under `fileName` (the user picks where, in their browser). */
export function saveBytes(bytes: Uint8Array | string, fileName: string, mimeType: string): void {
  downloadBlob(fileName, new Blob([typeof bytes === 'string' ? bytes : bytes.slice().buffer], { type: mimeType }));
}

/** Saves one file of an archived bag as a download. */
export async function saveBagFile(client: ContractClient, bagPath: string, kind: EvidenceFileKind): Promise<void> {
  const file = await client.call('evidence.file', { bagPath, kind });
  saveBytes(bytesOf(file.dataBase64), file.fileName, file.mimeType);
}

/**
 * Where a report or an export goes: the desktop asks (the system's save dialog; null when the user
 * cancels), a browser lets the host write it in its exports folder and then downloads it.
 */
export async function saveTarget(files: FileSource, suggestedName: string): Promise<{ outFile?: string } | null> {
  if (!files.chooseSaveFile) return {};
  const picked = await files.chooseSaveFile(suggestedName);
  return picked === null ? null : { outFile: picked };
}

/** In a browser: the files the host saved, downloaded (in the desktop app they are already where the user chose). */
export async function downloadSaved(files: FileSource, hostPaths: string[]): Promise<void> {
  if (!files.fetchSaved) return;
  for (const path of hostPaths) {
    const { fileName, blob } = await files.fetchSaved(path);
    downloadBlob(fileName, blob);
  }
}

/** `evidence-report-2026-11-27.pdf`: a file name with today's date. */
export const datedName = (stem: string, extension: string) => `${stem}-${new Date().toISOString().slice(0, 10)}.${extension}`;
