import { AppError, resultSchema } from '../../../shared';
import type { DesktopBridge } from './electron-transport';

/**
 * Turns files the user dropped or picked into paths the host can read. In the desktop app the file
 * is already on this computer (its own path; a dropped folder stays a folder and the host walks it).
 * In a browser the page cannot know paths, so each file's bytes are uploaded to the web host first.
 */
export interface FileSource {
  /** `paths`: files and folders are given as they are. `upload`: every file is sent to the host first. */
  kind: 'paths' | 'upload';
  /** Where the host can read the file; throws an AppError in plain words when it cannot. */
  hostPath(file: File, signal?: AbortSignal): Promise<string>;
}

/** Largest upload the web host takes: the service's 50 MB and a little, so the check can say "too large". */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024 + 1024;

export function desktopFileSource(bridge: DesktopBridge): FileSource {
  return {
    kind: 'paths',
    hostPath(file) {
      const path = bridge.pathForFile?.(file) ?? '';
      if (path === '') return Promise.reject(unreadable(file.name, 'the desktop app did not say where it is'));
      return Promise.resolve(path);
    },
  };
}

export function uploadFileSource(token: string): FileSource {
  return {
    kind: 'upload',
    async hostPath(file, signal) {
      if (file.size > MAX_UPLOAD_BYTES) {
        throw new AppError({
          kind: 'InvalidInput',
          code: 'file.tooLarge',
          params: { file: file.name, maxMb: 50 },
          message: `“${file.name}” is larger than 50 MB, the most the service accepts, so it was not added.`,
        });
      }
      let response: Response;
      try {
        response = await fetch(`/api/upload?name=${encodeURIComponent(file.name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream', 'x-signdock-token': token },
          body: file,
          cache: 'no-store',
          credentials: 'omit',
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new AppError({ kind: 'Network', code: 'hostUnreachable', message: `SignDock's local service did not take “${file.name}” (${String(error)}).` });
      }
      const parsed = resultSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new AppError({ kind: 'Internal', code: 'badResponse', message: `SignDock's local service answered the upload of “${file.name}” in an unexpected way (HTTP ${response.status}).` });
      }
      if (!parsed.data.ok) throw new AppError(parsed.data.error);
      const path = (parsed.data.value as { path?: unknown } | null)?.path;
      if (typeof path !== 'string' || path === '') throw unreadable(file.name, 'the local service gave no path');
      return path;
    },
  };
}

function unreadable(file: string, why: string): AppError {
  return new AppError({ kind: 'InvalidInput', code: 'file.unreadable', params: { file, why }, message: `“${file}” could not be read: ${why}.` });
}
