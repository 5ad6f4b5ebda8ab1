import { useTranslation } from 'react-i18next';
import type { TunnelSettings } from '../../../../shared';
import { TextField } from '../../components/text-field';
import { SecretField } from './secret-field';
import { StoredSecret } from './stored-secret';
import type { TunnelFieldBinder } from './tunnel-values';

/**
 * ngrok: the authtoken (a password field; once stored it shows only as "Stored in the keychain", with
 * Forget — it is never read back) and the optional reserved domain.
 */
export function NgrokFields({
  settings,
  bind,
  forget,
}: {
  settings: TunnelSettings;
  bind: TunnelFieldBinder;
  forget: { pending: boolean; error: unknown; result: unknown; run(): Promise<unknown> };
}) {
  const { t } = useTranslation();
  const stored = settings.ngrok.authtokenStored;
  return (
    <>
      <div className="tunnel-secret">
        <SecretField
          label={t('tunnel.ngrok.authtoken')}
          hint={t('tunnel.ngrok.authtokenHint')}
          placeholder={stored ? t('tunnel.ngrok.replacePlaceholder') : undefined}
          showLabel={t('tunnel.ngrok.show')}
          hideLabel={t('tunnel.ngrok.hide')}
          {...bind('authtoken')}
        />
        <StoredSecret
          stored={stored}
          words={{
            label: t('tunnel.ngrok.current'),
            stored: t('tunnel.ngrok.stored'),
            notStored: t('tunnel.ngrok.notStored'),
            remove: t('tunnel.ngrok.forget'),
            removing: t('tunnel.ngrok.forgetting'),
            removed: t('tunnel.ngrok.forgotten'),
          }}
          remove={forget}
          testId="authtoken-state"
          removeTestId="forget-authtoken"
        />
      </div>
      <TextField
        label={t('tunnel.ngrok.domain')}
        hint={t('tunnel.ngrok.domainHint')}
        autoComplete="off"
        spellCheck={false}
        {...bind('domain')}
      />
    </>
  );
}
