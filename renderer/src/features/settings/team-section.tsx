import { useTranslation } from 'react-i18next';
import type { TeamSettings } from '../../../../shared/domain/team';
import { Button } from '../../components/button';
import { LoadProblem } from '../../components/load-problem';
import { Notice } from '../../components/notice';
import { ProgressNote } from '../../components/progress-note';
import { SectionCard } from '../../components/section-card';
import { TeamProblem } from '../../components/team-problem';
import { useClient } from '../../lib/client-context';
import { useLiveQuery } from '../../lib/use-live-query';
import { TeamFields } from './team-fields';
import { TeamMembers } from './team-members';
import { useTeamForm } from './use-team-form';
import './team-section.css';

/**
 * Settings → Team (issue 32): the team store this computer works with. SIGNDOCK_TEAM_URL, when set,
 * wins and the card shows it read-only; otherwise the clerk (or IT) enters it here, tests it and saves
 * it (the password to the keychain); SignDock connects with it from its next start.
 */
export function TeamSection() {
  const { t } = useTranslation();
  const client = useClient();
  const query = useLiveQuery('team-settings', () => client.call('team.settings', {}));
  return (
    <SectionCard title={t('team.title')} description={t('team.description')} testId="settings-team">
      {query.data ? (
        <TeamForm key={query.data.source} settings={query.data} apply={query.apply} />
      ) : query.error ? (
        <LoadProblem error={query.error} onRetry={query.reload} />
      ) : (
        <ProgressNote text={t('app.loading')} />
      )}
    </SectionCard>
  );
}

function TeamForm({ settings, apply }: { settings: TeamSettings; apply: (next: TeamSettings) => void }) {
  const { t } = useTranslation();
  const form = useTeamForm(settings, apply);
  const { values, save, test } = form;
  const store = settings.environment?.store ?? `${values.host}:${values.port}/${values.database}`;
  const login = settings.environment?.login ?? values.login;
  return (
    <form
      className="team-settings"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.attempt(form.readOnly ? test : save);
      }}
    >
      {settings.environment ? (
        <Notice tone="info" testId="team-from-environment">
          <p>{t('team.fromEnvironment', settings.environment)}</p>
        </Notice>
      ) : (
        <p className="field-hint" data-testid="team-in-use">
          {settings.running ? t('team.inUse', { store: settings.running }) : t('team.alone')}
        </p>
      )}
      <TeamFields settings={settings} form={form} />
      <div className="team-buttons">
        {form.readOnly ? null : (
          <Button type="submit" variant="primary" size="sm" busy={save.pending} data-testid="team-save">
            {save.pending ? t('team.saving') : t('team.save')}
          </Button>
        )}
        <Button size="sm" busy={test.pending} onClick={() => form.attempt(test)} data-testid="team-test">
          {t('team.test')}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="team-outcome">
        {test.pending ? <ProgressNote text={t('team.testing')} testId="team-testing" /> : null}
        {test.result ? (
          <Notice tone="success" testId="team-connected">
            <p>{t('team.connected', { ...test.result, version: test.result.schemaVersion })}</p>
          </Notice>
        ) : null}
        {settings.restartNeeded ? (
          <Notice tone="info" testId="team-restart">
            <p>{t('team.restartNeeded')}</p>
          </Notice>
        ) : null}
      </div>
      {test.error ? <TeamProblem problem={test.error} store={store} login={login} sslMode={values.sslMode} testId="team-problem" /> : null}
      {save.error ? (
        <TeamProblem problem={save.error} store={store} login={login} sslMode={values.sslMode} testId="team-save-problem" />
      ) : null}
      {settings.running ? <TeamMembers settings={settings} /> : null}
    </form>
  );
}
