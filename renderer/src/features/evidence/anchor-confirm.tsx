import { useTranslation } from 'react-i18next';
import type { OperationOutput } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';

export type InspectedAnchors = OperationOutput<'evidence.inspectTrustAnchor'>;

/**
 * The step before a certificate authority is trusted (for signers, or for time-stamping authorities:
 * `kind`): whose it is, its SHA-256 fingerprint to compare with the one its publisher gives, what
 * trusting it means, and — when it says it is for tests, is no CA, vouches only for itself or is out of
 * date — a warning in words and a button that says "anyway". The safe choice (Cancel) is focused first.
 */
export function AnchorConfirm({
  anchors,
  busy,
  onConfirm,
  onClose,
  kind = 'signer',
}: {
  anchors: InspectedAnchors | null;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
  kind?: 'signer' | 'tsa';
}) {
  const { t } = useTranslation();
  const subjects = (anchors ?? []).map((a) => a.subject).join('; ');
  const warned = (anchors ?? []).filter((a) => a.warnings.length > 0);
  return (
    <Dialog
      open={anchors !== null}
      title={t(kind === 'tsa' ? 'evidence.review.tsa.confirmTitle' : 'evidence.review.anchor.title')}
      onClose={onClose}
      size="sm"
      testId={kind === 'tsa' ? 'tsa-anchor-confirm' : 'anchor-confirm'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-autofocus>
            {t('evidence.review.anchor.cancel')}
          </Button>
          <Button variant={warned.length > 0 ? 'danger' : 'primary'} busy={busy} onClick={onConfirm} data-testid="anchor-trust">
            {warned.length > 0 ? t('evidence.review.anchor.confirmAnyway') : t('evidence.review.anchor.confirm')}
          </Button>
        </>
      }
    >
      <p className="dialog-text">
        {t(kind === 'tsa' ? 'evidence.review.tsa.intro' : 'evidence.review.anchor.intro', { subject: subjects })}
      </p>
      <dl className="evidence-anchor-facts" data-testid="anchor-facts">
        {(anchors ?? []).map((anchor) => (
          <div key={anchor.fingerprint}>
            <dt>{anchor.subject}</dt>
            <dd>
              {t('evidence.review.anchor.fingerprint')}: <code data-testid="anchor-fingerprint">{anchor.fingerprint}</code>
            </dd>
          </div>
        ))}
      </dl>
      {warned.map((anchor) => (
        <Notice key={anchor.fingerprint} tone="warning" testId="anchor-warning">
          <p>{t('evidence.review.anchor.warningsTitle')}</p>
          <ul className="evidence-anchor-warnings">
            {anchor.warnings.map((warning) => (
              <li key={warning} data-warning={warning}>
                {t(`evidence.review.anchor.warnings.${warning}`, { subject: anchor.subject })}
              </li>
            ))}
          </ul>
        </Notice>
      ))}
    </Dialog>
  );
}
