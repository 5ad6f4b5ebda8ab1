import { useTranslation } from 'react-i18next';
import type { Signer } from '../../../../shared';
import { inviteKey, signerWho } from './signer-label';

/** A row's signers at a glance: who, the phone when it is not already who (an SMS goes there), and how each is invited. */
export function SignerSummary({ signers }: { signers: Signer[] }) {
  const { t } = useTranslation();
  const words = { anyPhone: t('send.signer.anyPhone'), anyDocument: t('send.signer.anyDocument') };
  if (signers.length === 0) return <span className="signer-none">{t('send.row.noSigners')}</span>;
  return (
    <ul className="signer-chips" data-testid="row-signers">
      {signers.map((signer, index) => (
        <li key={index} className="signer-chip">
          {signer.name ? <span className="signer-chip-name">{signer.name}</span> : null}
          <span className="signer-chip-who">{signerWho(signer, words)}</span>
          {signer.validations.PH && signer.validations.PH !== signerWho(signer, words) ? (
            <span className="signer-chip-phone" data-testid="row-signer-phone">
              {signer.validations.PH}
            </span>
          ) : null}
          <span className="signer-chip-invite">{t(`send.signer.summaryInvite.${inviteKey(signer)}`)}</span>
        </li>
      ))}
    </ul>
  );
}
