import { useTranslation } from 'react-i18next';
import type { Batch } from '../../../../shared';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { formatCount } from '../../lib/format-time';

/** What one click on Send does: documents, signers, messages by channel, links to hand over, rows left out. */
export function sendSummary(batch: Batch) {
  const drafts = batch.items.filter((item) => item.state === 'draft');
  const going = drafts.filter((item) => item.checked && !item.excluded && item.problems.length === 0);
  const signers = going.flatMap((item) => item.signers);
  return {
    documents: going.length,
    signers: signers.length,
    emails: signers.filter((signer) => signer.invite.includes('EM')).length,
    sms: signers.filter((signer) => signer.invite.includes('PH')).length,
    links: signers.filter((signer) => signer.invite.length === 0).length,
    notSent: drafts.length - going.length - batch.progress.checking,
  };
}

/** The summary asked before anything goes out: Send, or Back to the rows. */
export function SendConfirm({
  batch,
  open,
  busy,
  onSend,
  onClose,
}: {
  batch: Batch;
  open: boolean;
  busy: boolean;
  onSend(): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const summary = sendSummary(batch);
  const lines = [
    { key: 'documents', label: t('send.once.confirm.documents'), value: summary.documents },
    { key: 'signers', label: t('send.once.confirm.signers'), value: summary.signers },
    { key: 'emails', label: t('send.once.confirm.emails'), value: summary.emails },
    { key: 'sms', label: t('send.once.confirm.sms'), value: summary.sms },
    { key: 'links', label: t('send.once.confirm.links'), value: summary.links },
    { key: 'notSent', label: t('send.once.confirm.notSent'), value: summary.notSent },
  ];
  return (
    <Dialog
      open={open}
      size="sm"
      title={t('send.once.confirm.title', { count: summary.documents })}
      onClose={onClose}
      testId="send-confirm"
      footer={
        <div className="dialog-actions">
          <Button variant="ghost" onClick={onClose} data-testid="send-confirm-back">
            {t('send.once.confirm.back')}
          </Button>
          <Button variant="primary" busy={busy} onClick={onSend} data-autofocus data-testid="send-confirm-send">
            {t('send.once.confirm.send', { count: summary.documents })}
          </Button>
        </div>
      }
    >
      <p className="dialog-text">{t('send.once.confirm.intro')}</p>
      <dl className="send-summary" data-testid="send-summary">
        {lines.map((line) => (
          <div key={line.key} className="send-summary-line" data-testid={`summary-${line.key}`}>
            <dt>{line.label}</dt>
            <dd>{formatCount(line.value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
