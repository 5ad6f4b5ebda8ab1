import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Batch } from '../../../../shared';
import { Button } from '../../components/button';
import { SendIcon } from '../../components/icons';
import { kindCounts } from './row-kind';
import { SendConfirm } from './send-confirm';
import { useSendStore } from './send-store';
import type { SendActions } from './use-send-actions';

/** Under the rows of a draft: how many will be sent and why the others will not, and the Send button, which asks first. */
export function SendBar({ batch, actions }: { batch: Batch; actions: SendActions }) {
  const { t } = useTranslation();
  const sending = useSendStore((store) => store.busy.send === true);
  const [confirm, setConfirm] = useState(false);
  const { sendable, checking } = batch.progress;
  const counts = kindCounts(batch.items);
  const parts = [
    counts.todo > 0 ? t('send.sendBar.todo', { count: counts.todo }) : null,
    counts.blocked > 0 ? t('send.sendBar.blocked', { count: counts.blocked }) : null,
    counts.duplicate > 0 ? t('send.once.duplicates', { count: counts.duplicate }) : null,
    counts.sentBefore > 0 ? t('send.once.alreadySent', { count: counts.sentBefore }) : null,
    counts.excluded > 0 ? t('send.sendBar.excluded', { count: counts.excluded }) : null,
    checking > 0 ? t('send.sendBar.checking', { count: checking }) : null,
  ].filter((part): part is string => part !== null);

  return (
    <div className="send-bar" role="region" aria-label={t('send.sendBar.label')} data-testid="send-bar">
      <div className="send-bar-text" aria-live="polite">
        <p className="send-bar-ready" data-testid="send-ready">
          {t('send.sendBar.ready', { count: sendable })}
        </p>
        {parts.length > 0 ? (
          <p className="send-bar-more" data-testid="send-counts">
            {parts.join(' · ')}
          </p>
        ) : null}
        {parts.length === 0 && sendable === 0 ? <p className="send-bar-more">{t('send.sendBar.nothing')}</p> : null}
      </div>
      <Button
        variant="primary"
        icon={<SendIcon />}
        disabled={sendable === 0}
        busy={sending}
        onClick={() => setConfirm(true)}
        data-testid="send-button"
      >
        {sending ? t('send.sendBar.sending') : t('send.sendBar.send', { count: sendable })}
      </Button>
      <SendConfirm
        batch={batch}
        open={confirm}
        busy={sending}
        onClose={() => setConfirm(false)}
        onSend={() => void actions.send().then(() => setConfirm(false))}
      />
    </div>
  );
}
