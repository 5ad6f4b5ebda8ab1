import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StoreSnapshot } from './store';

/**
 * Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename. Readable
 * by its user only (0600): the state holds signing links and personal data (issue 15).
 */
export function writeFileAtomic(path: string, bytes: Buffer | string): void {
  const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(temporary, bytes, { mode: 0o600 });
  renameSync(temporary, path);
}

/** The sandbox's records in a JSON file, PDFs beside it in `<file>.files/<sha256>.pdf`, so that a
 * demo survives a restart. Saves are coalesced (at most one per `debounceMs`) and atomic. */
export class StateFile {
  private timer: NodeJS.Timeout | null = null;
  private source: (() => StoreSnapshot) | null = null;
  private readonly filesDir: string;

  constructor(
    readonly path: string,
    private readonly debounceMs = 50,
  ) {
    this.filesDir = `${path}.files`;
  }

  load(): { snapshot: StoreSnapshot; files: Map<string, Buffer> } | null {
    if (!existsSync(this.path)) return null;
    const snapshot = JSON.parse(readFileSync(this.path, 'utf8')) as StoreSnapshot;
    if (snapshot.version !== 1) throw new Error(`Unknown sandbox state version in ${this.path}`);
    const files = new Map<string, Buffer>();
    for (const document of snapshot.documents) {
      const file = join(this.filesDir, `${document.fileHash}.pdf`);
      if (!files.has(document.fileHash) && existsSync(file)) files.set(document.fileHash, readFileSync(file));
    }
    return { snapshot, files };
  }

  /** Saves soon; later calls within the debounce window are folded into one write. */
  schedule(source: () => StoreSnapshot, files: () => Map<string, Buffer>): void {
    this.source = () => {
      this.writeFiles(files());
      return source();
    };
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.debounceMs);
  }

  private writeFiles(files: Map<string, Buffer>): void {
    mkdirSync(this.filesDir, { recursive: true, mode: 0o700 });
    for (const [hash, bytes] of files) {
      const file = join(this.filesDir, `${hash}.pdf`);
      if (!existsSync(file)) writeFileAtomic(file, bytes);
    }
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const source = this.source;
    this.source = null;
    if (!source) return;
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    writeFileAtomic(this.path, `${JSON.stringify(source())}\n`);
  }
}
