import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, type Result } from '../../shared/contract/errors';
import { maxPdfBytes, maxUploadBytes } from '../../shared/domain/pdf-limits';
import { fileProblems } from '../core/batches/pdf-problems';
import type { UploadQuota } from './upload-quota';

const MAX_NAME_LENGTH = 200;

export interface UploadOutcome {
  status: number;
  result: Result<{ path: string }>;
}

/**
 * Streams one uploaded file to `<folder>/<random>/<name>` (its own folder, so two files of the same
 * name never meet and the name the user knows is kept for titles and manifests). Larger than
 * maxUploadBytes: refused, and nothing is left behind. No room left under the quota: 507. No byte
 * for `idleMs`: 408 (the caller closes the connection).
 */
export async function receiveUpload(req: IncomingMessage, quota: UploadQuota, rawName: string, idleMs = 15_000): Promise<UploadOutcome> {
  const folder = quota.folder;
  const name = safeFileName(rawName);
  if (name === null) {
    req.resume();
    return failure(400, new AppError({ kind: 'InvalidInput', message: 'The upload must name its file (?name=…).' }));
  }
  const tooLarge = () => {
    const problem = fileProblems.tooLarge(name, maxPdfBytes);
    return failure(
      413,
      new AppError({ kind: 'InvalidInput', ...problem, message: problem.message.replace(/\.$/, ', so it was not added.') }),
    );
  };
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxUploadBytes) {
    req.resume();
    return tooLarge();
  }

  const dir = join(folder, randomUUID());
  const path = join(dir, name);
  const hold = await quota.hold(Number.isFinite(declared) ? declared : maxUploadBytes, dir);
  if (hold === null) {
    req.resume();
    const room = sizeText(quota.limitBytes);
    return failure(
      507,
      new AppError({
        kind: 'Unavailable',
        params: { file: name, limit: room },
        message: `“${name}” was not added: files waiting to be sent already fill the ${room} SignDock keeps for uploads. Send or remove rows of the current batch, then add it again.`,
      }),
    );
  }
  let received = 0;
  let overflow = false;
  let idle = false;
  let timer: NodeJS.Timeout | undefined;
  const waitForMore = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      idle = true;
      limit.destroy(new Error('The upload stopped arriving.'));
    }, idleMs);
  };
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      waitForMore();
      received += chunk.length;
      if (received > maxUploadBytes) {
        overflow = true;
        done(new Error('too large'));
        return;
      }
      done(null, chunk);
    },
  });
  try {
    await mkdir(dir, { recursive: true });
    if (req.destroyed) throw new Error('The upload was interrupted.');
    // The request is piped by hand, not through pipeline(): on overflow it must stay open to be answered.
    req.on('error', (error) => limit.destroy(error));
    req.on('close', () => {
      if (!req.complete) limit.destroy(new Error('The upload was interrupted.'));
    });
    req.pipe(limit);
    waitForMore();
    await pipeline(limit, createWriteStream(path, { flags: 'wx' }));
    clearTimeout(timer);
    hold.release(received);
    return { status: 200, result: { ok: true, value: { path } } };
  } catch (error) {
    clearTimeout(timer);
    req.unpipe(limit);
    if (!idle) req.resume();
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    hold.release(0);
    if (overflow) return tooLarge();
    if (idle)
      return failure(
        408,
        new AppError({
          kind: 'InvalidInput',
          params: { file: name },
          message: `“${name}” stopped arriving, so SignDock stopped waiting for it. Add it again.`,
        }),
      );
    return failure(
      500,
      new AppError({
        kind: 'Internal',
        code: 'file.writeFailed',
        params: { folder },
        message: `SignDock could not keep “${name}” in ${folder}: ${error instanceof Error ? error.message : String(error)}.`,
      }),
    );
  }
}

/** What a file name may not carry: control characters and those Windows reserves. (A line of its own, so no
 * formatting parts it from its lint exception.) */
// eslint-disable-next-line no-control-regex
const unsafeNameCharacters = /[\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * The last part of a name as the browser gave it, made safe to create: no folders, no control or
 * reserved characters, no Windows device names, not empty, at most 200 characters (extension kept).
 */
export function safeFileName(raw: string): string | null {
  const last = raw.split(/[\\/]/).pop() ?? '';
  let name = last
    .replace(unsafeNameCharacters, '_')
    .replace(/[. ]+$/, '')
    .trim();
  if (name === '' || name === '.' || name === '..') return null;
  if (/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name)) name = `_${name}`;
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  }
  return name;
}

/** 2 GB, 512 MB, 100 KB. */
function sizeText(bytes: number): string {
  for (const [unit, size] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= size) return `${Math.round((bytes / size) * 10) / 10} ${unit}`;
  }
  return `${bytes} bytes`;
}

function failure(status: number, error: AppError): UploadOutcome {
  return { status, result: { ok: false, error: error.toShape() } };
}
