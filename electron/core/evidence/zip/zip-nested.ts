import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZipRefused, type Refusal } from './zip-refusal';

/**
 * A ZIP inside the package (found by its first bytes, whatever its name: `inner.zip`, a `.docx`, a
 * renamed `.bin`) is inspected by the same rules, down to a depth bound; one nested deeper is refused,
 * never passed unseen. yauzl needs random access (a ZIP's directory is at its end) and a deflated
 * entry cannot be read at an offset, so the entry is copied, while it streams for its hash, into a
 * private temporary file (a fresh 0700 folder, the file 0600, removed at once): memory stays flat for
 * any size, and the copy is no larger than an entry may be (`maxEntryBytes`). Bytes read inside nested
 * ZIPs share one budget (`maxTotalBytes`), so a ZIP of ZIPs cannot multiply the work.
 */

export const defaultNestedDepth = 2;

/** Where an archive sits: 0 for the package, 1 for a ZIP inside it…; names are prefixed with the path to it. */
export interface Nesting {
  depth: number;
  maxDepth: number;
  /** Unpacked bytes left for all nested ZIPs together. */
  budget: { left: number };
}

/** A local header or an (empty) end record at the start: a ZIP. */
export function looksLikeZip(head: Buffer): boolean {
  return head.length >= 4 && (head.readUInt32LE(0) === 0x04034b50 || head.readUInt32LE(0) === 0x06054b50);
}

export function tooDeep(name: string, maxDepth: number): ZipRefused {
  return new ZipRefused({
    reason: 'nestedTooDeep',
    entry: name,
    detail: `The entry "${name}" is a ZIP nested more than ${maxDepth} levels deep: SignDock does not look inside it, so it cannot say the package is safe to open.`,
  });
}

export function overBudget(name: string, bytes: number): ZipRefused {
  return new ZipRefused({
    reason: 'tooLarge',
    entry: name,
    detail: `The ZIPs inside the package would unpack to more than ${bytes} bytes together (reached at "${name}").`,
  });
}

/** A refusal from inside the nested ZIP `name`, named from the outside (`name!/entry`). */
export function fromInside(name: string, refusal: Refusal): ZipRefused {
  const deeper = /^Inside "([^"]*)", a ZIP in the package: ([\s\S]*)$/.exec(refusal.detail);
  const path = deeper ? `${name}!/${deeper[1]}` : name;
  return new ZipRefused({
    reason: refusal.reason,
    entry: `${name}!/${refusal.entry ?? ''}`,
    detail: `Inside "${path}", a ZIP in the package: ${deeper ? deeper[2] : refusal.detail}`,
  });
}

/** The nested ZIP's private copy, written chunk by chunk while the entry streams. */
export class TempCopy {
  private constructor(
    private readonly folder: string,
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  static async create(): Promise<TempCopy> {
    const folder = await mkdtemp(join(tmpdir(), 'signdock-nested-'));
    const path = join(folder, 'nested.zip');
    try {
      return new TempCopy(folder, path, await open(path, 'wx', 0o600));
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
  }

  async write(chunk: Buffer): Promise<void> {
    let done = 0;
    while (done < chunk.length) done += (await this.handle.write(chunk, done, chunk.length - done)).bytesWritten;
  }

  /** Closes the copy; `use` reads it; the folder is removed whatever happens. */
  async finish<T>(use: (path: string) => Promise<T>): Promise<T> {
    try {
      await this.handle.close();
      return await use(this.path);
    } finally {
      await this.remove();
    }
  }

  async remove(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await rm(this.folder, { recursive: true, force: true });
  }
}
