import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { teamSslModes, type TeamSettings } from '../../../../shared/domain/team';
import { CertificateList } from '../../components/certificate-list';
import { TextField } from '../../components/text-field';
import { SecretField } from './secret-field';
import { StoredSecret } from './stored-secret';
import type { TeamField, TeamForm } from './use-team-form';

/**
 * Settings → Team's fields: server, port, database, login, the password (typed only; once stored it
 * shows as "Stored in the keychain" with Forget), the encryption (libpq's sslmode words) with the
 * server's CA file, and this computer's name.
 */
export function TeamFields({ settings, form }: { settings: TeamSettings; form: TeamForm }) {
  const { t } = useTranslation();
  const { values, set, readOnly } = form;
  const tlsId = useId();
  const error = (field: TeamField) => (form.invalid.includes(field) ? t(`team.invalid.${field}`) : null);
  const text = (field: TeamField) => ({
    value: values[field],
    name: `team-${field}`,
    disabled: readOnly,
    error: error(field),
    spellCheck: false,
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
  });
  return (
    <>
      <div className="team-grid">
        <TextField label={t('team.host')} hint={t('team.hostHint')} {...text('host')} />
        <TextField label={t('team.port')} inputMode="numeric" {...text('port')} />
        <TextField label={t('team.database')} {...text('database')} />
        <TextField label={t('team.login')} hint={t('team.loginHint')} {...text('login')} />
      </div>
      {readOnly ? null : (
        <div className="team-secret">
          <SecretField
            label={t('team.password')}
            hint={t('team.passwordHint')}
            placeholder={settings.passwordStored ? t('team.replacePlaceholder') : undefined}
            showLabel={t('team.show')}
            hideLabel={t('team.hide')}
            name="team-password"
            value={values.password}
            onChange={(event) => set('password', event.target.value)}
          />
          <StoredSecret
            stored={settings.passwordStored}
            words={{
              label: t('team.passwordState'),
              stored: t('team.stored'),
              notStored: t('team.notStored'),
              remove: t('team.forget'),
              removing: t('team.forgetting'),
              removed: t('team.forgotten'),
            }}
            remove={form.forget}
            testId="team-password-state"
            removeTestId="team-forget-password"
          />
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={tlsId}>
          {t('team.tls')}
        </label>
        <select
          id={tlsId}
          className="select"
          value={values.sslMode}
          disabled={readOnly}
          data-testid="team-sslmode"
          onChange={(event) => {
            const mode = teamSslModes.find((value) => value === event.target.value);
            if (mode) set('sslMode', mode);
          }}
        >
          {teamSslModes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`team.sslModes.${mode}`)}
            </option>
          ))}
        </select>
      </div>
      {values.sslMode !== 'disable' && !readOnly ? (
        <div className="team-ca">
          <h3 className="field-label">{t('team.ca')}</h3>
          <CertificateList
            items={values.caPem ? [{ key: 'ca', subject: values.caSubject ?? t('team.caPicked') }] : []}
            empty={values.sslMode === 'require' ? t('team.noCa') : t('team.caNeeded')}
            addLabel={t('team.chooseCa')}
            removeLabel={(subject) => t('team.removeCa', { subject })}
            onAdd={(pem) => {
              set('caPem', pem);
              set('caSubject', null);
            }}
            onRemove={() => set('caPem', null)}
            testId="team-ca"
            addTestId="team-choose-ca"
            fileTestId="team-ca-file"
          />
        </div>
      ) : null}
      <TextField
        label={t('team.computer')}
        hint={
          settings.computer.fromEnvironment
            ? t('team.computerFromEnvironment')
            : t('team.computerHint', { hostName: settings.computer.hostName })
        }
        value={readOnly || settings.computer.fromEnvironment ? settings.computer.name : values.computerName}
        placeholder={settings.computer.hostName}
        disabled={readOnly || settings.computer.fromEnvironment}
        name="team-computer"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set('computerName', event.target.value)}
      />
    </>
  );
}
