import { describe, expect, it } from 'vitest';
import { draftFromSigner, draftProblems, draftsValid, emptyDraft, signerFromDraft } from '../../../renderer/src/features/send/signer-draft';

describe('the signer form', () => {
  it('turns what was typed into a tidy signer, and back', () => {
    const draft = {
      ...emptyDraft(),
      email: ' ana@example.com ',
      phoneMode: 'number' as const,
      phone: '+54 9 11 2345-6789',
      idMode: 'any' as const,
      taxId: '20-12345678-9',
      invite: 'EM+PH' as const,
    };
    const signer = signerFromDraft(draft);
    expect(signer).toEqual({
      validations: { EM: 'ana@example.com', PH: '+5491123456789', BI: null, AF: '20123456789' },
      invite: ['EM', 'PH'],
    });
    const again = draftFromSigner(signer);
    expect(signerFromDraft(again)).toEqual(signer);
    expect(draftProblems(draft)).toEqual([]);
  });

  it('says what is wrong, under the field it belongs to', () => {
    const fields = (draft: ReturnType<typeof emptyDraft>) =>
      draftProblems(draft).map((p) => [p.field, p.kind === 'signer' ? p.problem.code : 'missing']);
    expect(fields({ ...emptyDraft(), email: 'ana@' })).toEqual([['email', 'signer.emailInvalid']]);
    expect(fields({ ...emptyDraft(), invite: 'EM' })).toEqual([
      ['invite', 'signer.emailInviteNeedsEmail'],
      ['signer', 'signer.noValidation'],
    ]);
    // "This number" chosen but not written: one plain message, not also "SMS needs a phone".
    expect(fields({ ...emptyDraft(), email: 'ana@example.com', phoneMode: 'number', invite: 'PH' })).toEqual([['phone', 'missing']]);
    expect(fields({ ...emptyDraft(), phoneMode: 'any', invite: 'PH' })).toEqual([['invite', 'signer.smsInviteNeedsPhone']]);
    expect(fields({ ...emptyDraft(), idMode: 'number', idDocument: 'ar 123', invite: 'none' })).toEqual([
      ['idDocument', 'signer.idDocumentInvalid'],
    ]);
  });

  it('a list is valid only when it has signers and each one is valid', () => {
    expect(draftsValid([])).toBe(false);
    expect(draftsValid([{ ...emptyDraft(), email: 'ana@example.com' }])).toBe(true);
    expect(draftsValid([{ ...emptyDraft(), email: 'ana@example.com' }, emptyDraft()])).toBe(false);
  });
});
