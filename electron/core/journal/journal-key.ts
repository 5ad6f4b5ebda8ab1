import { createHmac, randomBytes } from 'node:crypto';
import type { SecretStore } from '../secrets/secret-store';

/**
 * The journal's HMAC-SHA-256 key: what anchors the chain outside the database. It lives in the OS keychain
 * (service SignDock, entry `journal-hmac`, 32 random bytes made on first use) or, for a headless run, in
 * `SIGNDOCK_JOURNAL_KEY` (at least 32 bytes, hex or base64; the environment wins over the keychain). It is
 * never written to SQLite, a log or an error; only its id (an HMAC of a fixed label, 16 hex) is stored, so
 * a verifier can say "sealed with another key" instead of "altered".
 */
export const JOURNAL_KEY_ENTRY = 'journal-hmac';
export const JOURNAL_KEY_ENV = 'SIGNDOCK_JOURNAL_KEY';

export type JournalKeySource = 'environment' | 'keychain' | 'none';

export interface JournalKey {
  readonly source: JournalKeySource;
  /** Null when there is no key: entries and checkpoints are then plain SHA-256 only. */
  readonly id: string | null;
  /** Why there is no key (plain words), when there is none. */
  readonly missing?: string;
  mac(label: string, text: string): string | null;
}

export const noJournalKey = (missing: string): JournalKey => ({ source: 'none', id: null, missing, mac: () => null });

/** A key from its bytes (tests, and the two sources below). */
export function journalKeyFrom(bytes: Buffer, source: JournalKeySource): JournalKey {
  const mac = (label: string, text: string) =>
    createHmac('sha256', bytes).update(`signdock journal ${label}\n${text}`, 'utf8').digest('hex');
  return { source, id: mac('key id', '').slice(0, 16), mac };
}

/** Reads `SIGNDOCK_JOURNAL_KEY`; a value too short or not hex/base64 is an error naming the variable. */
export function keyFromEnvironment(value: string): Buffer {
  const text = value.trim();
  const bytes =
    /^[0-9a-fA-F]+$/.test(text) && text.length % 2 === 0
      ? Buffer.from(text, 'hex')
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(text)
        ? Buffer.from(text, 'base64')
        : Buffer.alloc(0);
  if (bytes.length < 32)
    throw new Error(
      `${JOURNAL_KEY_ENV} must hold at least 32 random bytes, written as hex (64 characters) or base64 (44); make one with: openssl rand -hex 32`,
    );
  return bytes;
}

/**
 * The key of this run: the environment's, else the keychain's (made there on first use), else none with
 * the reason (a bad SIGNDOCK_JOURNAL_KEY, no keychain on this machine, or it refused). Never throws.
 */
export async function loadJournalKey(deps: { env: NodeJS.ProcessEnv; secrets: SecretStore; timeoutMs?: number }): Promise<JournalKey> {
  const fromEnv = deps.env[JOURNAL_KEY_ENV];
  if (fromEnv?.trim()) {
    try {
      return journalKeyFrom(keyFromEnvironment(fromEnv), 'environment');
    } catch (error) {
      return noJournalKey((error as Error).message);
    }
  }
  const fromKeychain = async () => {
    let stored = await deps.secrets.get(JOURNAL_KEY_ENTRY);
    if (!stored) {
      stored = randomBytes(32).toString('base64');
      await deps.secrets.set(JOURNAL_KEY_ENTRY, stored);
      // Another process may have made one at the same moment: the keychain's copy is the key.
      stored = (await deps.secrets.get(JOURNAL_KEY_ENTRY)) ?? stored;
    }
    return journalKeyFrom(Buffer.from(stored, 'base64'), 'keychain');
  };
  // A keychain that never answers (a locked one waiting for a prompt nobody sees) must not hold up every call.
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<JournalKey>((resolve) => {
    timer = setTimeout(
      () =>
        resolve(
          noJournalKey(
            `the system keychain did not answer within ${(deps.timeoutMs ?? 10_000) / 1000} s and ${JOURNAL_KEY_ENV} is not set`,
          ),
        ),
      deps.timeoutMs ?? 10_000,
    );
    timer.unref?.();
  });
  try {
    return await Promise.race([fromKeychain(), silent]);
  } catch {
    return noJournalKey(`the system keychain could not be used and ${JOURNAL_KEY_ENV} is not set`);
  } finally {
    clearTimeout(timer);
  }
}
