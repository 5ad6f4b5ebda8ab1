import type { TeamState } from '../../../shared/domain/team';
import { useClient } from './client-context';
import { useLiveQuery } from './use-live-query';

/**
 * Whether the team store can be reached now (`team.state`), kept current by `team.changed`: the host
 * pushes each change (unreachable, the next attempt moved, back), so nothing is polled.
 */
export function useTeamState() {
  const client = useClient();
  return useLiveQuery<TeamState>(
    'team-state',
    () => client.call('team.state', {}),
    (apply) => client.subscribe('team.changed', apply),
  );
}
