import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { canStillSign, type Signature, type ValidationState } from '../../../../../shared';
import { CopyValue } from '../../../components/copy-value';
import { ProgressNote } from '../../../components/progress-note';
import { Tag } from '../../../components/tag';
import { formatDateTime } from '../../../lib/format-time';
import { useErrorText } from '../../../lib/use-error-text';
import { signatureTone, useDocumentLabels } from '../labels';
import { useLiveSignature } from './use-document-detail';

const nameKeys = ['full_name', 'fullName', 'name', 'nombre', 'razon_social'];
/** Signatures whose signing details (date, IP, device) the service can give. */
const finished = new Set(['CO', 'DE']);

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

/**
 * One signature in the side panel: who, where it stands in words with its code, how the signer is
 * identified (and whether each check passed), the invitation, dates, the IP address and device the
 * service gives for a signed or rejected one (read now), the signing link while it can still be used.
 * A rejection has no date from the service: `rejectionSeenAt` is when SignDock learnt of it, said so.
 */
export function SignatureDetails({
  signature: stored,
  index,
  documentStatus,
  rejectionSeenAt = null,
}: {
  signature: Signature;
  index: number;
  documentStatus: string;
  rejectionSeenAt?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const labels = useDocumentLabels();
  const valueText = useValueText();
  const { describe } = useErrorText();
  const linkLabelId = useId();
  const live = useLiveSignature(stored.id, finished.has(stored.status));
  const signature = {
    ...stored,
    ...(live.data
      ? {
          signedDate: live.data.signedDate,
          ip: live.data.ip,
          device: live.data.device,
          invalidationReason: live.data.invalidationReason ?? stored.invalidationReason,
        }
      : {}),
  };
  const name = labels.signer(signature, index);
  const validations = Object.entries(signature.validations);
  const open = canStillSign(documentStatus, signature.status);
  const closedWhy =
    signature.status === 'CO' ? 'signed' : signature.status === 'DE' ? 'rejected' : signature.status === 'CA' ? 'cancelled' : 'closed';
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : null);

  return (
    <li className="signature" data-testid="signature" data-status={signature.status}>
      <div className="signature-head">
        <h4 className="signature-name">{name}</h4>
        <span className="signature-state">
          <Tag tone={signatureTone(signature.status)}>{labels.signatureStatus(signature.status)}</Tag>
        </span>
      </div>
      <dl className="fact-list fact-list-tight signature-facts">
        {validations.length > 0 ? (
          <div>
            <dt>{t('documents.panel.identifiedBy')}</dt>
            <dd>
              <ul className="validation-list">
                {validations.map(([code, state]) => (
                  <li key={code}>
                    <span className="validation-code">{labels.validation(code)}:</span>{' '}
                    <span className="validation-value">{valueText(state.value)}</span>
                    {state.validated === true ? (
                      <Tag tone="success">{t('documents.panel.verified')}</Tag>
                    ) : state.validated === false ? (
                      <span className="cell-muted">{t('documents.panel.notVerified')}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('documents.panel.invitation')}</dt>
          <dd>
            {signature.inviteChannel.length > 0 ? signature.inviteChannel.map(labels.invite).join(', ') : t('documents.panel.noInvite')}
          </dd>
        </div>
        {when(signature.createdAt) ? (
          <div>
            <dt>{t('documents.panel.signatureCreated')}</dt>
            <dd>{when(signature.createdAt)}</dd>
          </div>
        ) : null}
        {when(signature.signedDate) ? (
          <div>
            <dt>{t('documents.panel.signedAt')}</dt>
            <dd data-testid="signed-at">{when(signature.signedDate)}</dd>
          </div>
        ) : null}
        {signature.status === 'DE' && when(rejectionSeenAt) ? (
          <div>
            <dt>{t('documents.panel.rejectionSeen')}</dt>
            <dd data-testid="rejection-seen-at">{when(rejectionSeenAt)}</dd>
          </div>
        ) : null}
        {signature.ip ? (
          <div>
            <dt>{t('documents.panel.ip')}</dt>
            <dd className="mono" data-testid="signature-ip">
              {signature.ip}
            </dd>
          </div>
        ) : null}
        {signature.device ? (
          <div>
            <dt>{t('documents.panel.device')}</dt>
            <dd data-testid="signature-device">{signature.device}</dd>
          </div>
        ) : null}
        {signature.invalidationReason ? (
          <div>
            <dt>{t('documents.panel.reason')}</dt>
            <dd>{signature.invalidationReason}</dd>
          </div>
        ) : null}
      </dl>
      {live.loading && finished.has(stored.status) ? <ProgressNote text={t('documents.panel.liveLoading')} /> : null}
      {live.error ? (
        <p className="cell-muted" data-testid="signature-live-failed">
          {t('documents.panel.liveFailed', { reason: describe(live.error).text })}
        </p>
      ) : null}
      <div className="copy-field">
        <p className="copy-field-label">{t('documents.panel.signingLink')}</p>
        <span className="visually-hidden" id={linkLabelId}>
          {t('documents.panel.signingLinkOf', { name })}
        </span>
        {!open ? (
          <p className="copy-field-missing" data-testid="link-closed">
            {t('documents.panel.linkClosed', { why: t(`documents.panel.linkClosedWhy.${closedWhy}`) })}
          </p>
        ) : signature.url ? (
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
      <details className="panel-disclosure">
        <summary>{t('documents.panel.signatureId')}</summary>
        <p className="mono">{signature.id}</p>
        <p>
          {t('documents.panel.statusCodeLabel')}: <span className="mono">{signature.status}</span>
        </p>
      </details>
    </li>
  );
}
