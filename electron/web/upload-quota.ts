import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** How long a measure of the uploads folder is trusted before the next upload measures again. */
const MEASURE_TTL_MS = 10_000;

/**
 * Room left in the uploads folder. What is on disk is measured (files sent are deleted by the batches,
 * behind this counter's back), at most every ten seconds and always before refusing; uploads in
 * progress hold what they may still write, so two at once cannot both take the last room.
 */
export class UploadQuota {
  private onDisk: number | null = null;
  private measuredAt = 0;
  private held = 0;
  /** Folders of uploads being written: measured through `held`, not on disk. */
  private readonly writing = new Set<string>();

  constructor(
    readonly folder: string,
    readonly limitBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Holds `bytes` for an upload written into `dir`; null when they do not fit. `release` with the bytes
   * kept on disk (0 when the upload failed and was removed).
   */
  async hold(bytes: number, dir: string): Promise<{ release(written: number): void } | null> {
    if (this.onDisk === null || this.now() - this.measuredAt > MEASURE_TTL_MS || !this.fits(bytes)) await this.measure();
    if (!this.fits(bytes)) return null;
    this.held += bytes;
    this.writing.add(dir);
    let released = false;
    return {
      release: (written: number) => {
        if (released) return;
        released = true;
        this.held -= bytes;
        this.writing.delete(dir);
        this.onDisk = (this.onDisk ?? 0) + written;
      },
    };
  }

  /** Bytes on disk and held, as last measured. */
  get usedBytes(): number {
    return (this.onDisk ?? 0) + this.held;
  }

  private fits(bytes: number): boolean {
    return (this.onDisk ?? 0) + this.held + bytes <= this.limitBytes;
  }

  private async measure(): Promise<void> {
    const started = this.now();
    this.onDisk = await folderSize(this.folder, this.writing);
    this.measuredAt = started;
  }
}

/** Bytes of the regular files below `folder` (links not followed, `skip` folders left out); 0 when it does not exist. */
async function folderSize(folder: string, skip: ReadonlySet<string>): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (skip.has(path)) continue;
    if (entry.isDirectory()) total += await folderSize(path, skip);
    else if (entry.isFile())
      total += await lstat(path).then(
        (info) => info.size,
        () => 0,
      );
  }
  return total;
}
