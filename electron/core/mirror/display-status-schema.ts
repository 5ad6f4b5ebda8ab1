import type { Migration } from '../db/migration';
import { rejectedNeedsAction } from '../../../shared/domain/status-codes';
import { searchRowidSql } from './status-bits';

const rejectedPending = `status = 'PE' AND EXISTS (SELECT 1 FROM signatures s WHERE s.doc_key = documents.doc_key AND s.status = 'DE')`;

/**
 * Issue 24's migration: `documents.status` holds the **display state** — the service's code, except
 * a pending document with a rejected signature, `PE+DE` ("Rejected — needs action"). So the counts by
 * status (`document_counts`, kept by its triggers), the status filters, the status sort and the
 * search index's status token and bit (an "other" code: counted apart through its token) all know it,
 * at the same cost as any status. The reader gives documents back with the service's code (`PE`).
 *
 * - Rows already stored get the new state; their search entries are removed here (their rowid carried
 *   the pending bit) and listed in `search_stale`, which the queries rewrite before answering.
 * - `document_history.first_seen` 1: what a document already showed when SignDock first read it
 *   (recorded then, so its history is never empty), as against a change seen between two reads.
 * - `signatures_by_invitation`: the signers invited recently, found without reading the others (needs attention).
 * - Invalidated signatures (cancelled with a reason) no longer count among the signers a document
 *   needs: `signer_count` and `progress` are recomputed without them.
 */
export const displayStatusSchema: Migration = {
  name: 'display status',
  sql: `
    CREATE TEMP TABLE mirror_rejected AS SELECT doc_key FROM documents WHERE ${rejectedPending};
    DELETE FROM documents_fts WHERE rowid IN (SELECT ${searchRowidSql('doc_key', "'PE'")} FROM temp.mirror_rejected);
    INSERT OR IGNORE INTO search_stale (doc_key) SELECT doc_key FROM temp.mirror_rejected;
    UPDATE documents SET status = '${rejectedNeedsAction}' WHERE doc_key IN (SELECT doc_key FROM temp.mirror_rejected);
    DROP TABLE temp.mirror_rejected;

    UPDATE documents SET signer_count = (SELECT count(*) FROM signatures s WHERE s.doc_key = documents.doc_key
      AND NOT (s.status = 'CA' AND coalesce(s.invalidation_reason, '') <> ''))
    WHERE EXISTS (SELECT 1 FROM signatures s WHERE s.doc_key = documents.doc_key AND s.status = 'CA' AND coalesce(s.invalidation_reason, '') <> '');
    UPDATE documents SET progress = CASE WHEN signer_count = 0 THEN -1 ELSE signed_count * 1000 / signer_count END;

    ALTER TABLE document_history ADD COLUMN first_seen INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX signatures_by_invitation ON signatures (account_id, status, created_at);
  `,
};
