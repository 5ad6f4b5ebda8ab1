import { AppError } from '../../../shared/contract/errors';
import type { Subsystem } from '../ports';
import type { TeamSettings } from './team-settings';
import type { TeamStore } from './team-store';
import type { TeamWatch } from './team-watch';

type TeamOperations = 'team.settings' | 'team.save' | 'team.forgetPassword' | 'team.test' | 'team.state' | 'team.retry' | 'team.members';

/**
 * The team store's operations for the app (Settings → Team, the Send page's banner), and the watch
 * over it as background work (the app and web hosts; the CLI says the same by failing, exit 1).
 */
export function createTeamApp(parts: { settings: TeamSettings; watch: TeamWatch; store: TeamStore | null }): Subsystem<TeamOperations> {
  const { settings, watch, store } = parts;
  return {
    start: () => watch.start(),
    close: () => watch.close(),
    handlers: {
      'team.settings': () => settings.view(),
      'team.save': ({ fields, password }) => settings.save(fields, password),
      'team.forgetPassword': () => settings.forgetPassword(),
      'team.test': ({ fields, password }) => settings.test(fields, password),
      'team.state': () => watch.state(),
      'team.retry': () => watch.check(),
      'team.members': () => {
        if (!store) throw new AppError({ kind: 'InvalidInput', code: 'team.none', message: 'No team store is in use on this computer.' });
        return store.status();
      },
    },
  };
}
