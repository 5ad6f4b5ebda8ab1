import { describe, expect, it } from 'vitest';
import { canStillSign, isOpenSignatureStatus } from '../../shared/domain/documents';

/**
 * Which signers are still open (a signing link shown, a reminder or replacement offered). The service's
 * signature statuses are an open set (service-notes.md): another implementation may answer a status
 * SignDock does not know, such as "RD" for a signer who opened the document.
 */
describe('open signatures', () => {
  it('not opened, opened and unknown statuses are open; signed, rejected and cancelled are not', () => {
    expect(['IN', 'PE', 'RD', 'XX'].map(isOpenSignatureStatus)).toEqual([true, true, true, true]);
    expect(['CO', 'DE', 'CA'].map(isOpenSignatureStatus)).toEqual([false, false, false]);
  });

  it('a signing link is usable only while the document is pending and the signer open', () => {
    expect(canStillSign('PE', 'RD')).toBe(true);
    expect(canStillSign('PE', 'CO')).toBe(false);
    expect(canStillSign('CO', 'IN')).toBe(false);
    expect(canStillSign('CA', 'PE')).toBe(false);
  });
});
