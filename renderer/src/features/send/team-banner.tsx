import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { TechnicalDetails } from '../../components/technical-details';
import { useTeamProblemText } from '../../components/team-problem';
import { useClient } from '../../lib/client-context';
import { useAction } from '../../lib/use-action';
import { useNow } from '../../lib/use-now';
import { useTeamState } from '../../lib/use-team-state';

/**
 * "Team store unreachable — sending and bulk actions wait" (issue 32), shown while the team store
 * cannot be reached: the reason in words, the next attempt counted down, Try now. A batch that was
 * sending is paused by the host; when the store is back this goes and the clerk presses Resume.
 */
export function TeamBanner() {
  const { t } = useTranslation();
  const client = useClient();
  const query = useTeamState();
  const state = query.data;
  const shown = state?.state === 'unreachable';
  const now = useNow(shown ? 1000 : null);
  const retry = useAction(async () => {
    const next = await client.call('team.retry', {});
    query.apply(next);
    return next;
  });
  const { text, message } = useTeamProblemText(state?.problem ?? null, { store: state?.store ?? null, login: state?.login ?? null });
  if (!state || !shown) return null;
  const seconds = state.nextTryAt ? Math.max(0, Math.ceil((Date.parse(state.nextTryAt) - now) / 1000)) : 0;
  return (
    <div className="send-alert" data-testid="team-banner">
      <Notice tone="warning">
        <p>
          <strong>{t('team.banner.title')}</strong>
        </p>
        <p data-testid="team-banner-reason">{text}</p>
        <p data-testid="team-banner-retry">
          {retry.pending || seconds === 0 ? t('team.banner.retrying') : t('team.banner.retryIn', { seconds })}
        </p>
        <p>{t('team.banner.paused')}</p>
        <TechnicalDetails text={message} shown={text} />
      </Notice>
      <Button size="sm" busy={retry.pending} onClick={() => void retry.run()} data-testid="team-try-now">
        {t('team.banner.tryNow')}
      </Button>
    </div>
  );
}
