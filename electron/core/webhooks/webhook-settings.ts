import { AppError } from '../../../shared/contract/errors';
import type { Db } from '../db/database';

/** The listener's settings, kept in `webhook_settings`. */
export interface ListenerSettings {
  /** Local port; 0 = any free port (a reverse proxy needs a fixed one). */
  port: number;
  /** The user's tunnel or reverse-proxy base URL (`https://hooks.example.com`), or null. */
  publicBaseUrl: string | null;
  /** Start the built-in tunnel with the listener (off by default). */
  useTunnel: boolean;
}

export const defaultListenerSettings: ListenerSettings = { port: 0, publicBaseUrl: null, useTunnel: false };

const invalid = (field: string, message: string): AppError =>
  new AppError({ kind: 'InvalidInput', code: `webhooks.invalid.${field}`, fields: { [field]: [message] }, message });

/** A base URL as the user typed it, made canonical: http(s), no query or fragment, no trailing slash. */
export function normalizeBaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid('publicBaseUrl', 'Enter a full URL, such as https://hooks.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid('publicBaseUrl', 'The public URL must start with https:// (or http://).');
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw invalid('publicBaseUrl', 'The public URL must not carry a query, a fragment or credentials.');
  }
  return url.toString().replace(/\/+$/, '');
}

export class WebhookSettingsRepo {
  constructor(private readonly db: Db) {}

  get(): ListenerSettings {
    const rows = this.db.prepare('SELECT key, value FROM webhook_settings').all() as { key: string; value: string }[];
    const settings: ListenerSettings = { ...defaultListenerSettings };
    for (const row of rows) {
      try {
        const value: unknown = JSON.parse(row.value);
        if (row.key === 'port' && Number.isInteger(value)) settings.port = value as number;
        if (row.key === 'publicBaseUrl' && (typeof value === 'string' || value === null)) settings.publicBaseUrl = value;
        if (row.key === 'useTunnel' && typeof value === 'boolean') settings.useTunnel = value;
      } catch {
        // A damaged value keeps its default.
      }
    }
    return settings;
  }

  update(patch: Partial<ListenerSettings>): ListenerSettings {
    const next = { ...this.get() };
    if (patch.port !== undefined) {
      if (!Number.isInteger(patch.port) || patch.port < 0 || patch.port > 65535)
        throw invalid('port', 'The port must be a whole number from 0 to 65535.');
      next.port = patch.port;
    }
    if (patch.publicBaseUrl !== undefined)
      next.publicBaseUrl = patch.publicBaseUrl === null || patch.publicBaseUrl.trim() === '' ? null : normalizeBaseUrl(patch.publicBaseUrl);
    if (patch.useTunnel !== undefined) next.useTunnel = patch.useTunnel;
    const upsert = this.db.prepare(
      'INSERT INTO webhook_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(next)) upsert.run(key, JSON.stringify(value));
    })();
    return next;
  }
}
