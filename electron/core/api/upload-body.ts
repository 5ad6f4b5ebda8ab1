import { open, stat } from 'node:fs/promises';
import { AppError } from '../../../shared/contract/errors';
import type { NewDocument } from '../../../shared/domain/documents';
import { maxPdfBytes } from '../../../shared/domain/pdf-limits';
import type { OutgoingBody } from './outgoing-body';
import type { WireNewSignature } from './wire-types';

/**
 * Bytes read from disk per step: a multiple of 3, so that each chunk's base64 has no padding. Its
 * base64 (64 KiB) stays under V8's largest ordinary heap object (128 KiB): a larger string goes to the
 * large-object space, which only a full collection empties, and sending 20 files of 50 MB grew the
 * process by some 60 MB of such garbage between collections (issue 33).
 */
export const uploadChunkBytes = 3 * 16 * 1024;

export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

/**
 * The create request's JSON, produced while it is sent: `{"title":…,"signatures":…,"file_content":"`,
 * then the PDF in base64 read from disk in chunks, then `"}`. Memory stays flat whatever the file's
 * size, and the exact length is known before the first byte.
 */
export async function createDocumentBody(input: NewDocument, maxBytes = maxPdfBytes): Promise<OutgoingBody> {
  const size = await pdfSize(input.filePath, maxBytes);
  const signatures: WireNewSignature[] = input.signatures.map((signer) => ({
    validations: { ...signer.validations },
    ...(signer.inviteChannel ? { invite_channel: [...signer.inviteChannel] } : {}),
  }));
  const head = Buffer.from(`{"title":${JSON.stringify(input.title)},"signatures":${JSON.stringify(signatures)},"file_content":"`, 'utf8');
  const tail = Buffer.from('"}', 'utf8');
  const path = input.filePath;
  return {
    length: head.byteLength + base64Length(size) + tail.byteLength,
    chunks: async function* () {
      yield head;
      yield* base64Chunks(path, size);
      yield tail;
    },
  };
}

async function* base64Chunks(path: string, size: number): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r').catch((error: unknown) => {
    throw fileError(path, error);
  });
  try {
    const buffer = Buffer.allocUnsafe(uploadChunkBytes);
    let carry = Buffer.alloc(0);
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.byteLength, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > size) throw changedWhileSending(path);
      const data = carry.byteLength > 0 ? Buffer.concat([carry, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      const usable = data.byteLength - (data.byteLength % 3);
      if (usable > 0) yield Buffer.from(data.subarray(0, usable).toString('base64'), 'latin1');
      carry = Buffer.from(data.subarray(usable));
    }
    if (total !== size) throw changedWhileSending(path);
    if (carry.byteLength > 0) yield Buffer.from(carry.toString('base64'), 'latin1');
  } finally {
    await handle.close();
  }
}

async function pdfSize(path: string, maxBytes: number): Promise<number> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    size = info.size;
  } catch (error) {
    throw fileError(path, error);
  }
  if (size === 0) {
    throw new AppError({
      kind: 'InvalidInput',
      code: 'file.empty',
      params: { file: fileName(path) },
      fields: { filePath: ['The file is empty.'] },
      message: `The file ${fileName(path)} is empty, so it cannot be sent for signature.`,
    });
  }
  if (size > maxBytes) {
    const mb = Math.round(maxBytes / (1024 * 1024));
    throw new AppError({
      kind: 'InvalidInput',
      code: 'file.tooLarge',
      params: { file: fileName(path), maxMb: mb },
      fields: { filePath: [`The PDF is larger than ${mb} MB.`] },
      message: `The file ${fileName(path)} is larger than ${mb} MB, the most the service accepts.`,
    });
  }
  return size;
}

function fileError(path: string, error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT'
      ? 'it does not exist (any more)'
      : code === 'EACCES' || code === 'EPERM'
        ? 'SignDock is not allowed to read it'
        : code === 'EISDIR'
          ? 'it is a folder, not a file'
          : 'it could not be read';
  return new AppError({
    kind: 'InvalidInput',
    code: 'file.unreadable',
    params: { file: fileName(path) },
    fields: { filePath: [`The file could not be read: ${why}.`] },
    message: `The file ${fileName(path)} could not be sent: ${why}.`,
  });
}

function changedWhileSending(path: string): AppError {
  return new AppError({
    kind: 'InvalidInput',
    code: 'file.changed',
    params: { file: fileName(path) },
    fields: { filePath: ['The file changed while it was being sent.'] },
    message: `The file ${fileName(path)} changed while it was being sent, so it was not sent. Try again once it is saved.`,
  });
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
