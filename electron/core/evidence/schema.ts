import type { Migration } from '../db/migration';

/**
 * The archive's index: one row per bag, rebuilt from the bags alone when lost (the bags are the
 * record; this table only makes listing and searching fast). `verdict` is the report's verdict, or
 * `failed` when the last re-hash found the bag changed (`problems`, JSON).
 */
export const evidenceSchema: Migration = {
  name: 'evidence archive index',
  sql: `
    CREATE TABLE evidence_bags (
      bag_path       TEXT PRIMARY KEY,
      document_id    TEXT NOT NULL,
      account_id     TEXT,
      account_name   TEXT,
      title          TEXT NOT NULL,
      document_date  TEXT,
      archived_at    TEXT NOT NULL,
      verified_at    TEXT,
      verdict        TEXT NOT NULL,
      passed         INTEGER NOT NULL DEFAULT 0,
      failed         INTEGER NOT NULL DEFAULT 0,
      not_applicable INTEGER NOT NULL DEFAULT 0,
      bytes          INTEGER NOT NULL DEFAULT 0,
      report         TEXT NOT NULL,
      problems       TEXT NOT NULL DEFAULT '[]'
    ) STRICT;
    CREATE INDEX evidence_bags_by_document ON evidence_bags (document_id);
    CREATE INDEX evidence_bags_by_date ON evidence_bags (document_date DESC, title);
  `,
};
