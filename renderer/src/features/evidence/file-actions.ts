import type { ContractClient } from '../../../../shared';
import type { EvidenceFileKind } from '../../../../shared/domain/evidence';

/** The bytes of a base64 answer. */
export function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Hands bytes to the browser as a download under `fileName` (the user picks where, in their browser). */
export function saveBytes(bytes: Uint8Array | string, fileName: string, mimeType: string): void {
  const blob = new Blob([typeof bytes === 'string' ? bytes : bytes.slice().buffer], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Saves one file of an archived bag as a download. */
export async function saveBagFile(client: ContractClient, bagPath: string, kind: EvidenceFileKind): Promise<void> {
  const file = await client.call('evidence.file', { bagPath, kind });
  saveBytes(bytesOf(file.dataBase64), file.fileName, file.mimeType);
}
