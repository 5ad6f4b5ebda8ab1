import type { TeamBannerProps } from '../components/team-banner';
import { useClient } from './client-context';
import { useAction } from './use-action';
import { useLiveQuery } from './use-live-query';

/**
 * Whether the team store can be reached now (`team.state`), kept current by `team.changed` (the host
 * pushes each change: unreachable, the next attempt moved, back), and Try now (`team.retry`): what
 * `components/team-banner.tsx` shows. Nothing is polled.
 */
export function useTeamBanner(): TeamBannerProps {
  const client = useClient();
  const query = useLiveQuery(
    'team-state',
    () => client.call('team.state', {}),
    (apply) => client.subscribe('team.changed', apply),
  );
  const retry = useAction(async () => {
    const next = await client.call('team.retry', {});
    query.apply(next);
    return next;
  });
  return { state: query.data, retry };
}
