import { join } from 'node:path';
import { AccountsRepo } from '../../electron/core/accounts/accounts-repo';
import { openDatabase } from '../../electron/core/db/database';
import { DATABASE_FILE } from '../../electron/core/host';
import { DocumentWriter } from '../../electron/core/mirror/document-writer';
import { Reconciler } from '../../electron/core/sync/reconciler';
import { syntheticDocument } from './synthetic-documents';

export const IDLE_ACCOUNT = 'bench-idle-account';

/**
 * A data folder as the app leaves it after syncing an account with `documents` documents: the account
 * (pointing at `baseUrl`, its key kept elsewhere) and its mirror, every document read just now.
 */
export function prepareIdleDataFolder(home: string, baseUrl: string, documents: number): void {
  const db = openDatabase(join(home, DATABASE_FILE));
  try {
    new AccountsRepo(db).insert({ id: IDLE_ACCOUNT, name: 'Bench', baseUrl, demo: false, createdAt: new Date().toISOString() });
    const reconciler = new Reconciler({ writer: new DocumentWriter(db) });
    for (let base = 0; base < documents; base += 2000) {
      const batch = Array.from({ length: Math.min(2000, documents - base) }, (_, k) => syntheticDocument(base + k));
      reconciler.apply(IDLE_ACCOUNT, batch, Date.now());
    }
  } finally {
    db.close();
  }
}
