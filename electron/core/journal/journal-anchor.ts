import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { SecretStore } from '../secrets/secret-store';
import { asCheckpoint, type JournalCheckpoint } from './checkpoint';
import type { JournalKey } from './journal-key';

/**
 * The last sealed checkpoint of one data folder kept in the OS keychain beside the journal key (service
 * SignDock, entry `journal-anchor-<folder id>`, the id a SHA-256 of the folder's real path): a copy that
 * putting the data folder back from a backup does not roll back, and that someone without the keychain
 * cannot delete or move. Kept only when the key itself comes from the keychain; a run keyed by
 * SIGNDOCK_JOURNAL_KEY has no such place (SECURITY.md says what that leaves). It only moves forward: a
 * write keeps whichever of the stored and the new checkpoint counts more.
 */
const anchorEntry = (dataFolder: string): string => {
  let path = dataFolder;
  try {
    path = realpathSync(dataFolder);
  } catch {
    // A folder not made yet: its path as given.
  }
  return `journal-anchor-${createHash('sha256').update(path, 'utf8').digest('hex').slice(0, 16)}`;
};

/** Where the anchor is read and written: one keychain entry. */
interface AnchorPlace {
  /** The keychain entry's name (said in findings, so a user can find it). */
  entry: string;
  get(): Promise<string | null>;
  set(text: string): Promise<void>;
}

export class JournalAnchor {
  private latest: JournalCheckpoint | null;
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly place: AnchorPlace | null,
    loaded: JournalCheckpoint | null,
  ) {
    this.latest = loaded;
  }

  /** No place for an anchor (a key from the environment, no key, or a keychain that could not be read). */
  static none(): JournalAnchor {
    return new JournalAnchor(null, null);
  }

  /** The anchor of this data folder, read once at start; none when the key is not the keychain's or it fails. */
  static async open(key: JournalKey, secrets: SecretStore, dataFolder: string, timeoutMs = 10_000): Promise<JournalAnchor> {
    if (key.source !== 'keychain' || !key.id) return JournalAnchor.none();
    const entry = anchorEntry(dataFolder);
    const place: AnchorPlace = { entry, get: () => secrets.get(entry), set: (text) => secrets.set(entry, text) };
    let timer: NodeJS.Timeout | undefined;
    try {
      const text = await Promise.race([
        place.get(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the keychain did not answer')), timeoutMs);
          timer.unref?.();
        }),
      ]);
      return new JournalAnchor(place, parse(text));
    } catch {
      return JournalAnchor.none();
    } finally {
      clearTimeout(timer);
    }
  }

  /** The keychain entry's name, when this run keeps an anchor. */
  get entry(): string | null {
    return this.place?.entry ?? null;
  }

  /** Whether this run keeps an anchor (the keychain answered). */
  get available(): boolean {
    return this.place !== null;
  }

  /** The newest anchor this run knows: read at start, re-read by `refresh`, or written by this run. */
  get checkpoint(): JournalCheckpoint | null {
    return this.latest;
  }

  /** Reads the keychain again (another process may have moved it forward since this run began). */
  async refresh(): Promise<void> {
    if (!this.place) return;
    try {
      this.keepNewer(parse(await this.place.get()));
    } catch {
      // The copy read at start stays.
    }
  }

  /** Moves the anchor forward to a sealed checkpoint this run wrote (in the background, in order). */
  advance(checkpoint: JournalCheckpoint): void {
    if (!this.place || !checkpoint.mac || !this.keepNewer(checkpoint)) return;
    const place = this.place;
    this.writing = this.writing.then(async () => {
      try {
        const stored = parse(await place.get());
        if (!stored || stored.count < checkpoint.count) await place.set(JSON.stringify(checkpoint));
      } catch {
        // The keychain stopped answering: the checkpoint file still moved; the next write tries again.
      }
    });
  }

  /** Resolves when every write asked for has been made, or after `timeoutMs` of a keychain that stopped answering. */
  settled(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref?.();
    });
    return Promise.race([this.writing, late]).finally(() => clearTimeout(timer));
  }

  private keepNewer(checkpoint: JournalCheckpoint | null): boolean {
    if (!checkpoint || (this.latest && this.latest.count >= checkpoint.count)) return false;
    this.latest = checkpoint;
    return true;
  }
}

function parse(text: string | null): JournalCheckpoint | null {
  if (!text) return null;
  try {
    return asCheckpoint(JSON.parse(text));
  } catch {
    return null;
  }
}
