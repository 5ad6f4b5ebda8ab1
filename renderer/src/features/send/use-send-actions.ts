import { AppError, type Batch, type BatchSummary, type ItemPatch, type SkippedInputInfo } from '../../../../shared';
import { useTranslation } from 'react-i18next';
import type { FileSource } from '../../bridge/file-source';
import { useClient } from '../../lib/client-context';
import { useFileSource } from '../../lib/file-source-context';
import { sortIncoming, type IncomingFile } from './collect-files';
import { refreshContacts } from './address-book';
import { downloadText, fileToBase64 } from './download';
import { rememberFile } from './local-files';
import { useSendStore, type SendAction } from './send-store';
import { undoableActions } from './undo-actions';

const UPLOADS_IN_FLIGHT = 3;
const MAX_MANIFEST_BYTES = 5 * 1024 * 1024;
const PATHS_PER_CALL = 5_000;

/** Said when files are dropped on a batch that is already being sent. */
export class BatchBusyError extends Error {
  constructor() {
    super('The batch is being sent.');
  }
}

/** Everything the Send page asks of the host. Failures land in the store's `actionError`. */
export function useSendActions() {
  const client = useClient();
  const files = useFileSource();
  const { i18n } = useTranslation();
  const store = useSendStore.getState;

  const run = async <T>(action: SendAction, work: () => Promise<T>): Promise<T | undefined> => {
    store().setBusy(action, true);
    store().setActionError(null);
    try {
      return await work();
    } catch (error) {
      store().setActionError(error);
      return undefined;
    } finally {
      store().setBusy(action, false);
    }
  };

  /** The batch files go into: the one shown while it is a draft, else a new one (after a finished batch). */
  const draftBatch = async (): Promise<Batch> => {
    const shown = store().batch;
    if (shown && shown.state === 'draft') return shown;
    if (shown && shown.state !== 'done' && shown.state !== 'cancelled') throw new BatchBusyError();
    const created = await client.call('batches.create', {});
    store().show(created);
    return created;
  };

  const summary = (action: SendAction, call: (batchId: string) => Promise<BatchSummary>) =>
    run(action, async () => {
      const batch = store().batch;
      if (!batch) return;
      store().changed({ batch: await call(batch.id), items: [] });
    });

  return {
    /** Files and folders dropped or picked: uploaded or given by path, then added as rows. */
    addFiles: (incoming: IncomingFile[]) =>
      run('add', async () => {
        const batch = await draftBatch();
        const { paths, skipped } = await hostPaths(files, incoming, (done, total) => store().setAdding({ done, total }));
        store().setAdding(null);
        let answer: Batch | null = null;
        for (let i = 0; i < paths.length; i += PATHS_PER_CALL) {
          answer = await client.call('batches.addFiles', { batchId: batch.id, paths: paths.slice(i, i + PATHS_PER_CALL) });
          store().show(answer);
        }
        store().setSkipped([...skipped, ...(answer?.skipped ?? [])]);
      }).finally(() => store().setAdding(null)),

    update: (itemIds: string[], patch: ItemPatch) =>
      run('update', async () => {
        const batch = store().batch;
        if (!batch || itemIds.length === 0) return false;
        store().show(await client.call('batches.updateItems', { batchId: batch.id, itemIds, patch }));
        // The host remembered the names given: suggestions follow.
        if (patch.signers?.some((signer) => signer.name)) void refreshContacts(client, store().accountId);
        return true;
      }),

    ...undoableActions(client, run),

    importManifest: (file: File) =>
      run('manifest', async () => {
        const batch = await draftBatch();
        if (file.size > MAX_MANIFEST_BYTES) {
          throw new AppError({
            kind: 'InvalidInput',
            code: 'manifest.tooLarge',
            params: { file: file.name },
            message: `“${file.name}” is too large for a manifest (more than 5 MB).`,
          });
        }
        const contentBase64 = await fileToBase64(file);
        store().show(await client.call('batches.importManifest', { batchId: batch.id, fileName: file.name, contentBase64 }));
      }),

    saveTemplate: () =>
      run('template', async () => {
        const batch = store().batch;
        // The template's column names follow the UI's language; both languages' names are read back.
        const language = i18n.language.startsWith('es') ? 'es' : 'en';
        const template = await client.call(
          'batches.manifestTemplate',
          batch && batch.items.length > 0 ? { batchId: batch.id, language } : { language },
        );
        downloadText(template.fileName, template.text);
      }),

    send: () =>
      run('send', async () => {
        const batch = store().batch;
        if (!batch) return;
        await client.call('batches.send', { batchId: batch.id });
        // Read again rather than show the answer: a small batch may have ended, and its last event
        // arrived, before the answer did (the answer would put it back to "sending" for good).
        store().show(await client.call('batches.get', { batchId: batch.id }));
        store().setSelected([]);
        useSendStore.setState({ undo: [], toast: null });
      }),

    pause: () => summary('pause', (batchId) => client.call('batches.pause', { batchId })),
    resume: () => summary('resume', (batchId) => client.call('batches.resume', { batchId })),
    cancel: () => summary('cancel', (batchId) => client.call('batches.cancel', { batchId })),
    retryFailed: () => summary('retry', (batchId) => client.call('batches.retryFailed', { batchId })),

    exportResults: () =>
      run('export', async () => {
        const batch = store().batch;
        if (!batch) return;
        const results = await client.call('batches.exportResults', { batchId: batch.id });
        downloadText(results.fileName, results.text);
      }),

    newBatch: () =>
      run('create', async () => {
        store().show(await client.call('batches.create', {}));
      }),

    dismissError: () => store().setActionError(null),
  };
}

export type SendActions = ReturnType<typeof useSendActions>;

/**
 * Host paths for what was dropped or picked. Desktop: every file or folder as it is (the host walks
 * folders and says what it left out). Browser: PDFs uploaded a few at a time, the rest left out here.
 */
async function hostPaths(
  files: FileSource,
  incoming: IncomingFile[],
  progress: (done: number, total: number) => void,
): Promise<{ paths: string[]; skipped: SkippedInputInfo[] }> {
  const { pdfs, skipped } = files.kind === 'paths' ? { pdfs: incoming, skipped: [] as SkippedInputInfo[] } : sortIncoming(incoming);
  const paths: (string | null)[] = new Array<string | null>(pdfs.length).fill(null);
  let next = 0;
  let done = 0;
  if (files.kind === 'upload' && pdfs.length > 0) progress(0, pdfs.length);
  const worker = async () => {
    while (next < pdfs.length) {
      const index = next++;
      const { file, relativePath } = pdfs[index]!;
      try {
        const path = await files.hostPath(file);
        rememberFile(path, file);
        paths[index] = path;
      } catch (error) {
        skipped.push(notAdded(relativePath, file.name, error));
      }
      done += 1;
      if (files.kind === 'upload') progress(done, pdfs.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOADS_IN_FLIGHT, pdfs.length) }, worker));
  return { paths: paths.filter((path): path is string => path !== null), skipped };
}

function notAdded(path: string, name: string, error: unknown): SkippedInputInfo {
  const shape = error instanceof AppError ? error : null;
  const params: Record<string, string> = { file: name };
  for (const [key, value] of Object.entries(shape?.params ?? {})) params[key] = String(value);
  return {
    path,
    reason: 'unreadable',
    code: shape?.code ?? 'input.unreadable',
    message: shape?.message ?? `“${name}” could not be opened: ${String(error)}.`,
    params,
  };
}
