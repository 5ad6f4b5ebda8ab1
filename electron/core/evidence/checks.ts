import type { Check, CheckId, CheckStatus, SignatureCheck } from '../../../shared/domain/evidence';

/** One check of a report. */
export function check(
  id: CheckId,
  status: CheckStatus,
  title: string,
  detail: string,
  extra: { file?: string | null; expected?: string | null; found?: string | null; params?: Check['params'] } = {},
): Check {
  return { id, status, title, detail, file: extra.file ?? null, expected: extra.expected ?? null, found: extra.found ?? null, params: extra.params ?? {} };
}

/** A verified signature as a check: valid and trusted, valid but not trusted (said so), or failed. */
export function signatureAsCheck(id: 'signature.cms' | 'signed.pdfSignature', signature: SignatureCheck): Check {
  const who = signature.subject ? ` Signer: ${signature.subject}.` : '';
  const title = id === 'signature.cms' ? `Signature ${signature.file} over ${signature.signs ?? 'its content'}` : `PDF signature ${signature.file}`;
  if (!signature.valid) return check(id, 'failed', title, `${signature.problem ?? 'The signature does not verify.'}${who}`, { file: signature.file, params: { trust: signature.trust } });
  const trust =
    signature.trust === 'trusted'
      ? 'Valid signature, and its issuer chains to a trust anchor from Settings.'
      : 'Valid signature, issuer not trusted: no trust anchor from Settings vouches for the signer\'s certificate, so who holds the key is not confirmed.';
  return check(id, 'passed', title, `${trust}${who}`, { file: signature.file, params: { trust: signature.trust } });
}
