import { AppError, isAppError } from '../../../shared/contract/errors';
import type { Redactor } from '../logging/redact';
import type { SecretStore } from './secret-store';

/** The keychain entry of the ngrok authtoken (one per computer user, not per account). */
export const NGROK_AUTHTOKEN_SECRET = 'ngrok-authtoken';
/** For a run without a keychain (a server, the CLI): wins over the keychain, stored nowhere. */
const NGROK_AUTHTOKEN_ENV = 'SIGNDOCK_NGROK_AUTHTOKEN';

/**
 * The ngrok authtoken: write-only from the UI's side. It is read only here, to open the tunnel, and
 * registered with the redactor so that no log line or error can carry it.
 */
export class NgrokAuthtoken {
  constructor(
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly redactor?: Redactor,
  ) {}

  fromEnvironment(): boolean {
    return (this.env[NGROK_AUTHTOKEN_ENV] ?? '').trim() !== '';
  }

  /** Whether the keychain holds one (a keychain that cannot be reached counts as no). */
  async stored(): Promise<boolean> {
    return (await this.secrets.get(NGROK_AUTHTOKEN_SECRET).catch(() => null)) !== null;
  }

  /** The token to use: the environment's, else the keychain's, else null. Throws when the keychain cannot be used. */
  async read(): Promise<string | null> {
    const token = this.fromEnvironment()
      ? (this.env[NGROK_AUTHTOKEN_ENV] ?? '').trim()
      : await this.secrets.get(NGROK_AUTHTOKEN_SECRET).catch(inAuthtokenWords);
    if (token) this.redactor?.add(token);
    return token || null;
  }

  async store(token: string): Promise<void> {
    this.redactor?.add(token);
    await this.secrets.set(NGROK_AUTHTOKEN_SECRET, token).catch(inAuthtokenWords);
  }

  async forget(): Promise<void> {
    await this.secrets.delete(NGROK_AUTHTOKEN_SECRET);
  }
}

/**
 * A keychain that cannot be used, said of the authtoken (the keychain's own words speak of API keys)
 * with the way round it: the authtoken in SIGNDOCK_NGROK_AUTHTOKEN for each run.
 */
function inAuthtokenWords(error: unknown): never {
  if (!isAppError(error) || error.code !== 'keychainUnavailable') throw error;
  throw new AppError({
    kind: 'Unavailable',
    code: 'ngrokKeychainUnavailable',
    params: { variable: NGROK_AUTHTOKEN_ENV },
    message: `The system keychain could not keep the ngrok authtoken. Unlock or install a keychain (on Linux, a Secret Service such as GNOME Keyring), or give the authtoken for each run in ${NGROK_AUTHTOKEN_ENV}.`,
  });
}
