import { defaultSettings, settingsSchema, type Settings, type SettingsPatch } from '../../../shared/domain/settings';
import type { Db } from '../db/database';
import { normalizeTimestampSettings } from './timestamp-settings';

/** Settings that are data live in SQLite, one row per key, as JSON values. */
export class SettingsRepo {
  constructor(private readonly db: Db) {}

  get(): Settings {
    const rows = this.db.prepare('SELECT key, value FROM settings').all() as { key: string; value: string }[];
    const stored: Record<string, unknown> = {};
    for (const row of rows) {
      try {
        stored[row.key] = JSON.parse(row.value);
      } catch {
        // A damaged value falls back to its default rather than breaking the app.
      }
    }
    const merged = { ...defaultSettings, ...stored };
    const parsed = settingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : defaultSettings;
  }

  update(patch: SettingsPatch): Settings {
    const upsert = this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    const checked = patch.timestamps ? { ...patch, timestamps: normalizeTimestampSettings(patch.timestamps) } : patch;
    this.db.transaction(() => {
      for (const [key, value] of Object.entries(checked)) {
        if (value !== undefined) upsert.run(key, JSON.stringify(value));
      }
    })();
    return this.get();
  }

  /** Raw key/value access for core state that is not a user setting (selected account, and so on). */
  getValue(key: string): unknown {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  }

  setValue(key: string, value: unknown): void {
    if (value === undefined || value === null) {
      this.db.prepare('DELETE FROM settings WHERE key = ?').run(key);
      return;
    }
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, JSON.stringify(value));
  }
}
