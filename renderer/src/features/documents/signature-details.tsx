import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Signature, ValidationState } from '../../../../shared';
import { CopyValue } from '../../components/copy-value';
import { Tag } from '../../components/tag';
import { formatDateTime } from '../../lib/format-time';
import { signatureTone, useDocumentLabels } from './labels';

const nameKeys = ['full_name', 'fullName', 'name', 'nombre', 'razon_social'];

/** A validation's value in words: the value, "given when signing" for null, a record's name (else its JSON). */
function useValueText() {
  const { t } = useTranslation();
  return (value: ValidationState['value']): string => {
    if (value === null) return t('documents.panel.givenWhenSigning');
    if (typeof value === 'string') return value;
    const name = nameKeys.map((key) => value[key]).find((item) => typeof item === 'string' && item.trim() !== '');
    return typeof name === 'string' ? name : JSON.stringify(value);
  };
}

/** One signature in the side panel: who, how they are identified and invited, its link to copy, its id. */
export function SignatureDetails({ signature, index }: { signature: Signature; index: number }) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const valueText = useValueText();
  const linkLabelId = useId();
  const name = labels.signer(signature, index);
  const validations = Object.entries(signature.validations);

  return (
    <li className="signature" data-testid="signature" data-status={signature.status}>
      <div className="signature-head">
        <h4 className="signature-name">{name}</h4>
        <Tag tone={signatureTone(signature.status)}>{labels.signatureStatus(signature.status)}</Tag>
      </div>
      <dl className="fact-list fact-list-tight signature-facts">
        {validations.length > 0 ? (
          <div>
            <dt>{t('documents.panel.identifiedBy')}</dt>
            <dd>
              <ul className="validation-list">
                {validations.map(([code, state]) => (
                  <li key={code}>
                    <span className="validation-code">{labels.validation(code)}:</span> <span className="validation-value">{valueText(state.value)}</span>
                    {state.validated === true ? <Tag tone="success">{t('documents.panel.verified')}</Tag> : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('documents.panel.invitation')}</dt>
          <dd>{signature.inviteChannel.length > 0 ? signature.inviteChannel.map(labels.invite).join(', ') : t('documents.panel.noInvite')}</dd>
        </div>
        {signature.signedDate ? (
          <div>
            <dt>{t('documents.panel.signedAt')}</dt>
            <dd>{formatDateTime(signature.signedDate, i18n.language)}</dd>
          </div>
        ) : null}
        {signature.invalidationReason ? (
          <div>
            <dt>{t('documents.panel.reason')}</dt>
            <dd>{signature.invalidationReason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('documents.panel.signatureId')}</dt>
          <dd className="mono">{signature.id}</dd>
        </div>
      </dl>
      <div className="copy-field">
        <p className="copy-field-label">{t('documents.panel.signingLink')}</p>
        <span className="visually-hidden" id={linkLabelId}>
          {t('documents.panel.signingLinkOf', { name })}
        </span>
        {signature.url ? (
          <CopyValue
            value={signature.url}
            label={t('documents.panel.copyLink')}
            copiedLabel={t('documents.panel.copied')}
            failedLabel={t('documents.panel.copyFailed')}
            describedBy={linkLabelId}
            valueTestId="signing-link"
            copyTestId="copy-signing-link"
          />
        ) : (
          <p className="copy-field-missing">{t('documents.panel.noLink')}</p>
        )}
      </div>
    </li>
  );
}
