import type { Journal, JournalEntry } from './journal';
import type { JournalVerification } from './journal-verify';

/**
 * The journal as the rest of the core sees it: append, read, verify. Two implementations of one port:
 * this data folder's journal (`localBook`, SQLite, as always) and, with a team configured, the team's
 * (`../team/team-journal.ts`: the same appends, carried into the team store, read and verified there).
 */
export interface JournalBook {
  /** Synchronous: inside a job item's transaction, the entry is written with the item's outcome. */
  append(entry: Parameters<Journal['append']>[0]): void;
  entries(filter: { subject?: string; limit?: number }): Promise<JournalEntry[]>;
  verify(options: { checkpoints?: { source: string; checkpoint: unknown }[] }): Promise<JournalVerification>;
  /** Resolves when every entry appended so far is where it belongs (before closing). */
  settled(): Promise<void>;
}

/** This data folder's journal, alone (no team). */
export function localBook(journal: Journal): JournalBook {
  return {
    append: (entry) => void journal.append(entry),
    entries: (filter) => Promise.resolve(journal.entries(filter)),
    verify: async (options) => {
      await journal.refreshAnchor();
      return journal.verify(options);
    },
    settled: () => Promise.resolve(),
  };
}
