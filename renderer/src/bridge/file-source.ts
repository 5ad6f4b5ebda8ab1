import { AppError } from '../../../shared';
import { maxPdfMegabytes, maxUploadBytes } from '../../../shared/domain/pdf-limits';
import type { DesktopBridge } from './electron-transport';
import type { HostSession } from './host-session';
import { postToHost, sendProven } from './http-call';

/**
 * Turns files the user dropped or picked into paths the host can read. In the desktop app the file
 * is already on this computer (its own path; a dropped folder stays a folder and the host walks it).
 * In a browser the page cannot know paths, so each file's bytes are uploaded to the web host first.
 */
export interface FileSource {
  /** `paths`: files and folders are given as they are. `upload`: every file is sent to the host first. */
  kind: 'paths' | 'upload';
  /** Where the host can read the file; throws an AppError in plain words when it cannot. */
  hostPath(file: File): Promise<string>;
  /** Desktop: a folder of this computer picked in the system's dialog (null: cancelled). Absent in a browser, which cannot name folders. */
  chooseFolder?(title: string): Promise<string | null>;
  /** Desktop: where the host should save a file, from the system's save dialog (null: cancelled). Absent in a browser. */
  chooseSaveFile?(suggestedName: string): Promise<string | null>;
  /** Browser: a report or export the host saved in its exports folder, fetched for a download (`POST /api/download`). */
  fetchSaved?(hostPath: string): Promise<{ fileName: string; blob: Blob }>;
  /**
   * Browser: the SSH tunnel's private key or known_hosts file, uploaded (at most 64 KB: `POST
   * /api/tunnel-file`) since a browser never names a file of the host; answers where the host keeps it.
   */
  uploadTunnelFile?(file: File, kind: 'sshKey' | 'knownHosts'): Promise<string>;
}

export function desktopFileSource(bridge: DesktopBridge): FileSource {
  return {
    kind: 'paths',
    hostPath(file) {
      const path = bridge.pathForFile?.(file) ?? '';
      if (path === '') return Promise.reject(unreadable(file.name, 'the desktop app did not say where it is'));
      return Promise.resolve(path);
    },
    ...(bridge.chooseFolder ? { chooseFolder: (title: string) => bridge.chooseFolder!(title) } : {}),
    ...(bridge.chooseSaveFile ? { chooseSaveFile: (name: string) => bridge.chooseSaveFile!(name) } : {}),
  };
}

export function uploadFileSource(session: HostSession): FileSource {
  return {
    kind: 'upload',
    async hostPath(file) {
      if (file.size > maxUploadBytes) {
        throw new AppError({
          kind: 'InvalidInput',
          code: 'file.tooLarge',
          params: { file: file.name, maxMb: maxPdfMegabytes },
          message: `“${file.name}” is larger than ${maxPdfMegabytes} MB, the most the service accepts, so it was not added.`,
        });
      }
      return uploadTo(session, `/api/upload?name=${encodeURIComponent(file.name)}`, file);
    },
    uploadTunnelFile: (file, kind) => uploadTo(session, `/api/tunnel-file?for=${kind}`, file),
    async fetchSaved(hostPath) {
      const fileName = hostPath.slice(Math.max(hostPath.lastIndexOf('/'), hostPath.lastIndexOf('\\')) + 1);
      const sent = await sendProven(session, {
        path: '/api/download',
        contentType: 'application/json',
        body: JSON.stringify({ path: hostPath }),
        unreachable: (error) => `SignDock's local service did not hand over “${fileName}” (${String(error)}).`,
        unexpected: (status) => `“${fileName}” could not be downloaded (HTTP ${status}).`,
      });
      if (!sent.ok) throw new AppError(sent.error);
      const response = sent.value;
      if (!response.ok) {
        const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new AppError({
          kind: response.status === 404 ? 'NotFound' : 'Internal',
          code: 'download.failed',
          params: { file: fileName },
          message: answer?.error?.message ?? `“${fileName}” could not be downloaded (HTTP ${response.status}).`,
        });
      }
      return { fileName, blob: await response.blob() };
    },
  };
}

/** Uploads a file's bytes to the web host; answers where the host keeps it. */
async function uploadTo(session: HostSession, path: string, file: File): Promise<string> {
  const result = await postToHost(session, {
    path,
    contentType: 'application/octet-stream',
    body: file,
    unreachable: (error) => `SignDock's local service did not take “${file.name}” (${String(error)}).`,
    unexpected: (status) => `SignDock's local service answered the upload of “${file.name}” in an unexpected way (HTTP ${status}).`,
  });
  if (!result.ok) throw new AppError(result.error);
  const kept = (result.value as { path?: unknown } | null)?.path;
  if (typeof kept !== 'string' || kept === '') throw unreadable(file.name, 'the local service gave no path');
  return kept;
}

function unreadable(file: string, why: string): AppError {
  return new AppError({
    kind: 'InvalidInput',
    code: 'file.unreadable',
    params: { file, why },
    message: `“${file}” could not be read: ${why}.`,
  });
}
