import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/contract/errors';
import type { SignerPreset } from '../../../shared/domain/batches';
import { normalizeSigner, type Signer } from '../../../shared/domain/signers';
import type { Db } from '../db/database';

/** Saved signer lists ("Legal team", "Ana + notary"), by name; saving an existing name replaces it. */
export class PresetsRepo {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): SignerPreset[] {
    const rows = this.db.prepare(`SELECT id, name, signers, created_at FROM signer_presets ORDER BY name COLLATE NOCASE`).all() as {
      id: string;
      name: string;
      signers: string;
      created_at: string;
    }[];
    return rows.map((row) => ({ id: row.id, name: row.name, signers: JSON.parse(row.signers) as Signer[], createdAt: row.created_at }));
  }

  save(name: string, signers: Signer[]): SignerPreset[] {
    const clean = JSON.stringify(signers.map(normalizeSigner));
    this.db
      .prepare(
        `INSERT INTO signer_presets (id, name, signers, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET signers = excluded.signers`,
      )
      .run(randomUUID(), name.trim(), clean, this.now().toISOString());
    return this.list();
  }

  remove(id: string): SignerPreset[] {
    const { changes } = this.db.prepare(`DELETE FROM signer_presets WHERE id = ?`).run(id);
    if (changes === 0) throw new AppError({ kind: 'NotFound', code: 'preset.notFound', message: 'That preset no longer exists.' });
    return this.list();
  }
}
