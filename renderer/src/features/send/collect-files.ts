import type { SkippedInputInfo } from '../../../../shared';

/** A file from a drop or a picker, with where it was inside a dropped or picked folder. */
export interface IncomingFile {
  file: File;
  /** `folder/sub/name.pdf` for files found in a folder; the bare name for files given directly. */
  relativePath: string;
  inFolder: boolean;
}

const MAX_FILES = 5_000;

/** One thing dropped: a file or folder the browser can walk, or a bare File (e.g. made by a page script). */
export type Dropped = { entry: FileSystemEntry } | { file: File };

/**
 * What was dropped. Must be called inside the drop handler: the browser empties the DataTransfer
 * once the event is over.
 */
export function droppedItems(data: DataTransfer): Dropped[] {
  const dropped: Dropped[] = [];
  for (const item of data.items) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry();
    const file = entry ? null : item.getAsFile();
    if (entry) dropped.push({ entry });
    else if (file) dropped.push({ file });
  }
  return dropped;
}

/** Every file under what was dropped (folders walked in name order), at most 5,000. */
export async function walkDropped(dropped: Dropped[]): Promise<IncomingFile[]> {
  const out: IncomingFile[] = [];
  const visit = async (entry: FileSystemEntry, inFolder: boolean): Promise<void> => {
    if (out.length >= MAX_FILES) return;
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
      out.push({ file, relativePath: entry.fullPath.replace(/^\//, '') || file.name, inFolder });
      return;
    }
    if (!entry.isDirectory) return;
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    children.sort((a, b) => collator.compare(a.name, b.name));
    for (const child of children) await visit(child, true);
  };
  for (const item of dropped) {
    if ('file' in item) out.push({ file: item.file, relativePath: item.file.name, inFolder: false });
    else await visit(item.entry, false);
  }
  return out.slice(0, MAX_FILES);
}

/** The top-level files and folders of a drop as they are (the desktop app hands folders to the host). */
export function droppedAsIs(data: DataTransfer): IncomingFile[] {
  return [...data.files].slice(0, MAX_FILES).map((file) => ({ file, relativePath: file.name, inFolder: false }));
}

/** Files chosen with a file input (with `webkitdirectory`, every file of the folder). */
export function pickedFiles(list: FileList): IncomingFile[] {
  return [...list]
    .slice(0, MAX_FILES)
    .map((file) => ({ file, relativePath: file.webkitRelativePath || file.name, inFolder: file.webkitRelativePath !== '' }));
}

/**
 * Which files to upload, and which were left out with why: only PDFs (by name, as the host judges),
 * and nothing hidden inside a folder. The same codes and words as the host's `batch.skipped`.
 */
export function sortIncoming(files: IncomingFile[]): { pdfs: IncomingFile[]; skipped: SkippedInputInfo[] } {
  const pdfs: IncomingFile[] = [];
  const skipped: SkippedInputInfo[] = [];
  for (const incoming of files) {
    const name = incoming.file.name;
    const hidden = incoming.inFolder && incoming.relativePath.split('/').some((part) => part.startsWith('.'));
    if (hidden) {
      skipped.push({
        path: incoming.relativePath,
        reason: 'hidden',
        code: 'input.hidden',
        message: `“${name}” was left out: it is hidden.`,
        params: { file: name },
      });
    } else if (!/\.pdf$/i.test(name)) {
      const extension = /\.[^.]+$/.exec(name)?.[0];
      skipped.push({
        path: incoming.relativePath,
        reason: 'notPdf',
        code: 'input.notPdf',
        message: `“${name}” was left out: only PDF files can be sent${extension ? ` (this is a ${extension} file)` : ''}.`,
        params: extension ? { file: name, extension } : { file: name },
      });
    } else {
      pdfs.push(incoming);
    }
  }
  return { pdfs, skipped };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}
