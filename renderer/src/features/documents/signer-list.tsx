import { useTranslation } from 'react-i18next';
import type { Signature } from '../../../../shared';
import { signatureTone, useDocumentLabels } from './labels';

const SHOWN = 3;

/** The signers of a row: name and where their signature stands; after three, how many more. */
export function SignerList({ signatures }: { signatures: Signature[] }) {
  const { t } = useTranslation();
  const labels = useDocumentLabels();
  if (signatures.length === 0) return <span className="cell-muted">{t('documents.noSigners')}</span>;
  const rest = signatures.length - SHOWN;
  return (
    <ul className="signer-list">
      {signatures.slice(0, SHOWN).map((signature, index) => (
        <li key={signature.id} className="signer-item" data-testid="signer">
          <span className="signer-name" title={labels.signer(signature, index)}>
            {labels.signer(signature, index)}
          </span>{' '}
          <span className={`signer-state signer-state-${signatureTone(signature.status)}`}>{labels.signatureStatus(signature.status)}</span>
        </li>
      ))}
      {rest > 0 ? <li className="signer-more">{t('documents.moreSigners', { count: rest })}</li> : null}
    </ul>
  );
}
