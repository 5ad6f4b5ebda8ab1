import { useTranslation } from 'react-i18next';
import { isKnownInviteChannel, isKnownSignatureStatus, isKnownValidationCode, signerProgress, type Signature } from '../../../../shared';
import type { TagTone } from '../../components/tag';
import { useStatusWord } from '../../lib/status-words';

const documentTones: Record<string, TagTone> = { DR: 'neutral', PE: 'warning', 'PE+DE': 'danger', CO: 'success', CA: 'danger' };
const signatureTones: Record<string, TagTone> = { IN: 'neutral', PE: 'accent', CO: 'success', CA: 'danger', DE: 'danger' };

/** The colour of a status tag; unknown codes are neutral. */
export const documentTone = (code: string): TagTone => documentTones[code] ?? 'neutral';
export const signatureTone = (code: string): TagTone => signatureTones[code] ?? 'neutral';

/**
 * Words for the codes on this page, in the UI language. Open sets, as on the Activity page: a code
 * SignDock does not know is shown as the code itself. Document statuses are worded as everywhere
 * (`lib/status-words.ts`).
 */
export function useDocumentLabels() {
  const { t } = useTranslation();
  const status = useStatusWord();
  return {
    status,
    signatureStatus: (code: string): string => (isKnownSignatureStatus(code) ? t(`documents.signatureStatuses.${code}`) : code),
    validation: (code: string): string => (isKnownValidationCode(code) ? t(`documents.panel.validations.${code}`) : code),
    invite: (code: string): string => (isKnownInviteChannel(code) ? t(`documents.panel.invites.${code}`) : code),
    /** The name the clerk gave the signer (address book), else as the service gives it, else "Signer 2" by position. */
    signer: (signature: Pick<Signature, 'displayName' | 'localName'>, index: number): string =>
      signature.localName?.trim() || signature.displayName.trim() || t('documents.signerFallback', { n: index + 1 }),
    /** "2 of 3 signed, 1 rejected". */
    progress: (signatures: readonly Pick<Signature, 'status' | 'invalidationReason'>[]): string => {
      const counts = signerProgress(signatures);
      if (counts.total === 0) return t('documents.noSigners');
      const parts = [t('documents.progress.signed', { signed: counts.signed, total: counts.total })];
      if (counts.rejected) parts.push(t('documents.progress.rejected', { count: counts.rejected }));
      if (counts.cancelled) parts.push(t('documents.progress.cancelled', { count: counts.cancelled }));
      if (counts.replaced) parts.push(t('documents.progress.replaced', { count: counts.replaced }));
      return parts.join(', ');
    },
  };
}
