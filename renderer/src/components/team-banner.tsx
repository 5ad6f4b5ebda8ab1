import { useTranslation } from 'react-i18next';
import type { TeamState } from '../../../shared/domain/team';
import { useNow } from '../lib/use-now';
import { Button } from './button';
import { Notice } from './notice';
import { TechnicalDetails } from './technical-details';
import { useTeamProblemText } from './team-problem';

/** What the banner is given: the store's state (`lib/use-team-state.ts`) and Try now. */
export interface TeamBannerProps {
  state: TeamState | null;
  retry: { pending: boolean; run(): Promise<unknown> };
}

/**
 * "Team store unreachable — sending and bulk actions wait" (issue 32), on the pages where sending and
 * bulk actions start, while the team store cannot be reached: the reason in words, the next attempt
 * counted down, Try now. A batch that was sending is paused by the host; when the store is back this
 * goes and the clerk presses Resume.
 */
export function TeamBanner({ state, retry }: TeamBannerProps) {
  const { t } = useTranslation();
  const shown = state?.state === 'unreachable';
  const now = useNow(shown ? 1000 : null);
  const { text, message } = useTeamProblemText(state?.problem ?? null, { store: state?.store ?? null, login: state?.login ?? null });
  if (!state || !shown) return null;
  const seconds = state.nextTryAt ? Math.max(0, Math.ceil((Date.parse(state.nextTryAt) - now) / 1000)) : 0;
  return (
    <div className="team-banner" data-testid="team-banner">
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
