import { describe, expect, it } from 'vitest';
import type { Document } from '../../shared/domain/documents';
import { canCancelDocument } from '../../shared/domain/status-codes';
import { ActionsService } from '../../electron/core/actions/actions-service';
import type { JobEngine } from '../../electron/core/jobs/job-engine';

/**
 * "Can this document be cancelled" is one rule (shared/domain/status-codes.ts): drafts and pending
 * documents only, as the service's interface states; a status SignDock does not know is not cancellable.
 * The cancel plan follows it, so nothing is sent for a document the service would refuse.
 */
describe('which documents can be cancelled', () => {
  it('drafts and pending documents only; completed, cancelled and unknown statuses are not', () => {
    expect(['DR', 'PE', 'CO', 'CA', 'XX', 'PE+DE', ''].map(canCancelDocument)).toEqual([true, true, false, false, false, false, false]);
  });

  it('the cancel plan leaves out what cannot be cancelled, each with its reason', () => {
    const statuses: Record<string, string> = { draft: 'DR', pending: 'PE', completed: 'CO', cancelled: 'CA', unknown: 'XX' };
    const actions = new ActionsService({
      // Planning reads the mirror only: no job is made here.
      engine: {} as JobEngine,
      account: () => 'acc-1',
      document: (_account, id) =>
        statuses[id] ? ({ id, title: `Title ${id}`, status: statuses[id], signatures: [] } as unknown as Document) : undefined,
      pending: () => [],
      documentOfSignature: () => null,
      readDocument: () => Promise.reject(new Error('not read while planning')),
    });
    const plan = actions.planCancel(['draft', 'pending', 'completed', 'cancelled', 'unknown', 'missing']);
    expect(plan.documents.map((d) => d.documentId)).toEqual(['draft', 'pending']);
    expect(plan.skipped.map((s) => [s.documentId, s.reason])).toEqual([
      ['completed', 'completed'],
      ['cancelled', 'alreadyCancelled'],
      ['unknown', 'notCancellable'],
      ['missing', 'notInMirror'],
    ]);
  });
});
