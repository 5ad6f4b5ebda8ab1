import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';

/**
 * Whether a real Secret Service answers. `npm test` runs inside a private D-Bus session with an
 * unlocked GNOME Keyring (scripts/test.mjs), and CI requires it (`SIGNDOCK_REQUIRE_KEYRING=1`).
 */
export async function keyringAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const store = new KeytarSecretStore('SignDock-probe');
    await store.set('probe', 'probe');
    await store.delete('probe');
    return { ok: true };
  } catch (error) {
    const reason = `no usable OS keychain (${error instanceof Error ? error.message : String(error)})`;
    if (process.env.SIGNDOCK_REQUIRE_KEYRING === '1') throw new Error(`The keyring is required here but ${reason}`, { cause: error });
    return { ok: false, reason };
  }
}
