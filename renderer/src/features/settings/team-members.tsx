import { useTranslation } from 'react-i18next';
import type { TeamSettings } from '../../../../shared/domain/team';
import { ProgressNote } from '../../components/progress-note';
import { TeamProblem } from '../../components/team-problem';
import { useClient } from '../../lib/client-context';
import { formatDateTime } from '../../lib/format-time';
import { useLiveQuery } from '../../lib/use-live-query';

/** The members and computers the team store in use has seen (`team.members`, as `team status`). */
export function TeamMembers({ settings }: { settings: TeamSettings }) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const query = useLiveQuery(`team-members|${settings.running ?? ''}`, () => client.call('team.members', {}));
  const login = settings.environment?.login ?? settings.saved?.login ?? null;
  return (
    <div className="team-members" data-testid="team-members">
      <h3 className="field-label">{t('team.members')}</h3>
      {query.data ? (
        <>
          <p>{t('team.memberCount', { count: query.data.members.length, names: query.data.members.join(', ') })}</p>
          <ul className="team-computers">
            {query.data.computers.map((seen) => (
              <li key={`${seen.computer}|${seen.member}`}>
                {t('team.computerSeen', {
                  computer: seen.computer,
                  member: seen.member,
                  time: formatDateTime(seen.lastSeen, i18n.language),
                })}
              </li>
            ))}
          </ul>
        </>
      ) : query.error ? (
        <TeamProblem problem={query.error} store={settings.running} login={login} testId="team-members-problem" />
      ) : (
        <ProgressNote text={t('team.membersLoading')} />
      )}
    </div>
  );
}
