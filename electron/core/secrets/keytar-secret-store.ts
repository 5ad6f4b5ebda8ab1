import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AppError } from '../../../shared/contract/errors';
import type { SecretStore } from './secret-store';

import type * as KeytarModule from '@napi-rs/keyring/keytar';

type Keytar = typeof KeytarModule;

export const KEYCHAIN_SERVICE = 'SignDock';

/**
 * API keys in the OS keychain (macOS Keychain, Windows Credential Manager, the Secret Service on
 * Linux) through @napi-rs/keyring's keytar-compatible entry (prebuilt, N-API, no libsecret). It is loaded on first use so that a machine without a keychain still
 * starts and gets a plain explanation instead of a crash.
 */
export class KeytarSecretStore implements SecretStore {
  private keytar: Keytar | null = null;

  constructor(private readonly service: string = KEYCHAIN_SERVICE) {}

  async get(accountId: string): Promise<string | null> {
    return this.guard(() => this.load().getPassword(this.service, accountId));
  }

  async set(accountId: string, secret: string): Promise<void> {
    await this.guard(() => this.load().setPassword(this.service, accountId, secret));
  }

  async delete(accountId: string): Promise<boolean> {
    return this.guard(() => this.load().deletePassword(this.service, accountId));
  }

  private load(): Keytar {
    // With no D-Bus session the module answers "no such key" instead of failing: say what is missing.
    if (process.platform === 'linux' && !sessionBusReachable()) {
      throw new Error(
        'no D-Bus session, so no Secret Service; install and start one such as GNOME Keyring (apt install gnome-keyring dbus-user-session), or give the key for one run in SIGNDOCK_API_KEY',
      );
    }
    if (!this.keytar) {
      const require = createRequire(import.meta.url);
      this.keytar = require('@napi-rs/keyring/keytar') as Keytar;
    }
    return this.keytar;
  }

  private async guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError({
        kind: 'Unavailable',
        code: 'keychainUnavailable',
        message: `The system keychain could not be used (${detail}). SignDock keeps API keys only there; unlock or install a keychain (on Linux, a Secret Service such as GNOME Keyring) and try again.`,
      });
    }
  }
}

function sessionBusReachable(): boolean {
  if (process.env.DBUS_SESSION_BUS_ADDRESS) return true;
  // libdbus falls back to $XDG_RUNTIME_DIR/bus (on systemd machines /run/user/<uid>/bus).
  const uid = process.getuid?.();
  const runtime = process.env.XDG_RUNTIME_DIR ?? (uid === undefined ? undefined : `/run/user/${uid}`);
  return runtime !== undefined && existsSync(`${runtime}/bus`);
}
